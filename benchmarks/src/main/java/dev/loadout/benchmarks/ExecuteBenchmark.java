package dev.loadout.benchmarks;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * One warm tool call through {@code PreparedTurn.execute}: resolve against the turn's 100 tools, parse the arguments,
 * check them against the variant shown, schedule and cancel the deadline, run the tool, cap the result. The tool
 * answers at once and runs on the caller's thread ({@code executor(Runnable::run)}), so what is measured is
 * Loadout's own path, not a thread hop. Sample mode reports the median; {@code -prof gc} the bytes per call.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class ExecuteBenchmark {
  private Loadout loadout;
  private PreparedTurn turn;
  private ToolCall call;

  @Setup(Level.Trial)
  public void setUp() {
    Toolset toolset = Toolset.load();
    List<BaseTool> builtIns = new ArrayList<>(Toolset.BUILT_INS);
    for (int i = 0; i < Toolset.BUILT_INS; i++) {
      builtIns.add(FixtureTool.of(toolset.spec(i), Variants.rule(toolset.name(i))));
    }
    ToolRegistry registry = ToolRegistry.builder().register(builtIns.toArray(new BaseTool[0])).build();
    loadout = Loadout.builder(registry).groupOrder(Toolset.GROUP_ORDER).executor(Runnable::run).build();
    turn = loadout.prepare(Turns.BOTH.get(0));
    // A call that passes every check and reaches the tool, which answers at once.
    call = ToolCall.of("call_1", "get_weather", "{\"location\":\"Berlin\"}");
    ToolResult r = turn.execute(call).toCompletableFuture().join();
    if (!(r instanceof ToolResult.Failure f && f.code().equals("not_implemented"))) {
      throw new IllegalStateException("the call did not reach the tool, so the benchmark would measure a refusal: " + r);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    loadout.close();
  }

  /** One call, from the model's call to the capped result. */
  @Benchmark
  public ToolResult execute() {
    return turn.execute(call).toCompletableFuture().join();
  }
}
