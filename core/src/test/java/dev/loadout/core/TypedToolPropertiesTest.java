package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The generated schema against generated values: every serialised instance of the record passes it and binds back
 * to an equal record through {@link PreparedTurn#execute(ToolCall)}; an instance with any one value of the wrong JSON
 * type fails it and never reaches the handler.
 */
class TypedToolPropertiesTest {
  enum Colour { RED, GREEN, @JsonProperty("blue-ish") BLUE }

  record Inner(@Size(max = 8) String name, Optional<Integer> rank, Colour colour) {}

  record Numbers(int i, long l, Integer boxed, double d, short s, @Min(-5) @Max(5) int bounded, OptionalLong big) {}

  record Outer(Numbers numbers, Boolean flag, String text, List<Inner> inners, Map<String, Inner> byName,
      Set<String> tags, Optional<Inner> maybe, @Size(min = 1, max = 3) List<@Pattern(regexp = "^[a-z]+$") String> words) {}

  /** Serialised as a model would send it: an empty Optional is left out, not sent as null. */
  private static final JsonMapper SENDER = Json.MAPPER.rebuild()
      .changeDefaultPropertyInclusion(i -> i.withValueInclusion(JsonInclude.Include.NON_ABSENT)).build();
  private static final AtomicReference<Outer> RECEIVED = new AtomicReference<>();
  private static TypedTool<Outer> tool;
  private static ScheduledThreadPoolExecutor deadlines;
  private static Loadout loadout;
  private static PreparedTurn turn;

  @BeforeContainer
  static void start() {
    tool = TypedTool.builder(Outer.class).handler((args, ctx) -> {
      RECEIVED.set(args);
      return CompletableFuture.completedFuture(ToolResult.text("ok"));
    }).build();
    deadlines = new ScheduledThreadPoolExecutor(1);
    loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).executor(Runnable::run)
        .scheduler(deadlines).nullMeansAbsent(false).build();
    turn = loadout.prepare(Tools.context().build());
  }

  @AfterContainer
  static void stop() {
    loadout.close();
    deadlines.shutdownNow();
  }

  @Provide
  Arbitrary<Outer> outers() {
    net.jqwik.api.arbitraries.StringArbitrary text = Arbitraries.strings().withCharRange(' ', '~').withChars('é', '雪', '"', '\\').ofMaxLength(12);
    Arbitrary<Inner> inner = Combinators.combine(text.ofMaxLength(8), Arbitraries.integers().optional(),
        Arbitraries.of(Colour.class)).as(Inner::new);
    Arbitrary<Numbers> numbers = Combinators.combine(Arbitraries.integers(), Arbitraries.longs(), Arbitraries.integers(),
        Arbitraries.doubles(), Arbitraries.shorts(), Arbitraries.integers().between(-5, 5),
        Arbitraries.longs().optional().map(o -> o.map(OptionalLong::of).orElse(OptionalLong.empty())))
        .as(Numbers::new);
    Arbitrary<List<String>> words = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6)
        .list().ofMinSize(1).ofMaxSize(3);
    return Combinators.combine(numbers, Arbitraries.of(true, false), text, inner.list().ofMaxSize(3),
        Arbitraries.maps(text, inner).ofMaxSize(3), text.set().ofMaxSize(3), inner.optional(), words)
        .as(Outer::new);
  }

  private static ToolResult call(JsonNode arguments) {
    return turn.execute(ToolCall.of("c1", tool.spec().name(), Json.text(arguments))).toCompletableFuture().join();
  }

  @Property(tries = 300)
  void everySerialisedInstancePassesTheSchemaAndBindsBackToAnEqualRecord(@ForAll("outers") Outer value) {
    JsonNode sent = SENDER.valueToTree(value);
    assertThat(tool.spec().argumentViolations(sent)).isEmpty();
    RECEIVED.set(null);
    assertThat(call(sent).isSuccess()).isTrue();
    assertThat(RECEIVED.get()).isEqualTo(value);
  }

  @Property(tries = 300)
  void anInstanceWithOneValueOfTheWrongTypeIsRefusedBeforeTheHandler(@ForAll("outers") Outer value,
      @ForAll @IntRange(min = 0, max = 10_000) int pick, @ForAll @IntRange(min = 0, max = 1) int kind) {
    ObjectNode sent = SENDER.valueToTree(value);
    List<Slot> slots = new ArrayList<>();
    slots(tool.spec().parameters(), sent, null, null, slots);
    Slot slot = slots.get(pick % slots.size());
    JsonNode wrong = wrongFor(slot.value, kind);
    JsonNode broken;
    if (slot.parent == null) {
      broken = wrong;
    } else {
      broken = sent;
      if (slot.parent.isObject()) {
        ((ObjectNode) slot.parent).set(slot.name, wrong);
      } else {
        ((ArrayNode) slot.parent).set(Integer.parseInt(slot.name), wrong);
      }
    }
    assertThat(tool.spec().argumentViolations(broken)).as("%s at %s", wrong, slot.name).isNotEmpty();
    RECEIVED.set(null);
    ToolResult r = call(broken);
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    assertThat(((ToolResult.Failure) r).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(RECEIVED.get()).isNull();
  }

  /** A value in the instance, the schema it must match, and where it sits (null parent for the root). */
  record Slot(JsonNode value, JsonNode schema, JsonNode parent, String name) {}

  private static void slots(JsonNode schema, JsonNode value, JsonNode parent, String name, List<Slot> out) {
    out.add(new Slot(value, schema, parent, name));
    if (value.isObject() && schema.has("properties")) {
      for (Map.Entry<String, JsonNode> p : value.properties()) {
        slots(schema.get("properties").get(p.getKey()), p.getValue(), value, p.getKey(), out);
      }
    } else if (value.isObject() && schema.get("additionalProperties") instanceof ObjectNode) {
      for (Map.Entry<String, JsonNode> p : value.properties()) {
        slots(schema.get("additionalProperties"), p.getValue(), value, p.getKey(), out);
      }
    } else if (value.isArray()) {
      for (int i = 0; i < value.size(); i++) {
        slots(schema.get("items"), value.get(i), value, Integer.toString(i), out);
      }
    }
  }

  /**
   * A JSON value of another type than the one Jackson wrote for the Java value (an int is written as an integer, a
   * double as a floating-point number), so the oracle is the record's Java types, not the schema under test.
   */
  private static JsonNode wrongFor(JsonNode value, int kind) {
    if (value.isIntegralNumber()) {
      return kind == 0 ? Json.NODES.stringNode("1") : Json.NODES.numberNode(1.5);
    }
    if (value.isNumber()) {
      return kind == 0 ? Json.NODES.stringNode("1.5") : Json.NODES.booleanNode(true);
    }
    if (value.isString()) {
      return kind == 0 ? Json.NODES.numberNode(1) : Json.NODES.nullNode();
    }
    if (value.isBoolean()) {
      return kind == 0 ? Json.NODES.stringNode("true") : Json.NODES.numberNode(0);
    }
    if (value.isArray()) {
      return kind == 0 ? Json.object() : Json.NODES.stringNode("[]");
    }
    if (value.isObject()) {
      return kind == 0 ? Json.array() : Json.NODES.nullNode();
    }
    throw new AssertionError(value);
  }
}
