package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ToolAnswerHistoryTest {
  record Row(String text, String source) {}

  @Test
  void toolAnswersAreDroppedOldOnesIncludedWithoutRefillingTheWindow() {
    List<Row> window = List.of(new Row("old answer", "mcp"), new Row("hi", "user"), new Row("answer", "mcp"),
        new Row("thanks", "user"));
    assertThat(ToolAnswerHistory.filter(window, Row::source, DirectSettings.defaults()))
        .containsExactly(new Row("hi", "user"), new Row("thanks", "user"));
  }

  @Test
  void theWindowIsUnchangedWhenTheSettingIsOff() {
    List<Row> window = List.of(new Row("answer", "mcp"));
    DirectSettings off = DirectSettings.defaults().withIgnoreToolAnswers(false);
    assertThat(ToolAnswerHistory.filter(window, Row::source, off)).isSameAs(window);
  }
}
