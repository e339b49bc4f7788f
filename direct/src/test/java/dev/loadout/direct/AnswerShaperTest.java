package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class AnswerShaperTest {
  final AnswerShaper shaper = AnswerShaper.of(DirectSettings.defaults());

  @ParameterizedTest(name = "[{0}] → [{1}]")
  @CsvSource(delimiter = '|', value = {
      "冰雪奇缘3定档2027年。官方还发布了预告片。|冰雪奇缘3定档2027年。",
      "真的吗！太好了|真的吗！",
      "The price is 3.14 dollars today. It rose.|The price is 3.14 dollars today.",
      "Dr. Smith said yes. Then left.|Dr. Smith said yes.",
      "See https://example.com/a.b?c=1 for more. Thanks.|See https://example.com/a.b?c=1 for more.",
      "J. R. R. Tolkien wrote it. Really.|J. R. R. Tolkien wrote it.",
      "Results are in.\\n1. one\\n2. two|Results are in.",
      "Here are the results:\\n- one\\n- two|Here are the results…",
      "It was released in the U.S. in 2013! Wow.|It was released in the U.S. in 2013!",
      "“结果如下。”他说|“结果如下。”",
      "One sentence without an end|One sentence without an end",
      "The answer is 42.|The answer is 42.",
      "You rolled a d6: 4.|You rolled a d6: 4.",
      "You rolled: 1. Lucky!|You rolled: 1. Lucky!",
      "Here you go: 1. Open the app. 2. Sign in.|Here you go: 1. Open the app.",
      "Do this:\\n1. open\\n2. close|Do this…",
      "Items: -|Items…"})
  void theFirstSentenceIsKept(String text, String expected) {
    assertThat(shaper.shape(text.replace("\\n", "\n"))).isEqualTo(expected);
  }

  @Test
  void aSentenceThatIsNothingButAListMarkerLeavesNothing() {
    assertThat(shaper.shape("1.")).isEmpty();
    assertThat(shaper.shape("  - ")).isEmpty();
  }

  @Test
  void aLongSentenceIsCutToTheCapInCodePoints() {
    String shaped = shaper.shape("冰".repeat(200) + "。");
    assertThat(shaped.codePointCount(0, shaped.length())).isEqualTo(120);
    assertThat(shaped).endsWith("…");
    String emoji = shaper.shape("😀".repeat(130));
    assertThat(emoji.codePointCount(0, emoji.length())).isEqualTo(120);
  }

  @Test
  void aCutNeverLeavesHalfAUrlOrHalfAWord() {
    String text = "The official announcement can be read in full on the studio's site at "
        + "https://www.example.com/news/2026/frozen-3-release-date-announcement-full-text today";
    String shaped = shaper.shape(text);
    assertThat(shaped).isEqualTo("The official announcement can be read in full on the studio's site at…");
    String words = shaper.shape("word ".repeat(40));
    assertThat(words).endsWith("word…");
  }

  @Test
  void capsOutOfRangeAreRefused() {
    assertThatThrownBy(() -> AnswerShaper.of(39, "")).hasMessage("maxChars must be between 40 and 240, but was 39");
    assertThatThrownBy(() -> AnswerShaper.of(241, "")).hasMessage("maxChars must be between 40 and 240, but was 241");
  }

  @Test
  void aStructuredAnswerIsReadFromItsAnswerField() {
    assertThat(shaper.answer("{\"answer\":\"冰雪奇缘3定档2027年。还有更多。\"}", false, ToolResult.text("x")))
        .isEqualTo("冰雪奇缘3定档2027年。");
  }

  @Test
  void aCutOffStructuredAnswerFallsBackToAnUnverifiedExcerptOfTheToolData() {
    ToolResult data = ToolResult.success(DirectFixtures.json(
        "{\"results\":[{\"title\":\"Frozen 3 dated for 2027\",\"url\":\"https://example.com/f3\"},{\"title\":\"Teaser out\"}]}"));
    assertThat(shaper.answer("{\"answer\":\"冰雪奇缘3定档", true, data))
        .isEqualTo("（未核实）Frozen 3 dated for 2027; Teaser out");
    assertThat(shaper.answer(null, false, data)).startsWith("（未核实）");
  }

  @Test
  void aCutOffPlainAnswerKeepsItsFinishedFirstSentence() {
    assertThat(shaper.answer("Frozen 3 comes out in 2027. The teaser sho", true, ToolResult.text("x")))
        .isEqualTo("Frozen 3 comes out in 2027.");
    assertThat(shaper.answer("Frozen 3 comes out in", true, ToolResult.text("raw data")))
        .isEqualTo("（未核实）raw data");
  }

  @Test
  void withTheAiSwitchOffAnExcerptIsCappedAndLabelled() {
    AnswerShaper english = AnswerShaper.of(40, "[unverified] ");
    String excerpt = english.excerpt(ToolResult.text("The studio confirmed the date in a long statement today."));
    assertThat(excerpt).isEqualTo("[unverified] The studio confirmed the…");
    assertThat(excerpt.length()).isLessThanOrEqualTo(40);
    assertThat(english.excerpt(ToolResult.failure("timeout", "the search service did not answer", true)))
        .isEqualTo("[unverified] the search service did not…");
  }
}
