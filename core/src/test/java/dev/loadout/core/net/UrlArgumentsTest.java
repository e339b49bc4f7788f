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

  // --- nesting limits: 32 levels are followed, the 33rd is not -------------------------------------------

  private static String nestedArrays(int levels, String url) {
    return "[".repeat(levels) + "\"" + url + "\"" + "]".repeat(levels);
  }

  @Test
  void aUrlNested32LevelsDeepIsCheckedAndOneLevelDeeperIsNot() {
    // "url" is depth 1, so 31 arrays put the string at depth 32.
    UrlArguments.Result at32 = UrlArguments.check(schema("{}"), args("{\"url\":" + nestedArrays(31, "http://10.0.0.1/") + "}"), guard);
    UrlArguments.Result at33 = UrlArguments.check(schema("{}"), args("{\"url\":" + nestedArrays(32, "http://10.0.0.1/") + "}"), guard);

    assertThat(at32.allowed()).isFalse();
    assertThat(at32.pointer().orElseThrow()).isEqualTo("/url" + "/0".repeat(31));
    assertThat(at33.allowed()).isTrue();
    assertThat(at33.checked()).isZero();
  }

  @Test
  void nestedObjectsCountTowardsTheSameLimit() {
    String deep32 = "{\"a\":".repeat(31) + "{\"url\":\"http://10.0.0.1/\"}" + "}".repeat(31);
    String deep33 = "{\"a\":".repeat(32) + "{\"url\":\"http://10.0.0.1/\"}" + "}".repeat(32);

    assertThat(UrlArguments.check(schema("{}"), args(deep32), guard).allowed()).isFalse();
    assertThat(UrlArguments.check(schema("{}"), args(deep33), guard).checked()).isZero();
  }

  @Test
  void everyElementOfAUrlListIsCheckedAndTheRefusalNamesItsIndex() {
    UrlArguments.Result result = UrlArguments.check(schema("{}"),
        args("{\"urls\":[\"https://example.com/\",\"https://example.com/b\",\"http://10.0.0.1/\"]}"), guard);

    assertThat(result.pointer()).contains("/urls/2");
    assertThat(result.checked()).isEqualTo(3);
  }

  @Test
  void additionalPropertiesWithAUriFormatAreCheckedAndABooleanOneIsNot() {
    ObjectNode typed = schema("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\",\"format\":\"uri\"}}");
    ObjectNode open = schema("{\"type\":\"object\",\"additionalProperties\":true}");

    assertThat(UrlArguments.check(typed, args("{\"link\":\"http://10.0.0.1/\"}"), guard).pointer()).contains("/link");
    assertThat(UrlArguments.check(open, args("{\"link\":\"http://10.0.0.1/\"}"), guard).allowed()).isTrue();
  }

  private static String allOfNested(int levels) {
    return "{\"allOf\":[".repeat(levels) + "{\"type\":\"string\",\"format\":\"uri\"}" + "]}".repeat(levels);
  }

  @Test
  void aUriFormat32CombinatorsDeepIsFoundAndOneDeeperIsNot() {
    ObjectNode at32 = schema("{\"properties\":{\"target\":" + allOfNested(32) + "}}");
    ObjectNode at33 = schema("{\"properties\":{\"target\":" + allOfNested(33) + "}}");

    assertThat(UrlArguments.check(at32, args("{\"target\":\"http://10.0.0.1/\"}"), guard).allowed()).isFalse();
    assertThat(UrlArguments.check(at33, args("{\"target\":\"http://10.0.0.1/\"}"), guard).allowed()).isTrue();
  }

  @Test
  void aUriFormatInAnyBranchOfAnyCombinatorCounts() {
    for (String key : new String[] {"allOf", "anyOf", "oneOf"}) {
      ObjectNode schema = schema("{\"properties\":{\"target\":{\"" + key + "\":[{\"type\":\"string\"},"
          + "{\"format\":\"uri\"}]}}}");

      assertThat(UrlArguments.check(schema, args("{\"target\":\"http://10.0.0.1/\"}"), guard).allowed()).as(key).isFalse();
    }
  }

  private static ObjectNode refChain(int refs) {
    StringBuilder defs = new StringBuilder();
    for (int i = 1; i < refs; i++) {
      defs.append("\"d").append(i).append("\":{\"$ref\":\"#/$defs/d").append(i + 1).append("\"},");
    }
    defs.append("\"d").append(refs).append("\":{\"type\":\"string\",\"format\":\"uri\"}");
    return schema("{\"$defs\":{" + defs + "},\"properties\":{\"target\":{\"$ref\":\"#/$defs/d1\"}}}");
  }

  @Test
  void aChainOf33RefsIsFollowedAndALongerOneIsNot() {
    assertThat(UrlArguments.check(refChain(33), args("{\"target\":\"http://10.0.0.1/\"}"), guard).allowed()).isFalse();
    assertThat(UrlArguments.check(refChain(34), args("{\"target\":\"http://10.0.0.1/\"}"), guard).allowed()).isTrue();
  }

  @Test
  void aRefCycleEndsWithoutACheckAndWithoutRunningAway() {
    ObjectNode schema = schema("{\"$defs\":{\"loop\":{\"$ref\":\"#/$defs/loop\"}},"
        + "\"properties\":{\"target\":{\"$ref\":\"#/$defs/loop\"}}}");

    UrlArguments.Result result = UrlArguments.check(schema, args("{\"target\":\"http://10.0.0.1/\"}"), guard);

    assertThat(result.allowed()).isTrue();
    assertThat(result.checked()).isZero();
  }
}
