package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a registration row stores of its secrets, and what it reads back, readable or not. */
class RowSecretsTest {
  final TokenCipher cipher = TokenCipher.aesGcm("k1", Keys.random(32));
  final RowSecrets secrets = new RowSecrets(cipher, UrlSecrets.defaults());
  final RowSecrets otherKey = new RowSecrets(TokenCipher.aesGcm("k2", Keys.random(32)), UrlSecrets.defaults());

  @Test
  void aUrlWithSecretsIsStoredRedactedBesideItsSealedWholeAndReadBackWhole() {
    RowSecrets.Sealed s = secrets.seal("g1", "https://a.example/mcp?key=abc", null);
    assertThat(s.urlColumn()).isEqualTo("https://a.example/mcp?key=REDACTED");
    assertThat(s.urlSealed()).isNotNull().doesNotContain("abc");
    assertThat(s.tokenSealed()).isNull();
    assertThat(s.keyId()).isEqualTo("k1");
    assertThat(secrets.open("g1", s.keyId(), s.urlColumn(), s.urlSealed(), s.tokenSealed()))
        .isEqualTo(new RowSecrets.Opened("https://a.example/mcp?key=abc", null, false));
  }

  @Test
  void aPlainUrlWithoutATokenNeedsNoKey() {
    RowSecrets.Sealed s = secrets.seal("g1", "https://a.example/mcp", null);
    assertThat(s).isEqualTo(new RowSecrets.Sealed("https://a.example/mcp", null, null, null));
    assertThat(secrets.open("g1", null, s.urlColumn(), null, null))
        .isEqualTo(new RowSecrets.Opened("https://a.example/mcp", null, false));
  }

  @Test
  void aTokenIsSealedUnderTheCurrentKeyAndReadBack() {
    RowSecrets.Sealed s = secrets.seal("g1", "https://a.example/mcp", "tok-1");
    assertThat(s.urlColumn()).isEqualTo("https://a.example/mcp");
    assertThat(s.urlSealed()).isNull();
    assertThat(s.tokenSealed()).isNotNull().doesNotContain("tok-1");
    assertThat(s.keyId()).isEqualTo("k1");
    assertThat(secrets.open("g1", "k1", s.urlColumn(), null, s.tokenSealed()))
        .isEqualTo(new RowSecrets.Opened("https://a.example/mcp", "tok-1", false));
  }

  @Test
  void aUrlThatDoesNotOpenReadsAsUnreadableWithItsRedactedForm() {
    RowSecrets.Sealed s = secrets.seal("g1", "https://a.example/mcp?key=abc", "tok-1");
    assertThat(otherKey.open("g1", s.keyId(), s.urlColumn(), s.urlSealed(), s.tokenSealed()))
        .isEqualTo(new RowSecrets.Opened("https://a.example/mcp?key=REDACTED", null, true));
    assertThat(secrets.open("g2", s.keyId(), s.urlColumn(), s.urlSealed(), s.tokenSealed())).as("another guild's row")
        .isEqualTo(new RowSecrets.Opened("https://a.example/mcp?key=REDACTED", null, true));
  }

  @Test
  void aTokenThatDoesNotOpenLeavesTheUrlButFailsClosed() {
    RowSecrets.Sealed s = secrets.seal("g1", "https://a.example/mcp", "tok-1");
    assertThat(otherKey.open("g1", s.keyId(), s.urlColumn(), null, s.tokenSealed()))
        .isEqualTo(new RowSecrets.Opened("https://a.example/mcp", null, true));
  }

  @Test
  void anUnreadableRedactedUrlLongerThanARegistrationMayBeShowsOnlyItsOrigin() {
    String at500 = "https://a.example/?key=" + "v".repeat(500 - 23);
    RowSecrets.Sealed fits = secrets.seal("g1", at500, null);
    // REDACTED is shorter than the value it hides: the redacted form of a 500-character URL fits.
    assertThat(otherKey.open("g1", fits.keyId(), fits.urlColumn(), fits.urlSealed(), null).url())
        .isEqualTo("https://a.example/?key=REDACTED");
    String longColumn = "https://a.example/" + "p".repeat(490) + "?key=REDACTED";
    assertThat(otherKey.open("g1", "k1", longColumn, fits.urlSealed(), null))
        .isEqualTo(new RowSecrets.Opened("https://a.example", null, true));
    String column500 = "https://a.example/" + "p".repeat(500 - 18 - 13) + "?key=REDACTED";
    assertThat(column500).hasSize(500);
    assertThat(otherKey.open("g1", "k1", column500, fits.urlSealed(), null).url()).isEqualTo(column500);
  }

  @Test
  void theCipherIsTheOneGiven() {
    assertThat(secrets.cipher()).isSameAs(cipher);
  }
}
