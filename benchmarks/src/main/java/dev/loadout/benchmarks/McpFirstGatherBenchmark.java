package dev.loadout.benchmarks;

import dev.loadout.core.ToolSource;
import dev.loadout.mcp.GuildMcpManager;
import java.time.Duration;
import java.util.List;
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
 * How long a guild's first gather takes when one of its five servers hangs: every invocation is a first
 * gather of a new {@link GuildMcpManager} (empty pool, no quarantine) over four healthy in-JVM servers and
 * one that hangs at {@code initialize}. All five connect in parallel; the hanging one is cut at the connect
 * timeout, so the gather should end just after {@link #connectTimeoutMs} (target: within it plus 50 ms).
 * Each invocation is checked: the four healthy servers were gathered and the hanging one was quarantined.
 *
 * <p>The servers are warmed up before measuring; what is measured is Loadout's deadline, not a cold server.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 15)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class McpFirstGatherBenchmark {
  /** The configured connect timeout, in milliseconds. */
  @Param({"500", "1000"})
  public long connectTimeoutMs;

  private McpGuild servers;
  private GuildMcpManager manager;
  private List<ToolSource> gathered;

  @Setup(Level.Trial)
  public void startServers() {
    servers = new McpGuild(4, true);
    servers.warmUp();
  }

  @Setup(Level.Invocation)
  public void newManager() {
    manager = servers.manager(Duration.ofMillis(connectTimeoutMs));
  }

  @TearDown(Level.Invocation)
  public void checkAndClose() {
    servers.check(manager, gathered);
    manager.close();
  }

  @TearDown(Level.Trial)
  public void stopServers() {
    servers.close();
  }

  @Benchmark
  public List<ToolSource> firstGather() {
    gathered = manager.sourcesFor(McpGuild.TURN);
    return gathered;
  }
}
