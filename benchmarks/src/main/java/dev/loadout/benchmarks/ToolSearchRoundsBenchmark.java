package dev.loadout.benchmarks;

import dev.loadout.core.Dialect;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 19's speed target for tool search: across a 50-round session in which the model finds five tools one by one,
 * {@code prepare} + {@code render} of the 300-tool guild ({@link SearchGuild}) stays within 2× of the P1 warm median
 * ({@link PrepareRenderBenchmark}'s {@code LOADOUT_WARM}: 100 tools, nothing deferred).
 *
 * <p>The P1 baseline runs in the same JMH run, because the ratio is the target and absolute times drift on a shared
 * machine. Each invocation is one round of {@link SearchRounds}: the session starts over every 50 rounds, so the
 * measurement covers the rounds before, between and after the five discoveries in their real proportion.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class ToolSearchRoundsBenchmark {

  /** The rivals. */
  public enum Adapter {
    /** P1 warm: {@link PrepareRenderBenchmark}'s {@code LOADOUT_WARM} (100 tools, two guilds alternating). */
    P1_WARM,
    /** One guild's 50-round session with tool search, rendered for OpenAI Chat (emulated {@code search_tools}). */
    SEARCH_SESSION,
    /** The same session rendered for Anthropic with its own tool search (every deferred tool in the render). */
    SEARCH_SESSION_NATIVE_ANTHROPIC,
    /** For scale: the same 300 tools without tool search, all loaded, one guild, OpenAI Chat. */
    ALL_300_LOADED,
    /** Two guilds' sessions interleaved round by round on one Loadout, OpenAI Chat: a bot serving two servers. */
    SEARCH_TWO_GUILDS
  }

  @Param
  public Adapter adapter;

  private LoadoutWarm warm;
  private dev.loadout.core.Loadout loaded;
  private SearchRounds[] sessions;

  /** Per-thread round counters. */
  @State(Scope.Thread)
  public static class Counter {
    private int turn;
  }

  @Setup(Level.Trial)
  public void setUp() {
    Toolset toolset = Toolset.load();
    switch (adapter) {
      case P1_WARM -> warm = new LoadoutWarm(toolset);
      case SEARCH_SESSION -> sessions = new SearchRounds[] {new SearchRounds(toolset, Dialect.OPENAI_CHAT)};
      case SEARCH_SESSION_NATIVE_ANTHROPIC ->
          sessions = new SearchRounds[] {new SearchRounds(toolset, Dialect.ANTHROPIC)};
      case ALL_300_LOADED -> loaded = SearchGuild.loadout(toolset, null);
      case SEARCH_TWO_GUILDS -> {
        SearchRounds a = new SearchRounds(toolset, Dialect.OPENAI_CHAT);
        sessions = new SearchRounds[] {a, a.otherGuild()};
      }
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    if (warm != null) {
      warm.close();
    }
    if (sessions != null) {
      sessions[0].close();
    }
    if (loaded != null) {
      loaded.close();
    }
  }

  @Benchmark
  public Object prepareAndRender(Counter counter) {
    int turn = counter.turn++;
    if (warm != null) {
      return warm.turn(Turns.BOTH.get(turn & 1));
    }
    if (loaded != null) {
      return loaded.prepare(Turns.A).render(Dialect.OPENAI_CHAT);
    }
    return sessions.length == 1 ? sessions[0].round() : sessions[turn & 1].round();
  }
}
