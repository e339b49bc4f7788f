package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import dev.loadout.core.internal.regex.UserRegex;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.JsonNode;

/** Properties of templates and rule matching. */
class DirectPropertiesTest {

  @Property(tries = 500)
  void expansionAlwaysYieldsValidJsonWithTheTemplatesShape(@ForAll String input, @ForAll String message) {
    ArgumentTemplate t = ArgumentTemplate.of(
        "{\"q\":\"{{input}}\",\"m\":\"pre {{message}} post\",\"list\":[\"{{input}}\",1],\"n\":{\"k\":\"{{match}}\"}}");
    ArgumentTemplate.Expansion e = t.expand(new ArgumentTemplate.Values(input, message, message, List.of()));
    if (e.problem() != null) {
      assertThat(input.isBlank() || message.isBlank()).isTrue();
      return;
    }
    JsonNode reparsed = ArgumentTemplate.MAPPER.readTree(ArgumentTemplate.MAPPER.writeValueAsString(e.arguments()));
    assertThat(reparsed).isEqualTo(e.arguments());
    assertThat(reparsed.propertyNames()).containsExactly("q", "m", "list", "n");
    assertThat(reparsed.get("q").stringValue()).isEqualTo(input);
    assertThat(reparsed.get("m").stringValue()).isEqualTo("pre " + message + " post");
    assertThat(reparsed.get("list").size()).isEqualTo(2);
    assertThat(reparsed.get("n").size()).isEqualTo(1);
  }

  /** Patterns within the save-time limits, built from nesting and repetition, the shapes that hurt backtrackers. */
  @Provide
  Arbitrary<String> adversarialPatterns() {
    Arbitrary<String> atom = Arbitraries.of("a", "a*", "a+", "(a|aa)", "(a+)+", "(a*)*", ".*", "(?:a|a)", "[ab]", "\\w+");
    Arbitrary<String> counted = Combinators.combine(atom, Arbitraries.integers().between(1, 8))
        .as((a, n) -> "(?:" + a + "){1," + n + "}");
    return Combinators.combine(Arbitraries.oneOf(atom, counted).list().ofMinSize(1).ofMaxSize(6),
            Arbitraries.of("$", "b$", "!$"))
        .as((parts, end) -> "^" + String.join("", parts) + end)
        .filter(p -> UserRegex.problems(p, UserRegex.KEYWORD_RULE, 0).isEmpty());
  }

  @Provide
  Arbitrary<String> shortInputs() {
    return Arbitraries.strings().withChars("ab!").ofMaxLength(12);
  }

  /** RE2 bounds the time (its own guarantee); this checks the patterns the limits admit mean what the JDK means. */
  @Property(tries = 300)
  void patternsWithinTheLimitsMatchAsTheJdkDoesOnShortInput(@ForAll("adversarialPatterns") String pattern,
      @ForAll("shortInputs") String text) {
    assertThat(Pattern.compile(pattern).matcher(text).matches())
        .isEqualTo(java.util.regex.Pattern.compile(pattern).matcher(text).matches());
  }

  @Property(tries = 300)
  void everyPatternWithinTheLimitsCompilesAndEveryPatternOutsideIsRefused(@ForAll("counts") int n, @ForAll("counts") int m) {
    String pattern = "^(?:a{" + n + "}){" + m + "}$";
    boolean within = n <= 64 && m <= 64 && (long) n * m <= 256;
    assertThat(UserRegex.problems(pattern, UserRegex.KEYWORD_RULE, 0).isEmpty()).isEqualTo(within);
  }

  @Provide
  Arbitrary<Integer> counts() {
    return Arbitraries.integers().between(1, 120);
  }
}
