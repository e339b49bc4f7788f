package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * However a valid call's arguments are cut into deltas (at any character, or at any byte when fed as bytes), the
 * accumulator yields the very call {@link Dialect#parseToolCalls(String)} reads from the unstreamed body.
 */
class ToolCallAccumulatorPropertiesTest {
  private static final JsonMapper ESCAPING = JsonMapper.builder()
      .enable(tools.jackson.core.json.JsonWriteFeature.ESCAPE_NON_ASCII).build();
  private static final String SECOND = "{\"k\":1}";

  /** Code points that matter to JSON and UTF-8 more often than chance would pick them. */
  private static Arbitrary<String> text() {
    Arbitrary<Integer> any = Arbitraries.integers().between(0, 0x10FFFF)
        .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE);
    Arbitrary<Integer> special = Arbitraries.of((int) '"', (int) '\\', (int) '\n', 0, 0x1F, (int) 'é', (int) '€', 0x1F600,
        (int) '/', (int) 'u', 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000);
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, Arbitraries.chars().range('a', 'z').map(c -> (int) c)),
        net.jqwik.api.Tuple.of(2, special), net.jqwik.api.Tuple.of(1, any))
        .list().ofMaxSize(12).map(cps -> {
          StringBuilder b = new StringBuilder();
          cps.forEach(b::appendCodePoint);
          return b.toString();
        });
  }

  private static Arbitrary<JsonNode> value(int depth) {
    Arbitrary<JsonNode> leaf = Arbitraries.oneOf(text().map(s -> (JsonNode) Json.NODES.stringNode(s)),
        Arbitraries.integers().map(i -> (JsonNode) Json.NODES.numberNode(i)),
        Arbitraries.of(Json.NODES.booleanNode(true), Json.NODES.nullNode(), Json.NODES.numberNode(2.5e-7)));
    if (depth == 0) {
      return leaf;
    }
    return Arbitraries.oneOf(leaf, object(depth - 1).map(o -> (JsonNode) o), value(depth - 1).list().ofMaxSize(3).map(l -> {
      ArrayNode a = Json.array();
      l.forEach(a::add);
      return (JsonNode) a;
    }));
  }

  private static Arbitrary<ObjectNode> object(int depth) {
    return Arbitraries.maps(text(), value(depth)).ofMaxSize(4).map(m -> {
      ObjectNode o = Json.object();
      m.forEach(o::set);
      return o;
    });
  }

  /** A valid arguments object as a provider might write it: compact, escaped to ASCII, or spaced out. */
  @Provide
  Arbitrary<String> arguments() {
    return Combinators.combine(object(2), Arbitraries.integers().between(0, 2)).as((o, style) -> {
      switch (style) {
        case 0:
          return Json.text(o);
        case 1:
          return ESCAPING.writeValueAsString(o);
        default:
          return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o);
      }
    });
  }

  @Provide
  Arbitrary<List<Integer>> cuts() {
    return Arbitraries.integers().between(0, 10_000).list().ofMaxSize(8);
  }

  @Provide
  Arbitrary<Dialect> streaming() {
    return Arbitraries.of(Dialect.OPENAI_CHAT, Dialect.OPENAI_RESPONSES, Dialect.ANTHROPIC);
  }

  /** Cut points within a length, sorted and distinct, from arbitrary numbers. */
  private static int[] points(List<Integer> cuts, int length) {
    TreeSet<Integer> at = new TreeSet<>();
    for (int c : cuts) {
      if (length > 0) {
        at.add(c % (length + 1));
      }
    }
    at.add(length);
    return at.stream().mapToInt(Integer::intValue).toArray();
  }

  private static List<ToolCall> expected(Dialect dialect, String arguments) {
    return dialect.parseToolCalls(StreamFixtures.body(dialect, List.of(new String[] {"id_a", "lookup", arguments},
        new String[] {"id_b", "ping", SECOND})));
  }

  @Property(tries = 300)
  void anySplitOfTheArgumentTextGivesTheUnsplitCall(@ForAll("streaming") Dialect dialect,
      @ForAll("arguments") String arguments, @ForAll("cuts") List<Integer> cuts, @ForAll boolean doneCarriesArguments) {
    StreamFixtures.CallEvents a = StreamFixtures.call(dialect, 0, "id_a", "lookup", doneCarriesArguments, arguments);
    StreamFixtures.CallEvents b = StreamFixtures.call(dialect, 1, "id_b", "ping", doneCarriesArguments, SECOND);
    ToolCallAccumulator acc = ToolCallAccumulator.of(dialect);
    List<ToolCall> handedOut = new ArrayList<>();
    handedOut.addAll(acc.accept(a.start()));
    int from = 0;
    for (int to : points(cuts, arguments.length())) {
      handedOut.addAll(acc.accept(a.fragment().text(arguments.substring(from, to))));
      from = to;
    }
    if (a.end() != null) {
      handedOut.addAll(acc.accept(a.end()));
    }
    handedOut.addAll(acc.accept(b.start()));
    handedOut.addAll(acc.accept(b.fragment().text("{\"k\"")));
    handedOut.addAll(acc.accept(b.fragment().text(":1}")));
    if (b.end() != null) {
      handedOut.addAll(acc.accept(b.end()));
    }
    handedOut.addAll(acc.accept(StreamFixtures.end(dialect)));
    AccumulatedCalls end = acc.finish();
    assertThat(end.calls()).isEqualTo(expected(dialect, arguments));
    assertThat(handedOut).isEqualTo(end.calls());
    assertThat(end.isComplete()).isTrue();
  }

  @Property(tries = 300)
  void anyByteSplitOfTheArgumentTextGivesTheUnsplitCall(@ForAll("streaming") Dialect dialect,
      @ForAll("arguments") String arguments, @ForAll("cuts") List<Integer> cuts) {
    // Deltas only: Responses' arguments.done would hand over the whole text and hide the joining.
    StreamFixtures.CallEvents a = StreamFixtures.call(dialect, 0, "id_a", "lookup", false, arguments);
    StreamFixtures.CallEvents b = StreamFixtures.call(dialect, 1, "id_b", "ping", false, SECOND);
    byte[] utf8 = arguments.getBytes(StandardCharsets.UTF_8);
    ToolCallAccumulator acc = ToolCallAccumulator.of(dialect);
    acc.accept(a.start().getBytes(StandardCharsets.UTF_8));
    int from = 0;
    for (int to : points(cuts, utf8.length)) {
      acc.accept(a.fragment().bytes(Arrays.copyOfRange(utf8, from, to)));
      from = to;
    }
    for (String e : new String[] {a.end(), b.start(), b.fragment().text(SECOND), b.end(), StreamFixtures.end(dialect)}) {
      if (e != null) {
        acc.accept(e.getBytes(StandardCharsets.UTF_8));
      }
    }
    assertThat(acc.finish().calls()).isEqualTo(expected(dialect, arguments));
  }

  @Property(tries = 100)
  void aGeminiChunkGivesTheCallsOfTheSameBody(@ForAll("arguments") String arguments) {
    String chunk = StreamFixtures.geminiChunk(List.<String[]>of(new String[] {"g1", "lookup", arguments},
        new String[] {"g2", "ping", SECOND}));
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
    assertThat(acc.accept(chunk.getBytes(StandardCharsets.UTF_8))).isEqualTo(Dialect.GEMINI.parseToolCalls(chunk));
  }
}
