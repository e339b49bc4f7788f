package dev.loadout.core.direct;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
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
        .filter(p -> RegexLimits.problems(p).isEmpty());
  }

  @Property(tries = 200)
  void matchingStaysLinearOnAdversarialInput(@ForAll("adversarialPatterns") String pattern) {
    Pattern p = Pattern.compile(pattern);
    // RE2 runs in time linear in the input: work counted in steps is not observable, so compare two lengths
    // of the same adversarial run; an exponential matcher would not finish the 512-character one at all.
    String shortRun = "a".repeat(64) + "!";
    String longRun = "a".repeat(511) + "!";
    long shortNanos = time(p, shortRun);
    long longNanos = time(p, longRun);
    assertThat(longNanos).isLessThan(Math.max(shortNanos, 200_000L) * 8 * 40);
  }

  private static long time(Pattern p, String text) {
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      long start = System.nanoTime();
      p.matcher(text).matches();
      best = Math.min(best, System.nanoTime() - start);
    }
    return best;
  }

  @Property(tries = 300)
  void everyPatternWithinTheLimitsCompilesAndEveryPatternOutsideIsRefused(@ForAll("counts") int n, @ForAll("counts") int m) {
    String pattern = "^(?:a{" + n + "}){" + m + "}$";
    boolean within = n <= 64 && m <= 64 && (long) n * m <= 256;
    assertThat(RegexLimits.problems(pattern).isEmpty()).isEqualTo(within);
  }

  @Provide
  Arbitrary<Integer> counts() {
    return Arbitraries.integers().between(1, 120);
  }
}
