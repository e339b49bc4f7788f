package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaEditTest {
  private static final ToolSpec IMAGE = ToolSpec.builder("generate_image", Tools.schema("""
      {"type":"object",
       "properties":{
         "prompt":{"type":"string","description":"What to draw."},
         "size":{"type":"string","enum":["256","512","1024"]},
         "styles":{"type":"array","items":{"type":"string","enum":["photo","anime","sketch"]}},
         "seed":{"type":"integer"},
         "steps":{"type":"integer"},
         "options":{"type":"object","properties":{"hdr":{"type":"boolean"},"quality":{"enum":["low","high"]}},
                    "required":["hdr","quality"]}},
       "required":["prompt","seed"],
       "dependentRequired":{"seed":["steps"],"steps":["seed"]}}""")).description("Draws.").build();

  @Test
  void narrowEnumKeepsTheSchemasOrderAndIgnoresUnknownValues() {
    ToolSpec v = IMAGE.edit().narrowEnum("size", List.of("1024", "256", "4096")).build();
    assertThat(v.parameters().at("/properties/size/enum").toString()).isEqualTo("[\"256\",\"1024\"]");
  }

  @Test
  void narrowEnumReachesArrayItemsAndNestedProperties() {
    ToolSpec v = IMAGE.edit().narrowEnum("styles", List.of("sketch")).narrowEnum("options/quality", List.of("low")).build();
    assertThat(v.parameters().at("/properties/styles/items/enum").toString()).isEqualTo("[\"sketch\"]");
    assertThat(v.parameters().at("/properties/options/properties/quality/enum").toString()).isEqualTo("[\"low\"]");
  }

  @Test
  void droppingAPropertyRemovesEveryMentionOfIt() {
    ToolSpec v = IMAGE.edit().dropProperties("seed", "options/hdr").build();
    assertThat(v.parameters().at("/properties").has("seed")).isFalse();
    assertThat(v.parameters().get("required").toString()).isEqualTo("[\"prompt\"]");
    assertThat(v.parameters().get("dependentRequired").toString()).isEqualTo("{\"steps\":[]}");
    assertThat(v.parameters().at("/properties/options/required").toString()).isEqualTo("[\"quality\"]");
  }

  @Test
  void descriptionsCanBeReplaced() {
    ToolSpec v = IMAGE.edit().description("Draws, on this server, at most 512px.").propertyDescription("prompt", "English only.").build();
    assertThat(v.description()).isEqualTo("Draws, on this server, at most 512px.");
    assertThat(v.parameters().at("/properties/prompt/description").stringValue()).isEqualTo("English only.");
  }

  @Test
  void theSameEditsReturnTheSameVariantObjectAndTheBaseIsUntouched() {
    String before = IMAGE.parameters().toString();
    ToolSpec a = IMAGE.edit().narrowEnum("size", List.of("256")).dropProperties("steps").build();
    ToolSpec b = IMAGE.edit().narrowEnum("size", List.of("256")).dropProperties("steps").build();
    ToolSpec c = IMAGE.edit().dropProperties("steps").narrowEnum("size", List.of("256")).build();
    assertThat(b).isSameAs(a);
    assertThat(c).isNotSameAs(a).isEqualTo(a);
    assertThat(IMAGE.edit().build()).isSameAs(IMAGE);
    assertThat(IMAGE.parameters().toString()).isEqualTo(before);
  }

  @Test
  void variantsKeepTheSpecsIdentityFields() {
    ToolSpec base = IMAGE.toBuilder().group("media").family("image").requiredPermission("ARTIST").build();
    ToolSpec v = base.edit().dropProperties("seed").build();
    assertThat(v.name()).isEqualTo("generate_image");
    assertThat(v.group()).contains("media");
    assertThat(v.family()).contains("image");
    assertThat(v.requirements().permissions()).isEqualTo(PermissionRule.allOf("ARTIST"));
  }

  @Test
  void badEditsSayWhatIsWrong() {
    assertThatThrownBy(() -> IMAGE.edit().dropProperties("nope").build())
        .hasMessage("tool 'generate_image' has no property 'nope'");
    assertThatThrownBy(() -> IMAGE.edit().narrowEnum("prompt", List.of("x")).build())
        .hasMessage("property 'prompt' of tool 'generate_image' has no enum to narrow");
    assertThatThrownBy(() -> IMAGE.edit().narrowEnum("size", List.of("9")).build())
        .hasMessageContaining("leaves no value; hide the tool instead");
    assertThatThrownBy(() -> IMAGE.edit().dropProperties("options/nope").build())
        .hasMessage("tool 'generate_image' has no property 'options/nope'");
    assertThatThrownBy(() -> IMAGE.edit().narrowEnum(" ", List.of())).hasMessageContaining("must not be blank");
  }
}
