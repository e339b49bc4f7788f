package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class UrlSecretsTest {
  final UrlSecrets secrets = UrlSecrets.defaults().withPathTemplate("/mcp/{secret}/sse");

  @Test
  void userinfoSecretQueryValuesAndMarkedPathSegmentsAreRedacted() {
    assertThat(secrets.redact("https://bob:pw@mcp.example.com/mcp?api_key=abc&region=eu#top"))
        .isEqualTo("https://REDACTED@mcp.example.com/mcp?api_key=REDACTED&region=eu#top");
    assertThat(secrets.redact("https://mcp.example.com:8443/mcp/k-123456/sse?Token=x"))
        .isEqualTo("https://mcp.example.com:8443/mcp/REDACTED/sse?Token=REDACTED");
    assertThat(secrets.redact("https://mcp.example.com/mcp/k-123456/other")).as("the template does not match")
        .isEqualTo("https://mcp.example.com/mcp/k-123456/other");
  }

  @Test
  void aUrlWithoutSecretsIsKeptAsItIs() {
    String plain = "https://mcp.example.com/mcp?region=eu&page=2";
    assertThat(secrets.redact(plain)).isEqualTo(plain);
    assertThat(secrets.hasSecrets(plain)).isFalse();
    assertThat(secrets.hasSecrets("https://mcp.example.com/mcp?key=1")).isTrue();
  }

  @Test
  void theOperatorChoosesTheQueryNamesAndBadTemplatesAreRefused() {
    UrlSecrets own = UrlSecrets.defaults().withQueryParameters(List.of("X-Code"));
    assertThat(own.redact("https://a.example/?x-code=1&key=2")).isEqualTo("https://a.example/?x-code=REDACTED&key=2");
    assertThat(own.redact("not a url at all")).isEqualTo(UrlSecrets.REDACTED);
    assertThatThrownBy(() -> UrlSecrets.defaults().withPathTemplate("/mcp/sse"))
        .hasMessageContaining("has a {secret} segment").hasMessageContaining("[/mcp/sse]");
  }
}
