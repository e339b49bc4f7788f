package dev.loadout.benchmarks;

import dev.loadout.direct.DirectDecision;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.InMemoryToolTaskStore;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.direct.KeywordRule;
import dev.loadout.direct.TriggerMode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What keyword matching costs per message: 24 enabled rules ({@link DirectRules}: 16 prefix, 8 RE2 regex, the
 * most a catalog allows) against a benign and an adversarial 512-character message, neither of which matches.
 *
 * <p>{@link Adapter#LOADOUT_ROUTE} is the host's call, {@code DirectRouter.route(message)} in keyword mode over
 * an in-memory task store (which a message that matches nothing never touches): the negation and quote screen,
 * the literal filter, the per-rule automaton, then RE2J for the rules still in play. The rivals in the same run match the same 24 rules in a plain loop, one
 * with {@code com.google.re2j} (no literal filter) and one with {@code java.util.regex}, to show the gap.
 *
 * <p>Sample mode reports the median ({@code p0.50}); run with {@code -prof gc} for bytes per message.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class RuleMatchingBenchmark {

  /** Something that says how many rules a message triggers. */
  interface Matcher {
    /** The number of rules that match, or for the router 0 when it decided {@code not_matched}, else 1. */
    int match(String text);
  }

  /** The two messages. */
  public enum Message {
    /** Ordinary chat: no prefix, none of the regexes' required text. */
    BENIGN(DirectRules.BENIGN),
    /** Every regex's required text, long runs of spaces and digits, newlines that make every rule fail late. */
    ADVERSARIAL(DirectRules.ADVERSARIAL);

    final String text;

    Message(String text) {
      this.text = text;
    }
  }

  /** The rivals. */
  public enum Adapter {
    /** {@code DirectRouter.route}, keyword mode: screen, literal filter, 24 rules. */
    LOADOUT_ROUTE(rules -> router()),
    /** The same 24 rules in a loop, the regexes on {@code com.google.re2j} without a literal filter. */
    RE2J_LOOP(rules -> new PlainRules(rules, p -> {
      com.google.re2j.Pattern c = com.google.re2j.Pattern.compile(p);
      return t -> c.matcher(t).matches();
    })),
    /** The same 24 rules in a loop, the regexes on {@code java.util.regex}. */
    JAVA_UTIL_REGEX(rules -> new PlainRules(rules, p -> {
      java.util.regex.Pattern c = java.util.regex.Pattern.compile(p);
      return t -> c.matcher(t).matches();
    }));

    final Function<List<KeywordRule>, Matcher> factory;

    Adapter(Function<List<KeywordRule>, Matcher> factory) {
      this.factory = factory;
    }

    Matcher create() {
      return factory.apply(DirectRules.rules());
    }
  }

  @Param
  public Adapter adapter;

  @Param
  public Message message;

  private Matcher matcher;
  private String text;

  @Setup(Level.Trial)
  public void setUp() {
    matcher = adapter.create();
    text = message.text;
    if (matcher.match(text) != 0) {
      throw new IllegalStateException(adapter + " matched the " + message + " message, which must match nothing");
    }
  }

  @Benchmark
  public int route() {
    return matcher.match(text);
  }

  /** The router over {@link DirectRules#catalog()} in keyword mode, an in-memory store and a fixed clock. */
  static Matcher router() {
    DirectRouter router = DirectRouter.of(DirectRules.catalog(), new InMemoryToolTaskStore(),
        DirectSettings.defaults().withMode(TriggerMode.KEYWORD), Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"),
            ZoneOffset.UTC));
    return t -> router.route(IncomingMessage.of("bench-session", "m1", t)) instanceof DirectDecision.NotMatched
        ? 0 : 1;
  }

  /** The baselines: prefix rules as the router matches them, regexes through the given engine. */
  static final class PlainRules implements Matcher {
    private final String[] prefixes;
    private final java.util.function.Predicate<String>[] regexes;

    @SuppressWarnings("unchecked")
    PlainRules(List<KeywordRule> rules, Function<String, java.util.function.Predicate<String>> engine) {
      prefixes = rules.stream().filter(r -> r.kind() == KeywordRule.Kind.PREFIX).map(KeywordRule::pattern)
          .toArray(String[]::new);
      regexes = rules.stream().filter(r -> r.kind() == KeywordRule.Kind.REGEX).map(r -> engine.apply(r.pattern()))
          .toArray(java.util.function.Predicate[]::new);
    }

    @Override
    public int match(String message) {
      String text = message.strip();
      if (text.codePointCount(0, text.length()) > DirectRules.MESSAGE_CHARS) {
        return 0;
      }
      int hits = 0;
      for (String prefix : prefixes) {
        if (text.regionMatches(true, 0, prefix, 0, prefix.length())
            && (text.length() == prefix.length() || isSeparator(text.charAt(prefix.length())))) {
          hits++;
        }
      }
      for (java.util.function.Predicate<String> regex : regexes) {
        if (regex.test(text)) {
          hits++;
        }
      }
      return hits;
    }

    private static boolean isSeparator(char c) {
      return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == ':' || c == '：';
    }
  }
}
