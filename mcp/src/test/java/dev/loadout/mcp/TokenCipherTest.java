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

  @Test
  void everyAesKeyLengthWorksAndNoOtherIsAccepted() {
    for (int n : new int[] {16, 24, 32}) {
      TokenCipher c = TokenCipher.aesGcm("k" + n, Keys.random(n));
      assertThat(c.decrypt("g1", "k" + n, c.encrypt("g1", "tok"))).as(n + " bytes").contains("tok");
    }
    for (int n : new int[] {15, 17, 23, 25, 31, 33}) {
      assertThatThrownBy(() -> TokenCipher.aesGcm("k", new byte[n])).as(n + " bytes")
          .hasMessage("key [k] must be 16, 24 or 32 bytes, but had " + n);
    }
    assertThatThrownBy(() -> TokenCipher.aesGcm("k", null)).hasMessage("key [k] must be 16, 24 or 32 bytes, but had none");
  }

  @Test
  void theKeyIsCopiedSoTheCallerMayWipeIt() {
    byte[] mine = Keys.random(16);
    TokenCipher c = TokenCipher.aesGcm("k", mine);
    String sealed = c.encrypt("g1", "tok");
    java.util.Arrays.fill(mine, (byte) 0);
    assertThat(c.decrypt("g1", "k", sealed)).contains("tok");
  }

  @Test
  void anEmptyTokenRoundTrips() {
    assertThat(cipher.decrypt("g1", "2026-03", cipher.encrypt("g1", ""))).contains("");
  }

  @Test
  void anUnknownKeyIdAMissingCiphertextOrOneNoLongerThanTheNonceReadsAsNothing() {
    String sealed = cipher.encrypt("g1", "tok");
    assertThat(cipher.decrypt("g1", "other", sealed)).isEmpty();
    assertThat(cipher.decrypt("g1", "2026-03", null)).isEmpty();
    assertThat(cipher.decrypt("g1", "2026-03", java.util.Base64.getEncoder().encodeToString(new byte[12]))).isEmpty();
    assertThat(cipher.decrypt("g1", "2026-03", "")).isEmpty();
  }

  @Test
  void keyIdsNameTheCurrentKeyFirstThenTheOldOnesInOrder() {
    TokenCipher c = TokenCipher.aesGcm("m", Keys.random(16)).withOldKey("z", Keys.random(16)).withOldKey("a",
        Keys.random(16));
    assertThat(c.keyIds()).containsExactly("m", "a", "z");
    assertThat(c.currentKeyId()).isEqualTo("m");
  }

  @Test
  void anOldKeyNeedsANewIdAndAGoodKey() {
    assertThatThrownBy(() -> cipher.withOldKey("2026-03", Keys.random(32)))
        .hasMessage("key id [2026-03] is already known to this cipher");
    assertThatThrownBy(() -> cipher.withOldKey("", Keys.random(32)))
        .hasMessage("key id must match ^[A-Za-z0-9._-]{1,64}$, but was []");
    assertThatThrownBy(() -> cipher.withOldKey("x".repeat(65), Keys.random(32))).hasMessageEndingWith("but was ["
        + "x".repeat(65) + "]");
    assertThat(cipher.withOldKey("A.b_c-9" + "x".repeat(57), Keys.random(32)).keyIds()).hasSize(2);
    assertThatThrownBy(() -> cipher.withOldKey("old", new byte[8])).hasMessage("key [old] must be 16, 24 or 32 bytes, "
        + "but had 8");
    assertThatThrownBy(() -> TokenCipher.aesGcm(null, key)).hasMessage("key id must match ^[A-Za-z0-9._-]{1,64}$, "
        + "but was [null]");
  }
}
