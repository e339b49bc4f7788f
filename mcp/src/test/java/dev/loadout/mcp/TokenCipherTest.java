package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TokenCipherTest {
  final byte[] key = Keys.random(32);
  final TokenCipher cipher = TokenCipher.aesGcm("2026-03", key);

  @Test
  void aTokenRoundTripsAndEachWriteUsesAFreshNonce() {
    String a = cipher.encrypt("g1", "tok-secret");
    String b = cipher.encrypt("g1", "tok-secret");
    assertThat(a).isNotEqualTo(b).doesNotContain("tok-secret");
    assertThat(cipher.decrypt("g1", "2026-03", a)).contains("tok-secret");
  }

  @Test
  void aCiphertextMovedToAnotherGuildOrTamperedWithDoesNotDecrypt() {
    String sealed = cipher.encrypt("g1", "tok");
    assertThat(cipher.decrypt("g2", "2026-03", sealed)).isEmpty();
    char[] c = sealed.toCharArray();
    c[20] = c[20] == 'A' ? 'B' : 'A';
    assertThat(cipher.decrypt("g1", "2026-03", new String(c))).isEmpty();
    assertThat(cipher.decrypt("g1", "2026-03", "not base64!")).isEmpty();
  }

  @Test
  void keysRotateNewWritesUseTheCurrentKeyOldOnesStillRead() {
    String old = cipher.encrypt("g1", "tok");
    TokenCipher rotated = TokenCipher.aesGcm("2026-09", Keys.random(32)).withOldKey("2026-03", key);
    assertThat(rotated.decrypt("g1", "2026-03", old)).contains("tok");
    assertThat(rotated.currentKeyId()).isEqualTo("2026-09");
    assertThat(cipher.decrypt("g1", "2026-09", rotated.encrypt("g1", "tok"))).isEmpty();
  }

  @Test
  void badKeysAreRefusedWithoutShowingThem() {
    assertThatThrownBy(() -> TokenCipher.aesGcm("k", new byte[7])).hasMessage("key [k] must be 16, 24 or 32 bytes, but had 7");
    assertThatThrownBy(() -> TokenCipher.aesGcm("bad id", key)).hasMessageContaining("but was [bad id]");
    assertThat(cipher.toString()).isEqualTo("TokenCipher{current=2026-03, keys=[2026-03]}");
  }
}
