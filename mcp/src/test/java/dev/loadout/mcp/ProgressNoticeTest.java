package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class ProgressNoticeTest {
  private static final String SMILE = "\uD83D\uDE42"; // one code point, two chars
  private static final String URL_SCHEMA = "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\"}}}";

  private static ObjectNode json(String text) {
    return (ObjectNode) JsonMapper.builder().build().readTree(text);
  }

  private static int codePoints(String s) {
    return s.codePointCount(0, s.length());
  }

  /** No char of the text is half of a surrogate pair. */
  private static boolean wellFormed(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
          return false;
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  @Test
  void eachArgumentIsALineInTheModelsOrderWithTextAsIsAndTheRestAsJson() {
    ProgressNotice n = ProgressNotice.arguments(json("{\"query\":\"cats\",\"count\":3,\"opts\":{\"safe\":true,\"tags\":[\"a\"]},\"x\":null}"));

    assertThat(n.kind()).isEqualTo(ProgressNotice.Kind.ARGUMENTS);
    assertThat(n.text()).isEqualTo("query: cats\ncount: 3\nopts: {\"safe\":true,\"tags\":[\"a\"]}\nx: null");
  }

  @Test
  void controlCharactersInNamesAndValuesBecomeSpacesSoTheyCannotBreakTheLayout() {
    assertThat(ProgressNotice.arguments(json("{\"a\\nb\":\"line1\\nline2\\u0007\"}")).text()).isEqualTo("a b: line1 line2 ");
  }

  @Test
  void aLongValueIsCutTo200CodePointsWithoutHalvingAnEmoji() {
    String value = "a" + SMILE.repeat(300);

    String line = ProgressNotice.arguments(json("{\"v\":\"" + value + "\"}")).text();

    String shown = line.substring("v: ".length());
    assertThat(codePoints(shown)).isEqualTo(ProgressNotice.MAX_VALUE_CODE_POINTS);
    assertThat(shown).isEqualTo("a" + SMILE.repeat(198) + "…");
    assertThat(shown.length()).isGreaterThan(ProgressNotice.MAX_VALUE_CODE_POINTS); // chars would have cut earlier
    assertThat(wellFormed(shown)).isTrue();
  }

  @Test
  void aValueOfExactly200CodePointsIsKeptWhole() {
    String value = SMILE.repeat(200);
    assertThat(ProgressNotice.arguments(json("{\"v\":\"" + value + "\"}")).text()).isEqualTo("v: " + value);
  }

  @Test
  void theWholeBodyStopsAt900CodePointsEvenWhenEachValueFits() {
    StringBuilder args = new StringBuilder("{");
    for (int i = 0; i < 10; i++) {
      args.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"").append(SMILE.repeat(150)).append('"');
    }
    String body = ProgressNotice.arguments(json(args.append('}').toString())).text();

    assertThat(codePoints(body)).isEqualTo(ProgressNotice.MAX_BODY_CODE_POINTS);
    assertThat(body).startsWith("k0: " + SMILE).endsWith(SMILE + "…");
    assertThat(wellFormed(body)).isTrue();
  }

  @Test
  void noArgumentsGiveAnEmptyBody() {
    assertThat(ProgressNotice.arguments(json("{}")).text()).isEmpty();
    assertThat(ProgressNotice.arguments(null).text()).isEmpty();
  }

  @Test
  void aUrlFetchToolWithAUrlGetsTheFetchNoticeAndOtherToolsGetTheirArguments() {
    ToolSpec fetch = ToolSpec.builder("fetch_url", URL_SCHEMA).description("Reads a page.").family("url_fetch").build();
    ToolSpec other = ToolSpec.builder("bookmark", URL_SCHEMA).description("Saves a link.").build();
    ToolRegistry registry = ToolRegistry.builder().register(BaseTool.of(fetch, (c, ctx) -> ToolResult.text("page")))
        .register(BaseTool.of(other, (c, ctx) -> ToolResult.text("saved"))).build();
    try (Loadout loadout = Loadout.builder(registry).build()) {
      PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "gpt-test").build());

      assertThat(ProgressNotice.of(turn, ToolCall.of("1", "fetch_url", "{\"url\":\" https://example.com/a \"}")))
          .isEqualTo(new ProgressNotice(ProgressNotice.Kind.FETCH, "https://example.com/a"));
      assertThat(ProgressNotice.of(turn, ToolCall.of("2", "fetch_url", "{\"max_length\":5}")))
          .isEqualTo(new ProgressNotice(ProgressNotice.Kind.ARGUMENTS, "max_length: 5"));
      assertThat(ProgressNotice.of(turn, ToolCall.of("3", "bookmark", "{\"url\":\"https://example.com/a\"}")))
          .isEqualTo(new ProgressNotice(ProgressNotice.Kind.ARGUMENTS, "url: https://example.com/a"));
      assertThat(ProgressNotice.of(turn, ToolCall.of("4", "bookmark", "[1,2"))).isEqualTo(
          new ProgressNotice(ProgressNotice.Kind.ARGUMENTS, "[1,2"));
    }
  }
}
