package dev.loadout.testkit;

import static dev.loadout.testkit.LoadoutAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Loadout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SchemaAssertTest {
  private final Loadout loadout = TestTools.loadout();
  private final SchemaAssert imageSchema =
      assertThat(loadout.prepare(TestContexts.turn().build())).variantSchema("generate_image");

  @AfterEach
  void close() {
    loadout.close();
  }

  @Test
  void nestedPathsAndArrayItemEnumsAreFollowed() {
    imageSchema
        .hasProperty("options/size")
        .hasEnum("options/size", "small", "large")
        .hasEnum("formats", "png", "webp")
        .requires("options/size")
        .doesNotRequire("options/quality")
        .doesNotHaveProperty("options/colour");
  }

  @Test
  void hasPropertyFailsNamingThePropertiesThatExistWhereThePathBroke() {
    assertThatThrownBy(() -> imageSchema.hasProperty("options/colour"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting the variant schema of [generate_image] to have property [options/colour]")
        .hasMessageContaining("but property [options] has properties [size, quality]");
    assertThatThrownBy(() -> imageSchema.hasProperty("seed"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but the schema root has properties [prompt, style, options, formats]");
  }

  @Test
  void doesNotHavePropertyFailsShowingTheProperty() {
    assertThatThrownBy(() -> imageSchema.doesNotHaveProperty("style"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("not to have property [style]")
        .hasMessageContaining("\"enum\":[\"photo\",\"anime\"]");
  }

  @Test
  void hasEnumFailsOnOtherValuesOrOrderShowingTheActualEnum() {
    assertThatThrownBy(() -> imageSchema.hasEnum("style", "anime", "photo"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting property [style] of the variant schema of [generate_image] to have enum, in order:")
        .hasMessageContaining("[anime, photo]")
        .hasMessageContaining("but had:")
        .hasMessageContaining("[photo, anime]");
    assertThatThrownBy(() -> imageSchema.hasEnum("style", "photo", "anime", "nsfw"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("[photo, anime, nsfw]");
  }

  @Test
  void hasEnumFailsForAPropertyWithoutEnumOrAMissingOne() {
    assertThatThrownBy(() -> imageSchema.hasEnum("prompt", "x"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but it has no enum:")
        .hasMessageContaining("{\"type\":\"string\"}");
    assertThatThrownBy(() -> imageSchema.hasEnum("seed", "1"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to have property [seed] with enum [1]");
  }

  @Test
  void requiresAndDoesNotRequireFailShowingTheRequiredList() {
    assertThatThrownBy(() -> imageSchema.requires("seed"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to require [seed]")
        .hasMessageContaining("but required was [prompt]");
    assertThatThrownBy(() -> imageSchema.doesNotRequire("prompt"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("not to require [prompt]");
  }

  @Test
  void aBlankPathIsAProgrammingError() {
    assertThatThrownBy(() -> imageSchema.hasProperty(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("property path must not be blank, but was ' '");
  }

  @Test
  void theSchemaIsACopySoAssertionsCannotChangeTheVariant() {
    imageSchema.satisfies(schema -> schema.remove("properties"));

    assertThat(loadout.prepare(TestContexts.turn().build()).variant("generate_image").orElseThrow()
        .parameters().has("properties")).isTrue();
  }
}
