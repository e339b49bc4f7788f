package dev.loadout.core.internal.regex;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import org.junit.jupiter.api.Test;

class UserRegexTest {
  @Test
  void aPatternWithinTheLimitsCompilesWithTheGivenFlags() {
    UserRegex.Checked checked = UserRegex.check("^remind (me|us) in (\\d+)$", UserRegex.KEYWORD_RULE, Pattern.CASE_INSENSITIVE);

    assertThat(checked.problems()).isEmpty();
    assertThat(checked.syntaxError()).isNull();
    assertThat(checked.pattern().matcher("REMIND me in 5").matches()).isTrue();
  }

  @Test
  void countedRepetitionIsBoundedByTheProgramItCompilesToNotByItsLength() {
    assertThat(UserRegex.problems("(a{64}){64}", UserRegex.KEYWORD_RULE, 0))
        .containsExactly("must expand to at most 256 atoms after counted repetition, but the estimate was 4096");
    assertThat(UserRegex.problems("((a{10}){10}){10}", UserRegex.KEYWORD_RULE, 0))
        .containsExactly("must expand to at most 256 atoms after counted repetition, but the estimate was 1000");
    assertThat(UserRegex.problems("a{65}", UserRegex.KEYWORD_RULE, 0))
        .containsExactly("must repeat at most 64 times in one counted repetition, but had {65}");
    assertThat(UserRegex.problems("(a{30}){40}", UserRegex.INTENT_TRIGGER, 0))
        .containsExactly("must expand to at most 1024 atoms after counted repetition, but the estimate was 1200");
    assertThat(UserRegex.problems(".{0,120}x", UserRegex.INTENT_TRIGGER, 0)).as("the built-in phrases' shape").isEmpty();
  }

  @Test
  void lengthIsCheckedFirstAndAloneInCodePoints() {
    String faces = "😀".repeat(161);

    assertThat(UserRegex.problems(faces, UserRegex.KEYWORD_RULE, 0))
        .containsExactly("must be at most 160 characters, but was 161");
    assertThat(UserRegex.problems("😀".repeat(160), UserRegex.KEYWORD_RULE, 0)).isEmpty();
    assertThat(UserRegex.check("(".repeat(161), UserRegex.KEYWORD_RULE, 0).syntaxError()).as("never compiled").isNull();
  }

  @Test
  void groupsAndSyntaxErrorsAreNamed() {
    assertThat(UserRegex.problems("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)", UserRegex.KEYWORD_RULE, 0))
        .containsExactly("must have at most 9 capture groups, but had 10");
    UserRegex.Checked bad = UserRegex.check("(a)\\1", UserRegex.KEYWORD_RULE, 0);
    assertThat(bad.pattern()).isNull();
    assertThat(bad.syntaxError()).isNotNull();
    assertThat(bad.problems()).singleElement().asString()
        .startsWith("must be an RE2 regular expression (no look-around, no back-references), but ").endsWith(" in [(a)\\1]");
  }

  @Test
  void theEstimateWalksPathologicalPatternsWithoutRecursion() {
    assertThat(UserRegex.estimate("(".repeat(200_000)).size()).isZero();
    assertThat(UserRegex.estimate("(?:".repeat(50_000) + "a" + "){9}".repeat(50_000)).size())
        .as("capped, never overflowing").isEqualTo(1L << 40);
    assertThat(UserRegex.estimate("[" + "\\".repeat(99_999)).size()).isEqualTo(1);
    assertThat(UserRegex.estimate("a{99999999999}").size()).as("not a count RE2 accepts: each character an atom").isEqualTo(14);
  }
}
