package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ToolMarkerTest {
  final ToolMarker marker = ToolMarker.of(DirectSettings.defaults());

  @Test
  void theMarkerNamesServerAndTool() {
    assertThat(marker.render("exa", "web_search_exa")).isEqualTo("【使用了工具 - exa/web_search_exa】");
    assertThat(marker.render(null, "calc")).isEqualTo("【使用了工具 - calc】");
    assertThat(marker.append("我去查一下冰雪奇缘的最新消息。", "exa", "web_search_exa"))
        .isEqualTo("我去查一下冰雪奇缘的最新消息。\n【使用了工具 - exa/web_search_exa】");
  }

  @ParameterizedTest(name = "[{0}] is stripped")
  @CsvSource(delimiter = '|', value = {
      "答案是42。【使用了工具 - exa/web_search_exa】|答案是42。",
      "答案是42。[使用了工具 - exa/web_search_exa]|答案是42。",
      "【使用工具：web_search】答案是42。|答案是42。",
      "答案是42。【调用了工具 fetch】|答案是42。"})
  void markersTheModelForgedAreStripped(String text, String expected) {
    assertThat(marker.clean(text, true)).isEqualTo(expected);
  }

  @Test
  void aLocalisedTemplateStripsItsOwnForgeries() {
    ToolMarker english = ToolMarker.of("[used tool: {server}/{tool}]");
    assertThat(english.render("exa", "search")).isEqualTo("[used tool: exa/search]");
    assertThat(english.clean("It is 42. [used tool: x/y]", true)).isEqualTo("It is 42.");
  }

  @ParameterizedTest(name = "[{0}] → [{1}]")
  @CsvSource(delimiter = '|', value = {
      "Let me check that for you.|''",
      "Good question! Let me look it up.|Good question!",
      "我查一下。|''",
      "好的，稍等，我帮你查查。|''",
      "这个嘛。我去搜一下最新消息！|这个嘛。",
      "It is 42.|It is 42."})
  void fakeWaitingPromisesWithoutAChosenToolAreIntercepted(String text, String expected) {
    assertThat(marker.clean(text, false)).isEqualTo(expected);
  }

  @Test
  void aWaitingMessageIsKeptWhenATaskWasSaved() {
    assertThat(marker.clean("Let me check that for you.", true)).isEqualTo("Let me check that for you.");
    assertThat(ToolMarker.promisesToCheck("我查一下")).isTrue();
    assertThat(ToolMarker.promisesToCheck("查询结果是42")).isFalse();
  }

  @ParameterizedTest(name = "[{0}] keeps its answer")
  @CsvSource(delimiter = '|', value = {
      "Let me see, it's 42.",
      "Hmm, let me think: it's Tokyo.",
      "我看看，是42。",
      "嗯，我想一下：是东京。",
      "Please wait for the green light before crossing.",
      "Should I look it up for you?",
      "要我帮你查一下吗？"})
  void answersThatOpenWithAPromiseLikePhraseAndOffersAreKept(String text) {
    assertThat(marker.reply(text, false)).isEqualTo(text);
  }

  @Test
  void aReplyThatIsOnlyAPromiseBecomesTheHonestLineWhichTheHostMayLocalise() {
    assertThat(marker.reply("Sure! Let me check that for you.", false)).isEqualTo(ToolMarker.DEFAULT_HONEST_LINE);
    ToolMarker chinese = marker.withHonestLine("我没有查这个，现在没法确认。");
    assertThat(chinese.reply("好的，稍等，我帮你查查。", false)).isEqualTo("我没有查这个，现在没法确认。");
    assertThat(chinese.reply("法国的首都是巴黎。我再查查巴黎的人口。", false)).isEqualTo("法国的首都是巴黎。");
    assertThat(chinese.reply("好的，稍等，我帮你查查。", true)).isEqualTo("好的，稍等，我帮你查查。");
    assertThat(marker.reply("【使用了工具 - calc】", false)).isEmpty();
  }

  @Test
  void promisesInCodeBlocksAndBlockQuotesAreContent() {
    String code = "Use this:\n```\nprint(\"Let me check that for you.\")\n```";
    assertThat(marker.reply(code, false)).isEqualTo(code);
    assertThat(marker.reply("> Let me look into this for you.\nThat was their whole reply.", false))
        .isEqualTo("> Let me look into this for you.\nThat was their whole reply.");
  }

  @ParameterizedTest(name = "[{0}] loses its forged marker")
  @CsvSource(delimiter = '|', value = {
      "It is 42. (used tool: calc)|It is 42.",
      "[Tool used: fetch_url] The patch is out.|The patch is out.",
      "补丁已经发布。【 使用 了 工具 - exa 】|补丁已经发布。",
      "补丁已经发布。（使用了工具：web_search）|补丁已经发布。",
      "A [used tool - x] B|A B"})
  void forgedMarkersInAnyBracketOrSpacingAreRemoved(String text, String expected) {
    assertThat(marker.clean(text, false)).isEqualTo(expected);
  }
}
