package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RegexDfaTest {

  private static boolean re2(String pattern, String text) {
    return Pattern.compile(pattern).matcher(text).matches();
  }

  @ParameterizedTest
  @CsvSource(delimiterString = "⇒", quoteCharacter = '"', value = {
      "^.*?查询\\s*(.+)$         ⇒ 请帮我查询 北京天气  ⇒ true",
      "^.*?查询\\s*(.+)$         ⇒ 请帮我\\n查询 北京    ⇒ false",
      "^.*?查询\\s*(.+)$         ⇒ 查询\\n北京           ⇒ true",
      "^计算 (\\d+)$             ⇒ 计算 12345           ⇒ true",
      "^计算 (\\d+)$             ⇒ 计算 12a45           ⇒ false",
      "^(.{1,20}?)的?天气怎么样[？?]?$ ⇒ 北京的天气怎么样？ ⇒ true",
      "^(.{1,20}?)的?天气怎么样[？?]?$ ⇒ 天气怎么样        ⇒ false",
      "^(?:wiki|百科)\\s*[:：]\\s*(.{1,64})$ ⇒ 百科：长城  ⇒ true",
      "^[^a-c]+$                 ⇒ xyz\\n                ⇒ true",
      "^[^a-c]+$                 ⇒ xaz                  ⇒ false",
      "^\\x41\\x{4E2D}\\.$       ⇒ A中.                 ⇒ true",
      "^\\bword\\b$              ⇒ word                 ⇒ true",
      "a{2,3}                    ⇒ aaaa                 ⇒ false",
      "a{2,}                     ⇒ aaaa                 ⇒ true",
      "x{                        ⇒ x{                   ⇒ true",
      "^😀.$                     ⇒ 😀😀                 ⇒ true",
  })
  void theAutomatonAgreesWithRe2OnThePatternsOperatorsWrite(String pattern, String text, boolean matches) {
    String message = text.replace("\\n", "\n");
    RegexDfa dfa = RegexDfa.of(pattern.strip());
    assertThat(dfa).as("modelled").isNotNull();
    assertThat(re2(pattern.strip(), message)).as("RE2J itself").isEqualTo(matches);
    assertThat(dfa.mayMatch(message)).isEqualTo(matches);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "(?i)hello", "a(?s:.)b", "\\Qa.b\\E", "[^\\p{Han}]", "\\1x",
  })
  void syntaxThatCannotBeWidenedSafelyLeavesTheRuleWithoutAFilter(String pattern) {
    assertThat(RegexDfa.of(pattern)).isNull();
  }

  @Test
  void aPatternWhoseAutomatonWouldExplodeGoesWithoutOne() {
    // The NFA has ~64 states, but the DFA must remember which of the last 64 characters were 'a': 2^64 states.
    assertThat(RegexDfa.of("(?:a|b)*a(?:a|b){64}")).isNull();
  }

  @Test
  void widenedSetsMatchAtLeastWhatRe2Matches() {
    RegexDfa dfa = RegexDfa.of("^\\p{Han}+[[:alpha:]]$");
    assertThat(dfa.mayMatch("中文x")).isTrue();
    assertThat(dfa.mayMatch("x")).as("length still counts").isFalse();
  }

  // ---- properties: never "no" when RE2 says yes; exactly RE2 when every construct is modelled exactly ----

  @Provide
  Arbitrary<String> exactPatterns() {
    Arbitrary<String> atom = Arbitraries.of("a", "b", " ", "查", "\\n", ".", "\\d", "\\s", "\\S", "\\w", "\\W",
        "[ab]", "[^a]", "[a-c\\d]", "[^\\s]", "(a|b)", "(?:ab|a)", "(查|\\d)", "^", "$", "\\b");
    Arbitrary<String> quantified = Combinators.combine(atom, Arbitraries.of("", "", "*", "+", "?", "*?", "{2}",
        "{1,3}", "{0,2}?", "{2,}")).as((a, q) -> a.equals("^") || a.equals("$") || a.equals("\\b") ? a : a + q);
    return quantified.list().ofMinSize(1).ofMaxSize(7).map(parts -> String.join("", parts));
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.strings().withChars("ab 查1\n_.").ofMaxLength(10);
  }

  @Property(tries = 3000)
  void theAutomatonNeverRefusesAMessageRe2WouldMatch(@ForAll("exactPatterns") String pattern,
      @ForAll("texts") String text) {
    RegexDfa dfa = RegexDfa.of(pattern);
    assertThat(dfa).as(pattern).isNotNull();
    boolean expected = re2(pattern, text);
    if (expected) {
      assertThat(dfa.mayMatch(text)).as("%s on [%s]", pattern, text).isTrue();
    } else if (!pattern.contains("^") && !pattern.contains("$") && !pattern.contains("\\b")) {
      // Without assertions (which the automaton widens to the empty string) it is exact.
      assertThat(dfa.mayMatch(text)).as("%s on [%s]", pattern, text).isFalse();
    }
  }
}
