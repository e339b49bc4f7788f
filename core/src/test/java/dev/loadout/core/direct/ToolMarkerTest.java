package dev.loadout.core.direct;

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
}
