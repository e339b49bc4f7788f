package dev.loadout.core;

import static dev.loadout.core.HistoryWriterTest.AUDIO;
import static dev.loadout.core.HistoryWriterTest.CAT_INLINE;
import static dev.loadout.core.HistoryWriterTest.CAT_URL;
import static dev.loadout.core.HistoryWriterTest.DATA;
import static dev.loadout.core.HistoryWriterTest.FAILURE;
import static dev.loadout.core.HistoryWriterTest.IMAGES;
import static dev.loadout.core.HistoryWriterTest.SUMMARY;
import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.run;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.tool;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/** {@link ToolResult#modelText()} and {@link HistoryEntry}: the one text a model reads, in no provider's format. */
class HistoryEntryTest {

  @Test
  void theModelTextIsTheSummaryElseTheDataElseTheError() {
    assertThat(SUMMARY.result().modelText()).isEqualTo("21 C and sunny");
    assertThat(DATA.result().modelText()).isEqualTo("{\"temp\":21,\"unit\":\"C\"}");
    assertThat(FAILURE.result().modelText()).isEqualTo("Error (timeout): The weather service did not answer.");
  }

  @Test
  void anEntryCarriesIdNameTextErrorFlagAndEveryMedium() {
    assertThat(HistoryEntry.of(SUMMARY)).isEqualTo(new HistoryEntry("call_1", "get_weather", "21 C and sunny", false, List.of()));
    assertThat(HistoryEntry.of(FAILURE)).isEqualTo(new HistoryEntry("call_3", "get_weather",
        "Error (timeout): The weather service did not answer.", true, List.of()));
    HistoryEntry images = HistoryEntry.of(IMAGES);
    assertThat(images.media()).containsExactly(CAT_URL, CAT_INLINE);
    assertThat(images.media()).extracting(ToolMedia::mimeType).containsExactly("image/png", "image/jpeg");
    HistoryEntry audio = HistoryEntry.of(AUDIO);
    assertThat(audio.media()).extracting(ToolMedia::mimeType).containsExactly("audio/ogg");
    assertThat(audio.images()).isEmpty();
  }

  @Test
  void aCutResultGivesTheCutTextWithItsMarker() {
    PreparedTurn turn = turn(tool(ToolSpec.builder("long", RenderFixtures.object("{'type':'object'}")).maxResultChars(256)
        .build(), call -> ToolResult.text("x".repeat(300))));
    ToolResult result = run(turn, ToolCall.of("c1", "long", "{}"));
    String text = result.modelText();
    assertThat(text).isEqualTo("x".repeat(256) + "\n[truncated: showing the first 256 of 300 characters]");
    assertThat(HistoryEntry.of(new ToolOutcome(ToolCall.of("c1", "long", "{}"), result)).text()).isEqualTo(text);
    assertThat(Dialect.OPENAI_CHAT.historyMessages(List.of(new ToolOutcome(ToolCall.of("c1", "long", "{}"), result)))
        .get(0).get("content").stringValue()).isEqualTo(text);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void everyDialectWritesTheEntrysTextAndId(Dialect dialect) {
    List<ToolOutcome> outcomes = List.of(SUMMARY, DATA, FAILURE, IMAGES, AUDIO);
    String history = dialect.historyMessages(outcomes).toString();
    for (ToolOutcome o : outcomes) {
      HistoryEntry e = HistoryEntry.of(o);
      assertThat(history).contains(Json.text(Json.NODES.stringNode(e.callId())));
      if (dialect == Dialect.GEMINI && !o.result().isSuccess()) {
        continue; // Gemini carries a failure as {code, message}, not as the joined text
      }
      JsonNode shown = dialect == Dialect.GEMINI && ((ToolResult.Success) o.result()).summary().isEmpty()
          ? ((ToolResult.Success) o.result()).data() : Json.NODES.stringNode(e.text());
      assertThat(history).contains(Json.text(shown));
    }
  }

  @Test
  void echoedArgumentsComeBackAsTheirCompactJson() {
    PreparedTurn turn = turn(echo(spec("ping", "Ping", "{'type':'object'}")));
    ToolResult result = run(turn, ToolCall.of("c1", "ping", "{ \"a\" : 1 }"));
    assertThat(result.modelText()).isEqualTo("{\"a\":1}");
  }

  @Test
  void badPartsAreRefusedNamingThem() {
    assertThatThrownBy(() -> HistoryEntry.of(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("outcome must not be null");
    assertThatThrownBy(() -> new HistoryEntry("c", null, "t", false, List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("toolName=null");
    assertThatThrownBy(() -> new HistoryEntry("c", "n", "t", false, Arrays.asList(CAT_URL, null)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("media must be a list without nulls");
    assertThatThrownBy(() -> new HistoryEntry("c", "n", "t", false, null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void toStringShowsNoText() {
    assertThat(HistoryEntry.of(SUMMARY).toString()).doesNotContain("sunny").contains("call_1", "14 chars");
  }
}
