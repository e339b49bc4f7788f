package dev.loadout.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TextsTest {
  private static final String FACE = "😀"; // one character, two chars: a surrogate pair

  @Test
  void aCutNeverFallsBetweenTheHalvesOfAPair() {
    String text = "ab" + FACE + "cd";

    assertThat(Texts.cutPoint(text, 2)).isEqualTo(2);
    assertThat(Texts.cutPoint(text, 3)).as("inside the pair: before it").isEqualTo(2);
    assertThat(Texts.cutPoint(text, 4)).as("after the pair").isEqualTo(4);
    assertThat(Texts.cutPoint(text, 0)).isZero();
    assertThat(Texts.cutPoint(text, text.length())).isEqualTo(text.length());
    assertThatThrownBy(() -> Texts.cutPoint(text, 7)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void aCutTextEndsWithItsEllipsisWithinTheLimitAndAFittingTextIsKept() {
    assertThat(Texts.cut("abc", 3, "…")).isEqualTo("abc");
    assertThat(Texts.cut("abcdef", 4, "…")).isEqualTo("abc…");
    // Four chars leave room for three before the ellipsis, which would end inside the face: it goes whole.
    assertThat(Texts.cut("ab" + FACE + "cdef", 4, "…")).isEqualTo("ab…");
    assertThat(Texts.cut("ab" + FACE + "cdef", 5, "…")).isEqualTo("ab" + FACE + "…");
  }
}
