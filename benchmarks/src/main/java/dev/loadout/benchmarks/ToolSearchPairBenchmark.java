package dev.loadout.benchmarks;

import dev.loadout.core.Dialect;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link ToolSearchRoundsBenchmark}'s target ratio measured at the same moments: the P1 warm turn and the tool search
 * session run side by side on two threads of one JMH group, each on its own Loadout. On a shared machine whose load
 * changes from second to second, rivals measured one after the other can differ by 2× from the load alone; measured
 * together they see the same load. Both threads compete for the same two cores, so each time is higher than alone;
 * the ratio is what counts.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Group)
public class ToolSearchPairBenchmark {
  private LoadoutWarm warm;
  private SearchRounds session;

  /** Per-thread turn counter for the P1 alternation. */
  @State(Scope.Thread)
  public static class Counter {
    private int turn;
  }

  @Setup(Level.Trial)
  public void setUp() {
    Toolset toolset = Toolset.load();
    warm = new LoadoutWarm(toolset);
    session = new SearchRounds(toolset, Dialect.OPENAI_CHAT);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    warm.close();
    session.close();
  }

  /** P1 warm: 100 tools, two guilds alternating, OpenAI Chat. */
  @Benchmark
  @Group("pair")
  @GroupThreads(1)
  public Object p1Warm(Counter counter) {
    return warm.turn(Turns.BOTH.get(counter.turn++ & 1));
  }

  /** One round of the 300-tool guild's 50-round tool search session, OpenAI Chat. */
  @Benchmark
  @Group("pair")
  @GroupThreads(1)
  public Object searchSession() {
    return session.round();
  }
}
