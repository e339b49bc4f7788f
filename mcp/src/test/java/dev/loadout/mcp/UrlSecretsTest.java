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
  void emptyPairsKeepTheirSeparatorsSoAQueryWithoutSecretsStaysAsWritten() {
    for (String plain : List.of("https://a.example/mcp?&region=eu", "https://a.example/mcp?region=eu&&page=2",
        "https://a.example/mcp?region=eu&", "https://a.example/mcp?&")) {
      assertThat(secrets.redact(plain)).as(plain).isEqualTo(plain);
      assertThat(secrets.hasSecrets(plain)).as(plain).isFalse();
    }
    assertThat(secrets.redact("https://a.example/mcp?&api_key=abc&&region=eu"))
        .isEqualTo("https://a.example/mcp?&api_key=REDACTED&&region=eu");
  }

  @Test
  void theOperatorChoosesTheQueryNamesAndBadTemplatesAreRefused() {
    UrlSecrets own = UrlSecrets.defaults().withQueryParameters(List.of("X-Code"));
    assertThat(own.redact("https://a.example/?x-code=1&key=2")).isEqualTo("https://a.example/?x-code=REDACTED&key=2");
    assertThat(own.redact("not a url at all")).isEqualTo(UrlSecrets.REDACTED);
    assertThatThrownBy(() -> UrlSecrets.defaults().withPathTemplate("/mcp/sse"))
        .hasMessageContaining("has a {secret} segment").hasMessageContaining("[/mcp/sse]");
  }

  @Test
  void aStarSegmentMatchesAnySegmentAndOnlyTheSecretOneIsRedacted() {
    UrlSecrets s = UrlSecrets.defaults().withPathTemplate("/v1/*/{secret}");
    assertThat(s.redact("https://a.example/v1/eu/k-1")).isEqualTo("https://a.example/v1/eu/REDACTED");
    assertThat(s.redact("https://a.example/v2/eu/k-1")).as("a literal segment differs")
        .isEqualTo("https://a.example/v2/eu/k-1");
    assertThat(s.redact("https://a.example/v1/eu/k-1/more")).as("one segment too many")
        .isEqualTo("https://a.example/v1/eu/k-1/more");
    assertThat(s.redact("https://a.example/v1/eu")).as("one segment too few").isEqualTo("https://a.example/v1/eu");
    assertThat(s.redact("https://a.example")).as("no path").isEqualTo("https://a.example");
  }

  @Test
  void aLaterTemplateIsTriedWhenAnEarlierOneDoesNotMatch() {
    UrlSecrets s = UrlSecrets.defaults().withPathTemplate("/a/{secret}").withPathTemplate("/b/{secret}/sse");
    assertThat(s.redact("https://h.example/b/k-9/sse")).isEqualTo("https://h.example/b/REDACTED/sse");
    assertThat(s.redact("https://h.example/a/k-9")).isEqualTo("https://h.example/a/REDACTED");
    assertThat(s.hasSecrets("https://h.example/c/k-9")).isFalse();
  }

  @Test
  void onlyANamedParameterWithAValueIsRedactedAndTheRestOfTheQueryIsKeptInOrder() {
    assertThat(secrets.redact("https://h.example/?key&a=1&&key=&KEY=2&b"))
        .isEqualTo("https://h.example/?key&a=1&&key=REDACTED&KEY=REDACTED&b");
    assertThat(secrets.redact("https://h.example/?")).isEqualTo("https://h.example/?");
    assertThat(secrets.redact("https://h.example/?a=key")).as("a value named like a secret")
        .isEqualTo("https://h.example/?a=key");
  }

  @Test
  void userinfoAloneIsASecretAndThePortStays() {
    assertThat(secrets.redact("http://bob@10.0.0.1:8080/mcp")).isEqualTo("http://REDACTED@10.0.0.1:8080/mcp");
    assertThat(secrets.hasSecrets("http://bob@10.0.0.1:8080/mcp")).isTrue();
  }

  @Test
  void aUrlWithoutAnAuthorityIsRedactedWhole() {
    assertThat(secrets.redact("mailto:bob@example.com")).isEqualTo(UrlSecrets.REDACTED);
    assertThat(secrets.redact("/relative/path")).isEqualTo(UrlSecrets.REDACTED);
    assertThat(secrets.hasSecrets("mailto:bob@example.com")).isTrue();
  }

  @Test
  void chosenQueryNamesAreTrimmedAndReplaceTheDefaults() {
    UrlSecrets own = UrlSecrets.defaults().withQueryParameters(List.of(" Sid "));
    assertThat(own.redact("https://a.example/?SID=1&token=2")).isEqualTo("https://a.example/?SID=REDACTED&token=2");
    assertThat(own).hasToString("UrlSecrets{query=[sid], paths=0}");
    assertThat(secrets.withQueryParameters(List.of("b", "a"))).hasToString("UrlSecrets{query=[a, b], paths=1}");
  }

  @Test
  void queryNamesMustBeNamesAndTemplatesMustStartWithASlash() {
    for (List<String> bad : java.util.Arrays.asList(null, List.of(" "), List.of("key", ""),
        java.util.Arrays.asList("key", null))) {
      assertThatThrownBy(() -> UrlSecrets.defaults().withQueryParameters(bad)).as(String.valueOf(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("query parameter names must not be null or blank, but were " + bad);
    }
    assertThatThrownBy(() -> UrlSecrets.defaults().withPathTemplate("mcp/{secret}"))
        .hasMessage("a path template starts with / and has a {secret} segment, such as /mcp/{secret}/sse, but was "
            + "[mcp/{secret}]");
    assertThatThrownBy(() -> UrlSecrets.defaults().withPathTemplate(null)).hasMessageEndingWith("but was [null]");
  }
}
