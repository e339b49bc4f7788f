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
}
