package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ToolSpecTest {
  @Test
  void namesFollowTheStrictestCommonProviderRule() {
    assertThat(Tools.spec("a-b_C9").name()).isEqualTo("a-b_C9");
    for (String bad : new String[] {"", "has space", "dotted.name", "x".repeat(65), "ümlaut"}) {
      assertThatThrownBy(() -> Tools.spec(bad)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("tool name must match ^[a-zA-Z0-9_-]{1,64}$, but was '" + bad + "'");
    }
    assertThatThrownBy(() -> ToolSpec.builder(null, Json.object())).hasMessageContaining("but was null");
  }

  @Test
  void parametersMustBeAnObjectSchema() {
    assertThatThrownBy(() -> ToolSpec.builder("t", Tools.schema("{\"type\":\"string\"}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parameters of tool 't' must be a JSON Schema of type \"object\", but type was \"string\"");
    assertThatThrownBy(() -> ToolSpec.builder("t", (tools.jackson.databind.node.ObjectNode) null)).hasMessageContaining("but was null");
    assertThatThrownBy(() -> ToolSpec.builder("t", "{oops")).hasMessageStartingWith("parameters of tool 't' are not valid JSON");
    assertThatThrownBy(() -> ToolSpec.builder("t", "[1]")).hasMessage("parameters of tool 't' must be a JSON object, but were ARRAY");
  }

  @Test
  void aMissingRootTypeIsFilledInAsObject() {
    ToolSpec spec = ToolSpec.builder("t", Tools.schema("{\"properties\":{\"q\":{\"type\":\"string\"}}}")).build();
    assertThat(spec.parameters().get("type").stringValue()).isEqualTo("object");
  }

  @Test
  void aSchemaTheValidatorCannotUseFailsAtBuildNamingTheTool() {
    assertThatThrownBy(() -> ToolSpec.builder("broken", Tools.schema(
        "{\"type\":\"object\",\"$schema\":\"https://example.invalid/unknown-draft\"}")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parameters of tool 'broken'");
  }

  @Test
  void theSpecNeverSharesItsSchemaWithCallers() {
    ObjectNode input = Tools.schema("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}");
    ToolSpec spec = ToolSpec.builder("search", input).build();
    input.putObject("properties").put("injected", true);
    ObjectNode out = spec.parameters();
    out.removeAll();
    assertThat(spec.parameters().toString()).isEqualTo("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}");
  }

  @Test
  void groupsIgnoreCaseAndSurroundingSpacesAndBlankMeansCore() {
    assertThat(Tools.spec("t").toBuilder().group("  Media ").build().group()).contains("media");
    assertThat(Tools.spec("t").toBuilder().group("   ").build().isCore()).isTrue();
  }

  @Test
  void fingerprintCoversWhatTheModelSeesOnly() {
    ToolSpec a = Tools.spec("t");
    ToolSpec grouped = a.toBuilder().group("media").metadata("owner", "x").timeout(Duration.ofSeconds(3)).build();
    ToolSpec described = a.toBuilder().description("Another text.").build();
    assertThat(grouped.fingerprint()).isEqualTo(a.fingerprint());
    assertThat(grouped).isNotEqualTo(a);
    assertThat(described.fingerprint()).isNotEqualTo(a.fingerprint());
    assertThat(Tools.spec("t")).isEqualTo(a).hasSameHashCodeAs(a);
  }

  @Test
  void settersNameTheSettingAndTheValue() {
    ToolSpec.Builder b = Tools.spec("t").toBuilder();
    assertThatThrownBy(() -> b.timeout(Duration.ZERO)).hasMessage("timeout of tool 't' must be from 1 ms to 1 day, but was 0 ms");
    assertThatThrownBy(() -> b.description(null)).hasMessage("description of tool 't' must not be null");
    assertThatThrownBy(() -> b.metadata("k", null)).hasMessageContaining("must not contain null");
  }

  @Test
  void toStringShowsNoSchemaOrDescription() {
    ToolSpec spec = Tools.spec("t").toBuilder().description("secret-ish prompt text").build();
    assertThat(spec.toString()).startsWith("ToolSpec{name=t, group=core").doesNotContain("secret-ish");
  }

  @Test
  void argumentsCanBeCheckedAgainstTheSpecOutsideATurn() {
    ToolSpec spec = ToolSpec.builder("t", "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}").build();
    assertThat(spec.argumentViolations(Json.parse("{\"n\":1}"))).isEmpty();
    assertThat(spec.argumentViolations(Json.parse("{\"n\":\"x\"}"))).singleElement().asString().startsWith("/n: ");
    assertThatThrownBy(() -> spec.argumentViolations(null)).hasMessage("arguments must not be null");
  }

  /** Fingerprints are compared across processes and releases: a change in how they are computed must show here. */
  @Test
  void theFingerprintOfAKnownSpecIsPinned() {
    ToolSpec spec = ToolSpec.builder("t", "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}")
        .description("Search the web.").build();

    assertThat(spec.fingerprint()).isEqualTo("6b1c4c7bea8af4b48143bd1a9e715e3b");
  }
}
