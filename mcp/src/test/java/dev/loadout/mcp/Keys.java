package dev.loadout.mcp;

import java.security.SecureRandom;

/** Random keys for tests. */
final class Keys {
  static final TokenCipher CIPHER = TokenCipher.aesGcm("k1", random(32));

  private Keys() {}

  /** A cipher every test process agrees on (a fixed test key), for stores shared across worker JVMs. */
  static TokenCipher cipher() {
    return TokenCipher.aesGcm("shared-test", fixed(7));
  }

  /** After a rotation: a new current key, the shared one kept for reading. */
  static TokenCipher rotated() {
    return TokenCipher.aesGcm("shared-test-2", fixed(11)).withOldKey("shared-test", fixed(7));
  }

  private static byte[] fixed(int step) {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (i * step + 3);
    }
    return key;
  }

  static byte[] random(int n) {
    byte[] b = new byte[n];
    new SecureRandom().nextBytes(b);
    return b;
  }
}
