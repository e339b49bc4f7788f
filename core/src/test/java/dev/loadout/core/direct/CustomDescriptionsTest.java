package dev.loadout.core.direct;

import static dev.loadout.core.direct.DirectFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolSpec;
import org.junit.jupiter.api.Test;

class CustomDescriptionsTest {

  @Test
  void annotationsAreStrippedAtEveryLevelAndConstraintsKept() {
    assertThat(CustomDescriptions.withoutAnnotations(json("""
        {"type":"object","title":"Search","description":"Searches","$comment":"internal",
         "properties":{
           "description":{"type":"string","description":"a property named description stays","maxLength":50},
           "n":{"type":"integer","minimum":1,"maximum":10,"examples":[3],"default":3,"title":"Count"},
           "mode":{"enum":["fast","deep"],"description":"how"},
           "tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$","title":"Tag"}}},
         "required":["description"],"additionalProperties":false}""")))
        .isEqualTo(json("""
            {"type":"object",
             "properties":{
               "description":{"type":"string","maxLength":50},
               "n":{"type":"integer","minimum":1,"maximum":10,"default":3},
               "mode":{"enum":["fast","deep"]},
               "tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"}}},
             "required":["description"],"additionalProperties":false}"""));
  }

  @Test
  void aCustomDescriptionReplacesTheToolsAndStripsItsSchema() {
    ToolSpec spec = DirectFixtures.EXA.toBuilder().group("web").build();
    ToolSpec shown = CustomDescriptions.customized(spec, DirectConfig.builder("web_search_exa").description("Search news").build());
    assertThat(shown.description()).isEqualTo("Search news");
    assertThat(shown.group()).contains("web");
    assertThat(shown.parameters().path("properties").path("query").has("description")).isFalse();
    assertThat(shown.parameters().path("required")).isEqualTo(spec.parameters().path("required"));
    assertThat(CustomDescriptions.customized(spec, DirectConfig.builder("web_search_exa").description("").build()).description())
        .isEmpty();
    assertThat(CustomDescriptions.customized(spec, DirectConfig.builder("web_search_exa").build())).isSameAs(spec);
  }
}
