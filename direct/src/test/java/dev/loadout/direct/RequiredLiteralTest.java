package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequiredLiteralTest {

  @ParameterizedTest(name = "[{0}] needs [{1}]")
  @CsvSource(delimiter = '#', nullValues = "-", value = {
      "^计算 (\\d+)$#'计算 '",
      "^.*?查询\\s*(.+)$#查询",
      "^(?:帮我搜索|帮我查一下|搜索)\\s+(.+)$#-",
      "^translate\\s+(.+)\\s+to\\s+(\\w+)$#translate",
      "^ab{2}c$#a",
      "^abc?d$#ab",
      "^x\\p{Han}+yz$#yz",
      "^\\x41bc$#Abc",
      "^把(.+)翻译成英文$#翻译成英文",
      "^(ab)c(d|e)$#abc",
      "^(?i)hello$#-",
      "^a|b$#-",
      "^\\Qab\\E*$#-",
      "^[abc]xyz$#xyz",
      "^[[:alpha:]]xyz$#xyz"})
  void theRequiredLiteralIsReadFromTheTopLevelSequence(String pattern, String literal) {
    assertThat(RequiredLiteral.of(RegexSyntax.parse(pattern))).isEqualTo(literal);
  }

  @Provide
  Arbitrary<String> patterns() {
    Arbitrary<String> piece = Arbitraries.of("a", "b", "ab", "c", "a?", "b*", "a+", "(a|b)", "(?:ab)?", "[ab]", "\\d",
        "x{2}", "b{0,2}", "\\pL", "(a)", ".", "查", "询?", "\\s");
    return piece.list().ofMinSize(1).ofMaxSize(6).map(parts -> "^" + String.join("", parts) + "$");
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.strings().withChars("abcx1 查询").ofMaxLength(10);
  }

  @Property(tries = 2000)
  void aMessageWithoutTheLiteralNeverMatches(@ForAll("patterns") String pattern, @ForAll("texts") String text) {
    String literal = RequiredLiteral.of(RegexSyntax.parse(pattern));
    if (literal != null && Pattern.compile(pattern).matcher(text).matches()) {
      assertThat(text).contains(literal);
    }
  }
}
