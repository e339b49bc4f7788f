package dev.loadout.mcp;

import java.security.SecureRandom;

/** Random keys for tests. */
final class Keys {
  static final TokenCipher CIPHER = TokenCipher.aesGcm("k1", random(32));

  private Keys() {}

  static byte[] random(int n) {
    byte[] b = new byte[n];
    new SecureRandom().nextBytes(b);
    return b;
  }
}
