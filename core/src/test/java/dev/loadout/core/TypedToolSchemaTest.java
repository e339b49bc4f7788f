package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Negative;
import jakarta.validation.constraints.NegativeOrZero;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The schema {@link TypedTool} generates from a record, and the records it refuses at configuration time. */
class TypedToolSchemaTest {
  @Description("How hot")
  enum Unit { CELSIUS, @JsonProperty("fahrenheit") FAHRENHEIT }

  @Description("A place on Earth")
  record Place(@Description("City name") @NotBlank String city, Optional<String> country) {}

  @LoadoutTool(name = "get_weather", description = "The weather for places.")
  record GetWeather(
      List<Place> places,
      @DefaultValue("3") @Min(1) @Max(7) int days,
      Optional<Unit> unit,
      Integer hour,
      OptionalInt limit,
      Set<@Size(max = 5) String> tags,
      Map<String, Double> weights,
      BigDecimal budget,
      boolean verbose,
      long[] ids) {}

  private static final TypedTool.Handler<Record> NOTHING = (a, c) -> "ok";

  private static JsonNode schemaOf(Class<? extends Record> type) {
    return TypedTool.builder(type).handler(NOTHING).build().spec().parameters();
  }

  @Test
  void everyShapeMapsToItsSchema() {
    assertThat(schemaOf(GetWeather.class)).isEqualTo(Tools.schema("""
        {"type":"object","properties":{
          "places":{"type":"array","items":{"type":"object","description":"A place on Earth","properties":{
              "city":{"type":"string","minLength":1,"pattern":"\\\\S","description":"City name"},
              "country":{"type":"string"}},
            "required":["city"],"additionalProperties":false}},
          "days":{"type":"integer","minimum":1,"maximum":7,"default":3},
          "unit":{"type":"string","enum":["CELSIUS","fahrenheit"],"description":"How hot"},
          "hour":{"type":"integer"},
          "limit":{"type":"integer"},
          "tags":{"type":"array","items":{"type":"string","maxLength":5},"uniqueItems":true},
          "weights":{"type":"object","additionalProperties":{"type":"number"}},
          "budget":{"type":"number"},
          "verbose":{"type":"boolean"},
          "ids":{"type":"array","items":{"type":"integer"}}},
         "required":["places","hour","tags","weights","budget","verbose","ids"],
         "additionalProperties":false}"""));
  }

  @Test
  void nameAndDescriptionComeFromTheAnnotationAndTheBuilderOverridesThem() {
    ToolSpec spec = TypedTool.builder(GetWeather.class).handler(NOTHING).build().spec();
    assertThat(spec.name()).isEqualTo("get_weather");
    assertThat(spec.description()).isEqualTo("The weather for places.");
    ToolSpec renamed = TypedTool.builder(GetWeather.class).name("weather").description("Other.").handler(NOTHING)
        .spec(b -> b.group("Weather")).build().spec();
    assertThat(renamed.name()).isEqualTo("weather");
    assertThat(renamed.description()).isEqualTo("Other.");
    assertThat(renamed.group()).contains("weather");
  }

  record LookUpHTTPStatus(int code) {}

  @Description("Looks up a place.")
  record FindPlace(String query) {}

  @Test
  void withoutAnAnnotationTheNameIsTheRecordNameInSnakeCaseAndTheDescriptionTheRecords() {
    assertThat(TypedTool.builder(LookUpHTTPStatus.class).handler(NOTHING).build().spec().name())
        .isEqualTo("look_up_http_status");
    ToolSpec spec = TypedTool.builder(FindPlace.class).handler(NOTHING).build().spec();
    assertThat(spec.name()).isEqualTo("find_place");
    assertThat(spec.description()).isEqualTo("Looks up a place.");
    assertThat(spec.parameters().has("description")).isFalse();
  }

  record Node(String label, List<Node> children) {}

  record Left(Right right) {}

  record Right(Optional<Left> left) {}

