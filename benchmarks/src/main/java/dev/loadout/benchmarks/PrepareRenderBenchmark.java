package dev.loadout.benchmarks;

import dev.loadout.core.TurnContext;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one turn costs before the model request can be sent: the 100 tools of the fixture (60 built-ins,
 * 20 of them with per-context variants, and 40 MCP-style tools), prepared for the turn and rendered as
 * the OpenAI Chat Completions {@code tools} bytes.
 *
 * <p>Rivals run in the same JMH run through {@link Adapter}, because absolute times drift between runs
 * on a shared machine while ratios within one run hold. Each invocation alternates between two guilds
 * ({@link Turns}) so every per-context variant switches shape from one turn to the next.
 *
 * <p>Sample mode reports the median ({@code p0.50}); run with {@code -prof gc} for bytes allocated per
 * turn ({@code gc.alloc.rate.norm}).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class PrepareRenderBenchmark {

  /** The rivals. */
  public enum Adapter {
    /** One Loadout built at start-up; per turn {@code prepare(ctx)} then {@code render(OPENAI_CHAT)}. */
    LOADOUT_WARM(LoadoutWarm::new),
    /** The same with every built-in availability rule enabled (requirements, tool groups, deliberate mode). */
    LOADOUT_WARM_ALL_FILTERS(toolset -> new LoadoutWarm(toolset, true)),
    /** Per turn: copy, edit and build all 100 {@code ToolSpec}s, then serialise them with Jackson. */
    REBUILD_EACH_TURN(RebuildEachTurn::new),
    /** Per turn: deep-copy the 100 definitions and write bytes; the peers' table floor. */
    JACKSON_COPY_AND_WRITE(JacksonCopyAndWrite::new);

    private final Function<Toolset, TurnAdapter> factory;

    Adapter(Function<Toolset, TurnAdapter> factory) {
      this.factory = factory;
    }

    TurnAdapter create(Toolset toolset) {
      return factory.apply(toolset);
    }
  }

  @Param
  public Adapter adapter;

  private TurnAdapter turns;

  /** Per-thread, so that each thread alternates its own turns. */
  @State(Scope.Thread)
  public static class Alternation {
    private int turn;

    TurnContext next() {
      return Turns.BOTH.get(turn++ & 1);
    }
  }

  @Setup(Level.Trial)
  public void setUp() {
    turns = adapter.create(Toolset.load());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    turns.close();
  }

  @Benchmark
  public Object prepareAndRender(Alternation alternation) {
    return turns.turn(alternation.next());
  }
}
