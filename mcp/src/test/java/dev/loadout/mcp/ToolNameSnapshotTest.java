package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ToolNameSnapshotTest {
  @Test
  void controlCharactersBecomeSpacesWhitespaceCollapsesAndNamesAreTrimmed() {
    assertThat(ToolNameSnapshot.normalise(Arrays.asList(" a\tb\u0000\u0085c ", "x\u007f\u009fy")))
        .containsExactly("a b c", "x y");
  }

  @Test
  void emptiesNullsAndExactDuplicatesAreDroppedInOrder() {
    assertThat(ToolNameSnapshot.normalise(Arrays.asList("b", " ", null, "a", "b", "A"))).containsExactly("b", "a", "A");
  }

  @Test
  void namesAreCutByCodePointsWithoutSplittingPairs() {
    String emoji = "🙃".repeat(5);
    assertThat(ToolNameSnapshot.normalise(List.of(emoji), 10, 3)).containsExactly("🙃🙃🙃");
  }

  @Test
  void processingStopsAtTheNameCapAndTheInputIsUnchanged() {
    List<String> in = new ArrayList<>(IntStream.range(0, 150).mapToObj(i -> "t" + i).collect(Collectors.toList()));
    List<String> out = ToolNameSnapshot.normalise(in);
    assertThat(out).hasSize(100).startsWith("t0").endsWith("t99");
    assertThat(in).hasSize(150);
  }

  @Test
  void displayShowsFiveNamesAsInlineCodeWithBackticksReplaced() {
    assertThat(ToolNameSnapshot.display(List.of("a`b", "c"))).contains("`a'b`, `c`");
    assertThat(ToolNameSnapshot.display(List.of("1", "2", "3", "4", "5", "6"))).contains("`1`, `2`, `3`, `4`, `5`, …");
    assertThat(ToolNameSnapshot.display(List.of())).isEmpty();
  }

  @Test
  void displayCutsLongNamesAndStaysWithin180Characters() {
    List<String> names = IntStream.range(0, 5).mapToObj(i -> String.valueOf(i).repeat(60)).collect(Collectors.toList());
    String text = ToolNameSnapshot.display(names).orElseThrow();
    assertThat(text.length()).isLessThanOrEqualTo(180);
    assertThat(text).startsWith("`" + "0".repeat(40) + "`").endsWith(", …");
  }
}
