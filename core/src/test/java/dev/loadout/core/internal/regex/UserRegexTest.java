package dev.loadout.core.internal.regex;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

  /** No expansion allowed: every pattern is refused, and the sentence says what the estimate counted. */
  static final UserRegex.Limits COUNT_ONLY = new UserRegex.Limits(500, 100, 1_000, 0);

  /**
   * What one atom is, read through the refusal's sentence: a character, an escape, a quoted run's characters, a
   * class (whatever its content), a group's body; anchors, flags and the free quantifiers add nothing; alternatives
   * add up; a counted repetition multiplies its atom by its upper bound, or by the lower bound plus one when open.
   */
  @ParameterizedTest(name = "[{0}] counts {1}")
  @CsvSource(delimiter = ';', quoteCharacter = '"', value = {
      "abc ; 3",
      "a|bc ; 3",
      "(ab){3} ; 6",
      "ab{3} ; 4",
      "a{2,5} ; 5",
      "a{2,} ; 3",
      "\\d\\w ; 2",
      "\\Qa.b\\E ; 3",
      "\\Qa.b ; 3",
      "\\p{Greek}x ; 2",
      "[a-z]x ; 2",
      "[]a]b ; 2",
      "[^]a]b ; 2",
      "[[:alpha:]x]y ; 2",
      "[\\]]z ; 2",
      "(?:ab)c ; 3",
      "(?i)ab ; 2",
      "(?i:ab){2} ; 4",
      "(?P<name>ab)c ; 3",
      "a*b+c? ; 3",
      "^a$ ; 1",
      "x{ ; 2",
      "x{a} ; 4",
      "x{,3} ; 5",
      "😀😀 ; 2",
      "(a|bc){2}d ; 7"})
  void theEstimateCountsAtomsAndMultipliesByCountedRepetition(String pattern, long atoms) {
    assertThat(UserRegex.problems(pattern, COUNT_ONLY, 0))
        .containsExactly("must expand to at most 0 atoms after counted repetition, but the estimate was " + atoms);
  }

  @Test
  void theLargestCountOfEitherBoundIsTheRepetitionChecked() {
    UserRegex.Limits sixtyFour = new UserRegex.Limits(500, 100, 64, 100_000);
    assertThat(UserRegex.problems("a{3,70}", sixtyFour, 0))
        .containsExactly("must repeat at most 64 times in one counted repetition, but had {70}");
    assertThat(UserRegex.problems("a{70,}", sixtyFour, 0))
        .containsExactly("must repeat at most 64 times in one counted repetition, but had {70}");
    assertThat(UserRegex.problems("a{64}b{0,64}c{64,}", sixtyFour, 0)).as("at the bound").isEmpty();
  }

  @Test
  void eachBoundHoldsAtItsValueAndRefusesOneMore() {
    UserRegex.Limits tight = new UserRegex.Limits(8, 2, 3, 6);
    assertThat(UserRegex.problems("(a)(b)cd", tight, 0)).as("8 characters, 2 groups, 4 atoms").isEmpty();
    assertThat(UserRegex.problems("(a)(b)(c)", tight, 0)).containsExactly("must be at most 8 characters, but was 9");
    assertThat(UserRegex.problems("(a)(b)(c", new UserRegex.Limits(8, 2, 3, 6), 0)).singleElement().asString()
        .startsWith("must be an RE2 regular expression");
    assertThat(UserRegex.problems("(a)(b)(c)", new UserRegex.Limits(9, 2, 3, 6), 0))
        .containsExactly("must have at most 2 capture groups, but had 3");
    assertThat(UserRegex.problems("a{3}bcd", tight, 0)).as("6 atoms, a repetition of 3").isEmpty();
    assertThat(UserRegex.problems("a{3}bcde", tight, 0))
        .containsExactly("must expand to at most 6 atoms after counted repetition, but the estimate was 7");
    assertThat(UserRegex.problems("a{4}", tight, 0))
        .containsExactly("must repeat at most 3 times in one counted repetition, but had {4}");
    assertThat(UserRegex.problems("(a)(b)(c){9}", new UserRegex.Limits(12, 2, 3, 6), 0)).as("every bound broken, all named")
        .containsExactly("must have at most 2 capture groups, but had 3",
            "must repeat at most 3 times in one counted repetition, but had {9}",
            "must expand to at most 6 atoms after counted repetition, but the estimate was 11");
  }

  @Test
  void aRefusedPatternIsNotHandedOutAndTheProblemsCannotBeChangedAfterwards() {
    UserRegex.Checked refused = UserRegex.check("a{65}", UserRegex.KEYWORD_RULE, 0);
    assertThat(refused.pattern()).isNull();
    assertThat(refused.syntaxError()).as("it compiled; the bound refused it").isNull();
    java.util.List<String> mutable = new java.util.ArrayList<>(java.util.List.of("x"));
    UserRegex.Checked made = new UserRegex.Checked(null, null, mutable);
    mutable.add("y");
    assertThat(made.problems()).containsExactly("x");
    assertThat(UserRegex.lengthProblem("abc", new UserRegex.Limits(3, 1, 1, 1))).isNull();
    assertThat(UserRegex.lengthProblem("abcd", new UserRegex.Limits(3, 1, 1, 1)))
        .isEqualTo("must be at most 3 characters, but was 4");
  }
}
