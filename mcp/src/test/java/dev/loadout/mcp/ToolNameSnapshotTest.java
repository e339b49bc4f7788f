package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

  @Test
  void theCapsMustBePositive() {
    assertThatThrownBy(() -> ToolNameSnapshot.normalise(List.of("a"), 0, 1))
        .hasMessage("snapshot caps must be positive, but were maxNames=0, maxCodePoints=1");
    assertThatThrownBy(() -> ToolNameSnapshot.normalise(List.of("a"), 1, 0))
        .hasMessage("snapshot caps must be positive, but were maxNames=1, maxCodePoints=0");
    assertThat(ToolNameSnapshot.normalise(List.of("abc", "d"), 1, 1)).containsExactly("a");
  }

  @Test
  void aNameOfExactlyTheCapIsKeptWholeAndACutNameLosesItsTrailingSpace() {
    assertThat(ToolNameSnapshot.normalise(List.of("abc", "abcd", "ab cd"), 10, 3)).containsExactly("abc", "ab");
  }

  @Test
  void duplicatesDoNotCountTowardsTheNameCap() {
    assertThat(ToolNameSnapshot.normalise(List.of("a", "a", " a ", "b", "c"), 2, 10)).containsExactly("a", "b");
  }

  @Test
  void unicodeSpacesCountAsBlanksAndOtherCharactersAreKept() {
    assertThat(ToolNameSnapshot.normalise(List.of("\u00a0 x\u2003y\u3000", "~\u00a1\u00e9")))
        .containsExactly("x y", "~\u00a1\u00e9");
  }

  @Test
  void fiveNamesThatFillExactly180CharactersAreShownWholeWithoutAnEllipsis() {
    List<String> names = List.of("a".repeat(40), "b".repeat(40), "c".repeat(40), "d".repeat(40), "ee");
    String text = ToolNameSnapshot.display(names).orElseThrow();
    assertThat(text).hasSize(180).endsWith("`ee`");
    List<String> over = List.of("a".repeat(40), "b".repeat(40), "c".repeat(40), "d".repeat(40), "eee");
    assertThat(ToolNameSnapshot.display(over).orElseThrow()).hasSize(177).endsWith("`" + "d".repeat(40) + "`, …");
  }

  @Test
  void aNameIsShownBeforeTheEllipsisOnlyWhenBothFit() {
    List<String> fits = List.of("a".repeat(40), "a".repeat(40), "a".repeat(40), "b".repeat(20), "c".repeat(19), "z");
    assertThat(ToolNameSnapshot.display(fits).orElseThrow()).hasSize(180).endsWith("`" + "c".repeat(19) + "`, …");
    List<String> tight = List.of("a".repeat(40), "a".repeat(40), "a".repeat(40), "b".repeat(20), "c".repeat(20), "z");
    assertThat(ToolNameSnapshot.display(tight).orElseThrow()).hasSize(157).endsWith("`" + "b".repeat(20) + "`, …");
  }

  @Test
  void exactlyFiveNamesNeedNoEllipsis() {
    assertThat(ToolNameSnapshot.display(List.of("1", "2", "3", "4", "5"))).contains("`1`, `2`, `3`, `4`, `5`");
    assertThat(ToolNameSnapshot.display(List.of("a b\tc"))).contains("`a b c`");
  }
}