  @Test
  void aSelfReferencingRecordIsAConfigurationErrorNotAStackOverflow() {
    assertThatThrownBy(() -> schemaOf(Node.class)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("typed tool 'node'").hasMessageContaining(Node.class.getName() + " refers to itself at Node.children[]");
    assertThatThrownBy(() -> schemaOf(Left.class)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("refers to itself at Left.right.left");
  }

  record D1(D2 a) {}
  record D2(D3 a) {}
  record D3(D4 a) {}
  record D4(D5 a) {}
  record D5(D6 a) {}
  record D6(D7 a) {}
  record D7(D8 a) {}
  record D8(List<List<List<List<List<List<List<List<List<String>>>>>>>>> a) {}

  record Shallow(List<List<List<List<String>>>> a) {}

  @Test
  void nestingBeyondTheDepthLimitIsRefused() {
    assertThatThrownBy(() -> schemaOf(D1.class)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nests deeper than 16");
    assertThat(schemaOf(Shallow.class).at("/properties/a/items/items/items/items/type").asString()).isEqualTo("string");
  }

  record Untyped(Object value) {}
  record Raw(@SuppressWarnings("rawtypes") List values) {}
  record IntKeys(Map<Integer, String> byId) {}
  record NestedOptional(List<Optional<String>> values) {}
  record OptionalAndDefault(@DefaultValue("1") Optional<Integer> n) {}
  record OptionalAndNotNull(@NotNull Optional<Integer> n) {}
  record MinOnString(@Min(1) String s) {}
  record BadDefault(@DefaultValue("9") @Max(7) int days) {}
  record UnquotedDefault(@DefaultValue("metric") String unit) {}
  record PatternFlags(@Pattern(regexp = "a", flags = Pattern.Flag.CASE_INSENSITIVE) String s) {}
  record BlankDescription(@Description(" ") String s) {}
  enum Nothing {}
  record EmptyEnum(Nothing n) {}

  @Test
  void typesAndAnnotationsTheSchemaCannotExpressAreRefusedNamingTheComponent() {
    assertThatThrownBy(() -> schemaOf(Untyped.class)).hasMessageContaining("Untyped.value has type java.lang.Object");
    assertThatThrownBy(() -> schemaOf(Raw.class)).hasMessageContaining("Raw.values has raw type java.util.List");
    assertThatThrownBy(() -> schemaOf(IntKeys.class)).hasMessageContaining("IntKeys.byId is a map with keys of java.lang.Integer");
    assertThatThrownBy(() -> schemaOf(NestedOptional.class)).hasMessageContaining("NestedOptional.values[] is an Optional inside a container");
    assertThatThrownBy(() -> schemaOf(OptionalAndDefault.class)).hasMessageContaining("OptionalAndDefault.n is Optional and also @DefaultValue");
    assertThatThrownBy(() -> schemaOf(OptionalAndNotNull.class)).hasMessageContaining("is Optional and also @NotNull");
    assertThatThrownBy(() -> schemaOf(MinOnString.class)).hasMessageContaining("@Min on MinOnString.s does not apply to a JSON string");
    assertThatThrownBy(() -> schemaOf(BadDefault.class)).hasMessageContaining("@DefaultValue on BadDefault.days does not fit its own schema");
    assertThatThrownBy(() -> schemaOf(UnquotedDefault.class)).hasMessageContaining("@DefaultValue on UnquotedDefault.unit is not JSON text");
    assertThatThrownBy(() -> schemaOf(PatternFlags.class)).hasMessageContaining("@Pattern on PatternFlags.s has flags");
    assertThatThrownBy(() -> schemaOf(BlankDescription.class)).hasMessageContaining("@Description on BlankDescription.s is blank");
    assertThatThrownBy(() -> schemaOf(EmptyEnum.class)).hasMessageContaining("EmptyEnum.n is the enum").hasMessageContaining("no constants");
    assertThatThrownBy(() -> TypedTool.builder(Untyped.class).build()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("needs a handler");
  }

  record Limits(@Positive @Max(10) long count, @Size(min = 1, max = 3) List<String> names,
      @Size(max = 2) Map<String, String> labels, @NotNull String id, @Pattern(regexp = "[a-z]+") String word) {}

  record Signs(@PositiveOrZero int offset, @Negative int delta, @NegativeOrZero long floor, @NotEmpty List<String> tags,
      @NotEmpty String code, @Size(min = 2) String word, @Size(max = 4) Optional<String> note) {}

  record MaxOnString(@Max(1) String s) {}
  record PositiveOnBoolean(@Positive boolean b) {}
  record PositiveOrZeroOnString(@PositiveOrZero String s) {}
  record NegativeOnList(@Negative List<Integer> l) {}
  record NegativeOrZeroOnString(@NegativeOrZero String s) {}
  record NotEmptyOnNumber(@NotEmpty int n) {}

  @Test
  void signConstraintsAndOneSidedSizesWriteOnlyTheBoundTheyState() {
    JsonNode schema = schemaOf(Signs.class);
    JsonNode p = schema.get("properties");
    assertThat(p.get("offset")).isEqualTo(Tools.schema("{\"type\":\"integer\",\"minimum\":0}"));
    assertThat(p.get("delta")).isEqualTo(Tools.schema("{\"type\":\"integer\",\"exclusiveMaximum\":0}"));
    assertThat(p.get("floor")).isEqualTo(Tools.schema("{\"type\":\"integer\",\"maximum\":0}"));
    assertThat(p.get("tags")).isEqualTo(Tools.schema("{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":1}"));
    assertThat(p.get("code")).isEqualTo(Tools.schema("{\"type\":\"string\",\"minLength\":1}"));
    // A minimum alone: no maximum of Integer.MAX_VALUE written beside it.
    assertThat(p.get("word")).isEqualTo(Tools.schema("{\"type\":\"string\",\"minLength\":2}"));
    // A constraint other than @NotNull on an Optional is no reason to refuse it, and the Optional stays optional.
    assertThat(p.get("note").get("maxLength").asInt()).isEqualTo(4);
    assertThat(schema.get("required")).extracting(JsonNode::asText).doesNotContain("note")
        .contains("offset", "delta", "floor", "tags", "code", "word");
  }

  @Test
  void eachSignConstraintIsRefusedOnATypeItCannotBound() {
    assertThatThrownBy(() -> schemaOf(MaxOnString.class)).hasMessageContaining("@Max on MaxOnString.s does not apply to a JSON string");
    assertThatThrownBy(() -> schemaOf(PositiveOnBoolean.class)).hasMessageContaining("@Positive on PositiveOnBoolean.b does not apply to a JSON boolean");
    assertThatThrownBy(() -> schemaOf(PositiveOrZeroOnString.class)).hasMessageContaining("@PositiveOrZero on PositiveOrZeroOnString.s does not apply to a JSON string");
    assertThatThrownBy(() -> schemaOf(NegativeOnList.class)).hasMessageContaining("@Negative on NegativeOnList.l does not apply to a JSON array");
    assertThatThrownBy(() -> schemaOf(NegativeOrZeroOnString.class)).hasMessageContaining("@NegativeOrZero on NegativeOrZeroOnString.s does not apply to a JSON string");
    assertThatThrownBy(() -> schemaOf(NotEmptyOnNumber.class)).hasMessageContaining("@NotEmpty on NotEmptyOnNumber.n does not apply to a JSON integer");
  }

  @Test
  void jakartaConstraintsBecomeKeywordsReadByNameWithoutALinkFromCore() {
    JsonNode p = schemaOf(Limits.class).get("properties");
    assertThat(p.get("count")).isEqualTo(Tools.schema("{\"type\":\"integer\",\"exclusiveMinimum\":0,\"maximum\":10}"));
    assertThat(p.get("names")).isEqualTo(Tools.schema("{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":1,\"maxItems\":3}"));
    assertThat(p.get("labels")).isEqualTo(Tools.schema("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"},\"maxProperties\":2}"));
    assertThat(p.get("id")).isEqualTo(Tools.schema("{\"type\":\"string\"}"));
    assertThat(p.get("word")).isEqualTo(Tools.schema("{\"type\":\"string\",\"pattern\":\"[a-z]+\"}"));
  }

  @Test
  void theGeneratedSchemaPassesEveryDialectsRender() {
    TypedTool<GetWeather> tool = TypedTool.builder(GetWeather.class).handler(NOTHING).build();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      for (Dialect d : Dialect.values()) {
        assertThat(turn.render(d).json()).contains("get_weather");
      }
    }
  }

  enum GuideUnit { CELSIUS, FAHRENHEIT }

  @LoadoutTool(name = "get_weather", description = "The weather for a city, today or in the next days.")
  record GuideWeather(@Description("City name, such as Oslo") @NotBlank String city,
      @DefaultValue("1") @Min(1) @Max(7) int days, Optional<GuideUnit> unit) {}

  @Test
  void theToolsGuideShowsWhatTheGeneratorWrites() throws java.io.IOException {
    String guide = java.nio.file.Files.readString(java.nio.file.Path.of("../docs/tools.md"));
    int start = guide.indexOf("```json", guide.indexOf("## Typed tools")) + "```json".length();
    JsonNode shown = Json.parse(guide.substring(start, guide.indexOf("```", start)));
    assertThat(Json.text(schemaOf(GuideWeather.class))).isEqualTo(Json.text(shown));
  }
}
