package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A typed tool through a real {@link Loadout}: shown, rendered, called by a model, bound, and answered. */
class TypedToolTest {
  enum Unit { C, F }

  record Place(@Size(min = 1) String city, Optional<String> country) {}

  @LoadoutTool(description = "The weather for a city.")
  record GetWeather(Place place, @DefaultValue("3") @Min(1) @Max(7) int days, Optional<Unit> unit, List<String> notes) {}

  record Forecast(String city, int days, String unit) {}

  private Loadout loadout;

  @AfterEach
  void close() {
    if (loadout != null) {
      loadout.close();
    }
  }

  private PreparedTurn turnWith(TurnContext context, BaseTool... tools) {
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(tools).build());
    dev.loadout.core.availability.AvailabilityFilters.standard().forEach(b::addFilter);
    loadout = b.build();
    return loadout.prepare(context);
  }

  private static ToolResult run(PreparedTurn turn, ToolCall call) {
    return turn.execute(call).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  private static ToolResult.Failure failure(ToolResult r) {
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    return (ToolResult.Failure) r;
  }

  private static ToolResult.Success success(ToolResult r) {
    assertThat(r).isInstanceOf(ToolResult.Success.class);
    return (ToolResult.Success) r;
  }

  private static String openAiCall(String name, String argumentsJson) {
    JsonNode body = Json.parse("{\"choices\":[{\"message\":{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"call_1\","
        + "\"type\":\"function\",\"function\":{\"name\":\"" + name + "\",\"arguments\":"
        + Json.NODES.stringNode(argumentsJson) + "}}]}}]}");
    return Json.text(body);
  }

  @Test
  void aModelsCallIsRenderedCheckedBoundAndAnsweredWithTheRecordAsData() {
    AtomicReference<GetWeather> seen = new AtomicReference<>();
    TypedTool<GetWeather> tool = TypedTool.builder(GetWeather.class)
        .handler((args, turn) -> {
          seen.set(args);
          return new Forecast(args.place().city(), args.days(), args.unit().map(Unit::name).orElse("default"));
        })
        .build();
    PreparedTurn turn = turnWith(Tools.context().build(), tool);

    JsonNode rendered = turn.render(Dialect.OPENAI_CHAT).toJsonNode();
    assertThat(rendered.get(0).at("/function/name").asString()).isEqualTo("get_weather");
    assertThat(rendered.get(0).at("/function/description").asString()).isEqualTo("The weather for a city.");
    assertThat(rendered.get(0).at("/function/parameters/properties/days/maximum").asInt()).isEqualTo(7);

    List<ToolCall> calls = Dialect.OPENAI_CHAT.parseToolCalls(
        openAiCall("get_weather", "{\"place\":{\"city\":\"Oslo\"},\"unit\":\"F\",\"notes\":[\"rain?\"]}"));
    ToolResult.Success r = success(run(turn, calls.get(0)));

    assertThat(seen.get()).isEqualTo(new GetWeather(new Place("Oslo", Optional.empty()), 3, Optional.of(Unit.F),
        List.of("rain?")));
    assertThat(r.data()).isEqualTo(Json.parse("{\"city\":\"Oslo\",\"days\":3,\"unit\":\"F\"}"));
    assertThat(r.summary()).isEmpty();
  }

  @Test
  void argumentsThatBreakTheGeneratedSchemaNeverReachTheHandler() {
    AtomicReference<Object> seen = new AtomicReference<>();
    TypedTool<GetWeather> tool = TypedTool.builder(GetWeather.class).handler((args, turn) -> {
      seen.set(args);
      return "ran";
    }).build();
    PreparedTurn turn = turnWith(Tools.context().build(), tool);
    for (String bad : List.of(
        "{\"place\":{\"city\":\"Oslo\"},\"notes\":[],\"days\":8}",
        "{\"place\":{\"city\":\"\"},\"notes\":[]}",
        "{\"place\":{\"city\":\"Oslo\"}}",
        "{\"place\":{\"city\":\"Oslo\"},\"notes\":[],\"unit\":\"K\"}",
        "{\"place\":{\"city\":\"Oslo\",\"zip\":1},\"notes\":[]}",
        "{\"place\":{\"city\":\"Oslo\"},\"notes\":[null]}",
        "{\"place\":null,\"notes\":[]}",
        "{\"place\":{\"city\":\"Oslo\"},\"notes\":[],\"days\":\"3\"}",
        "[1]",
        "{\"place\":")) {
      ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "get_weather", bad)));
      assertThat(f.code()).as(bad).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    }
    assertThat(seen.get()).isNull();
  }

  record Trip(String city, Optional<String> country, @DefaultValue("2") @Max(9) int days, Optional<Unit> unit,
      List<Place> stops) {}

  @Test
  void underOpenAiStrictModeANullForAnOptionalComponentBindsAsEmpty() {
    TypedTool<Trip> tool = TypedTool.builder(Trip.class).handler((args, turn) -> "ok").build();
    PreparedTurn turn = turnWith(Tools.context().build(), tool);
    StrictTools strict = turn.renderStrict(Dialect.OPENAI_CHAT);
    // A default (and Place's minLength) is outside strict mode's subset: the tool goes plain, with the reason.
    assertThat(strict.notStrict()).extracting(StrictTools.NotStrict::reason)
        .containsExactly("'default' at /properties/days is not supported in strict mode");

    TypedTool<GetWeather> weather = TypedTool.builder(GetWeather.class).handler((args, t) -> "ok").build();
    loadout.close();
    record Plain(@jakarta.validation.constraints.Pattern(regexp = "^[A-Z]") String city, Optional<String> country,
        @Max(9) int days, Optional<Unit> unit, @Size(max = 3) List<String> tags) {}
    AtomicReference<Plain> plainSeen = new AtomicReference<>();
    TypedTool<Plain> plain = TypedTool.builder(Plain.class).handler((args, t) -> {
      plainSeen.set(args);
      return "ok";
    }).build();
    turn = turnWith(Tools.context().build(), plain, weather);
    strict = turn.renderStrict(Dialect.OPENAI_CHAT);
    assertThat(strict.notStrict()).extracting(StrictTools.NotStrict::toolName).containsExactly("get_weather");
    List<ToolCall> calls = Dialect.OPENAI_CHAT.parseToolCalls(openAiCall("plain",
        "{\"city\":\"Oslo\",\"country\":null,\"days\":4,\"unit\":null,\"tags\":[]}"));
    assertThat(success(run(turn, calls.get(0))).modelText()).isEqualTo("ok");
    assertThat(plainSeen.get()).isEqualTo(new Plain("Oslo", Optional.empty(), 4, Optional.empty(), List.of()));
    // Ordered by name: get_weather (sent plain) first, then plain, strict with its pattern and item bound kept.
    JsonNode shownPlain = strict.tools().toJsonNode().get(1);
    assertThat(shownPlain.at("/function/strict").asBoolean()).isTrue();
    assertThat(shownPlain.at("/function/parameters/properties/tags/maxItems").asInt()).isEqualTo(3);
    assertThat(shownPlain.at("/function/parameters/properties/city/pattern").asString()).isEqualTo("^[A-Z]");
  }

  @Test
  void aGeminiCallIsCheckedAgainstTheSchemaGeminiWasShownAndBound() {
    AtomicReference<GetWeather> seen = new AtomicReference<>();
    TypedTool<GetWeather> tool = TypedTool.builder(GetWeather.class).handler((args, turn) -> {
      seen.set(args);
      return "ok";
    }).build();
    PreparedTurn turn = turnWith(Tools.context().build(), tool);
    assertThat(turn.render(Dialect.GEMINI).json()).contains("\"get_weather\"");
    List<ToolCall> calls = Dialect.GEMINI.parseToolCalls("{\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":"
        + "{\"name\":\"get_weather\",\"args\":{\"place\":{\"city\":\"Oslo\"},\"unit\":\"C\",\"notes\":[\"x\"]}}}]}}]}");
    assertThat(success(run(turn, calls.get(0))).modelText()).isEqualTo("ok");
    assertThat(seen.get()).isEqualTo(new GetWeather(new Place("Oslo", Optional.empty()), 3, Optional.of(Unit.C),
        List.of("x")));
  }

  record Count(int n) {}

  record Checked(String word) {
    Checked {
      if (word.contains(" ")) {
        throw new IllegalArgumentException("word must be a single word, but was '" + word + "'");
      }
    }
  }

  @Test
  void aValueOnlyBindingCanRefuseIsAnInvalidArgumentsFailureNamingTheProperty() {
    TypedTool<Count> count = TypedTool.builder(Count.class).handler((args, turn) -> "n=" + args.n()).build();
    TypedTool<Checked> checked = TypedTool.builder(Checked.class).handler((args, turn) -> args.word()).build();
    PreparedTurn turn = turnWith(Tools.context().build(), count, checked);

    ToolResult.Failure tooBig = failure(run(turn, ToolCall.of("c1", "count", "{\"n\":3000000000}")));
    assertThat(tooBig.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(tooBig.message()).startsWith("Invalid arguments for tool 'count': /n: ");
    assertThat(success(run(turn, ToolCall.of("c2", "count", "{\"n\":2147483647}"))).modelText()).isEqualTo("n=2147483647");

    ToolResult.Failure refused = failure(run(turn, ToolCall.of("c3", "checked", "{\"word\":\"two words\"}")));
    assertThat(refused.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(refused.message()).contains("word must be a single word, but was 'two words'");
  }

  @Test
  void aDirectCallWithArgumentsThatAreNotAnObjectIsAFailureNotAnException() {
    TypedTool<Count> count = TypedTool.builder(Count.class).handler((args, turn) -> "n=" + args.n()).build();
    ToolResult r = count.execute(ToolCall.of("c1", "count", "[1]"), Tools.context().build()).toCompletableFuture().join();
    assertThat(failure(r).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    ToolResult broken = count.execute(ToolCall.of("c1", "count", "{\"n\":\"x\"}"), Tools.context().build())
        .toCompletableFuture().join();
    assertThat(failure(broken).message()).startsWith("Invalid arguments for tool 'count': /n: ");
  }

  @Test
  void returnValuesBecomeResultsByTheirKind() {
    ToolResult given = ToolResult.failure("quota", "No quota left.", true);
    Map<String, Object> ret = new java.util.HashMap<>();
    TypedTool<Count> tool = TypedTool.builder(Count.class).handler((args, turn) -> ret.get("r" + args.n())).build();
    ret.put("r1", "plain text");
    ret.put("r2", Map.of("k", List.of(1, 2)));
    ret.put("r3", given);
    ret.put("r4", CompletableFuture.completedFuture(new Forecast("Oslo", 1, "C")));
    ret.put("r5", CompletableFuture.completedFuture("later text"));
    PreparedTurn turn = turnWith(Tools.context().build(), tool);

    ToolResult.Success text = success(run(turn, ToolCall.of("c1", "count", "{\"n\":1}")));
    assertThat(text.summary()).contains("plain text");
    assertThat(text.modelText()).isEqualTo("plain text");
    assertThat(success(run(turn, ToolCall.of("c2", "count", "{\"n\":2}"))).data())
        .isEqualTo(Json.parse("{\"k\":[1,2]}"));
    assertThat(run(turn, ToolCall.of("c3", "count", "{\"n\":3}"))).isEqualTo(given);
    assertThat(success(run(turn, ToolCall.of("c4", "count", "{\"n\":4}"))).data())
        .isEqualTo(Json.parse("{\"city\":\"Oslo\",\"days\":1,\"unit\":\"C\"}"));
    assertThat(success(run(turn, ToolCall.of("c5", "count", "{\"n\":5}"))).modelText()).isEqualTo("later text");
    // Nothing returned, or a throw: the chain's tool_error, whose message hides the exception.
    assertThat(failure(run(turn, ToolCall.of("c6", "count", "{\"n\":6}"))).code()).isEqualTo(ToolResult.TOOL_ERROR);
  }

  @Test
  void aHandlerThatThrowsGivesAToolErrorThatHidesTheExceptionText() {
    TypedTool<Count> tool = TypedTool.builder(Count.class).handler((args, turn) -> {
      throw new java.io.IOException("secret backend detail");
    }).build();
    PreparedTurn turn = turnWith(Tools.context().build(), tool);
    ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "count", "{\"n\":1}")));
    assertThat(f.code()).isEqualTo(ToolResult.TOOL_ERROR);
    assertThat(f.message()).doesNotContain("secret");
  }

  @Test
  void perTurnVariantsAndAvailabilityWorkAsForAnyTool() {
    TypedTool<GetWeather> tool = TypedTool.builder(GetWeather.class)
        .spec(s -> s.requiredFlag("weather_enabled"))
        .assembling((spec, ctx) -> Optional.of(ctx.flag("celsius_only")
            ? spec.edit().narrowEnum("unit", List.of("C")).build() : spec))
        .handler((args, turn) -> args.unit().map(Unit::name).orElse("none"))
        .build();

    PreparedTurn off = turnWith(Tools.context().build(), tool);
    assertThat(off.visible()).isEmpty();
    assertThat(failure(run(off, ToolCall.of("c1", "get_weather", "{}"))).code()).isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
    loadout.close();

    PreparedTurn narrowed = turnWith(Tools.context().flag("weather_enabled", true).flag("celsius_only", true).build(), tool);
    assertThat(narrowed.visibleNames()).containsExactly("get_weather");
    String call = "{\"place\":{\"city\":\"Oslo\"},\"notes\":[],\"unit\":\"%s\"}";
    assertThat(failure(run(narrowed, ToolCall.of("c1", "get_weather", call.formatted("F")))).code())
        .isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(success(run(narrowed, ToolCall.of("c2", "get_weather", call.formatted("C")))).modelText()).isEqualTo("C");
  }

  static final class WeatherTools {
    @LoadoutTool(name = "get_weather")
    Forecast weather(GetWeather args, TurnContext turn) {
      return new Forecast(args.place().city(), args.days(), turn.userId().orElse("?"));
    }

    @LoadoutTool(description = "Counts.")
    static String countUp(Count args) {
      return "n=" + (args.n() + 1);
    }
  }

  @Test
  void annotatedMethodsBecomeTypedToolsSortedByName() {
    List<TypedTool<?>> tools = TypedTool.fromMethods(new WeatherTools());
    assertThat(tools).extracting(t -> t.spec().name()).containsExactly("count_up", "get_weather");
    assertThat(tools.get(0).spec().description()).isEqualTo("Counts.");
    assertThat(tools.get(1).spec().description()).isEqualTo("The weather for a city.");
    assertThat(tools.get(1).argumentsType()).isEqualTo(GetWeather.class);

    PreparedTurn turn = turnWith(Tools.context().build(), tools.toArray(BaseTool[]::new));
    assertThat(success(run(turn, ToolCall.of("c1", "count_up", "{\"n\":41}"))).modelText()).isEqualTo("n=42");
    assertThat(success(run(turn, ToolCall.of("c2", "get_weather", "{\"place\":{\"city\":\"Oslo\"},\"notes\":[]}"))).data())
        .isEqualTo(Json.parse("{\"city\":\"Oslo\",\"days\":3,\"unit\":\"u1\"}"));
  }

  static final class BadSignature {
    @LoadoutTool
    String twoRecords(Count a, Count b) {
      return "";
    }
  }

  static final class Duplicate {
    @LoadoutTool(name = "same")
    String one(Count a) {
      return "";
    }

    @LoadoutTool(name = "same")
    String two(Count a) {
      return "";
    }
  }

  @Test
  void aMethodWithAnotherSignatureOrADuplicateNameIsAConfigurationError() {
    assertThatThrownBy(() -> TypedTool.fromMethods(new BadSignature())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("BadSignature.twoRecords must take a record of the arguments");
    assertThatThrownBy(() -> TypedTool.fromMethods(new Duplicate())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("are named 'same'");
    assertThat(TypedTool.fromMethods(new Object())).isEmpty();
  }
}
