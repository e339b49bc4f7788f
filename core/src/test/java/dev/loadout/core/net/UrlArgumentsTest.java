package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class UrlArgumentsTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private final FakeDns dns = new FakeDns().answer("example.com", "93.184.215.14").answer("intranet.test", "10.0.0.9");
  private final NetworkGuard guard = NetworkGuard.of(NetworkPolicy.production(), dns);

  private static ObjectNode schema(String json) {
    return (ObjectNode) JSON.readTree(json);
  }

  private static JsonNode args(String json) {
    return JSON.readTree(json);
  }

  @Test
  void aPropertyNamedUrlIsCheckedEvenWithoutASchema() {
    UrlArguments.Result result = UrlArguments.check(schema("{}"), args("{\"url\":\"http://169.254.169.254/\"}"), guard);

    assertThat(result.allowed()).isFalse();
    assertThat(result.pointer()).contains("/url");
    assertThat(result.verdict().orElseThrow().code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT);
    assertThat(result.message().orElseThrow()).startsWith("The argument /url was refused: The URL host '169.254.169.254'");
  }

  @Test
  void aFormatUriPropertyIsCheckedWhateverItsName() {
    ObjectNode schema = schema("{\"type\":\"object\",\"properties\":{\"target\":{\"type\":\"string\",\"format\":\"uri\"},"
        + "\"note\":{\"type\":\"string\"}}}");

    UrlArguments.Result result = UrlArguments.check(schema,
        args("{\"note\":\"http://10.0.0.1/\",\"target\":\"https://intranet.test/\"}"), guard);

    assertThat(result.pointer()).contains("/target");
    assertThat(result.verdict().orElseThrow().code()).isEqualTo(UrlVerdict.PRIVATE_NETWORK);
  }

  @Test
  void urlListsAndNestedObjectsAreCheckedRecursively() {
    ObjectNode schema = schema("{\"type\":\"object\",\"$defs\":{\"link\":{\"type\":\"string\",\"format\":\"uri\"}},"
        + "\"properties\":{\"pages\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":"
        + "{\"href\":{\"$ref\":\"#/$defs/link\"}}}}}}");

    assertThat(UrlArguments.check(schema, args("{\"urls\":[\"https://example.com/a\",\"http://127.1/\"]}"), guard).pointer())
        .contains("/urls/1");
    assertThat(UrlArguments.check(schema, args("{\"pages\":[{\"href\":\"https://example.com/\"},{\"href\":\"file:///etc\"}]}"),
        guard).pointer()).contains("/pages/1/href");
    assertThat(UrlArguments.check(schema, args("{\"deep\":{\"deeper\":{\"URI\":\"http://user:pw@example.com/\"}}}"), guard)
        .verdict().orElseThrow().code()).isEqualTo(UrlVerdict.CREDENTIALS_IN_URL);
  }

  @Test
  void allowedArgumentsReportHowManyUrlsWereChecked() {
    ObjectNode schema = schema("{\"properties\":{\"src\":{\"anyOf\":[{\"type\":\"string\",\"format\":\"uri\"},{\"type\":\"null\"}]}}}");

    UrlArguments.Result result = UrlArguments.check(schema,
        args("{\"url\":\"https://example.com/\",\"src\":\"https://example.com/x\",\"text\":\"http://10.0.0.1/\",\"n\":3}"), guard);

    assertThat(result.allowed()).isTrue();
    assertThat(result.checked()).isEqualTo(2);
    assertThat(result.message()).isEmpty();
    assertThat(result.toString()).isEqualTo("UrlArguments.Result{allowed, checked=2}");
  }
}
