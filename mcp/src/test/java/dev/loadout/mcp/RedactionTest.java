package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedactionTest {
  @Test
  void originDropsPathQueryUserinfoAndDefaultPorts() {
    assertThat(Redaction.origin("https://u:p@Example.com:443/mcp?key=1")).isEqualTo("https://example.com");
    assertThat(Redaction.origin("http://127.0.0.1:8080/x")).isEqualTo("http://127.0.0.1:8080");
    assertThat(Redaction.origin("not a url")).isEqualTo("[redacted]");
  }

  @Test
  void sanitizeRemovesTokenUrlUserinfoAndQueryAndCapsTheLength() {
    String url = "https://user:pw@mcp.example.com/mcp?api_key=zzz999";
    String m = Redaction.sanitize("failed " + url + " bearer tok123 (query api_key=zzz999, user:pw)" + "x".repeat(900),
        url, "tok123");
    assertThat(m).startsWith("failed https://mcp.example.com bearer [redacted]")
        .doesNotContain("tok123").doesNotContain("zzz999").doesNotContain("user:pw");
    assertThat(m).hasSize(500);
  }

  @Test
  void otherUrlsInTheMessageLoseCredentialsAndQueries() {
    assertThat(Redaction.sanitize("redirect to http://a:b@evil.example/x?t=1", null, null))
        .isEqualTo("redirect to http://[redacted]@evil.example/x?[redacted]");
  }

  @Test
  void aRegistrationNeverShowsItsTokenOrFullUrl() {
    McpRegistration r = McpRegistration.draft("g", "n", "https://h.example/mcp?key=abc", "tok-xyz", ServerType.GENERAL,
        List.of("a"));
    assertThat(r.toString()).doesNotContain("tok-xyz").doesNotContain("abc").contains("https://h.example");
  }

  @Test
  void onlyTheSchemesOwnDefaultPortIsDropped() {
    assertThat(Redaction.origin("http://h.example:80/x")).isEqualTo("http://h.example");
    assertThat(Redaction.origin("http://h.example:443/x")).isEqualTo("http://h.example:443");
    assertThat(Redaction.origin("https://h.example:80/x")).isEqualTo("https://h.example:80");
    assertThat(Redaction.origin(" HTTPS://H.example:8443 ")).isEqualTo("https://h.example:8443");
    assertThat(Redaction.origin("//h.example/x")).as("no scheme").isEqualTo("[redacted]");
    assertThat(Redaction.origin("https:///x")).as("no host").isEqualTo("[redacted]");
  }

  @Test
  void aMessageOfExactlyTheCapIsKeptWhole() {
    assertThat(Redaction.sanitize("x".repeat(500), null, null)).hasSize(500);
    assertThat(Redaction.sanitize("x".repeat(501), null, null)).isEqualTo("x".repeat(500));
    assertThat(Redaction.sanitize(null, null, null)).isEqualTo("unknown error");
  }

  @Test
  void anEmptyTokenOrBlankUrlRemovesNothing() {
    assertThat(Redaction.sanitize("plain words", "  ", "")).isEqualTo("plain words");
  }

  @Test
  void theUrlsPartsAreFoundRawAndDecodedButPartsUnderThreeCharactersAreLeft() {
    String url = "https://al%40ce:pw@h.example/mcp?q=%41bc";
    assertThat(Redaction.sanitize("user al@ce:pw, query q=Abc, raw q=%41bc", url, null))
        .isEqualTo("user [redacted], query [redacted], raw [redacted]");
    // A two-character query is too short to look for: replacing it would blank unrelated text.
    assertThat(Redaction.sanitize("id=1 and ab", "https://h.example/?ab", null)).isEqualTo("id=1 and ab");
    assertThat(Redaction.sanitize("id=1 and abc", "https://h.example/?abc", null)).isEqualTo("id=1 and [redacted]");
  }

  @Test
  void anUnparsableRegisteredUrlIsReplacedWhole() {
    assertThat(Redaction.sanitize("cannot reach http://bad host/ now", "http://bad host/", null))
        .isEqualTo("cannot reach [redacted] now");
  }
}
