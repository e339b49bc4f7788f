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
 * What gathering a guild's MCP tools costs once its connections are pooled: {@code sourcesFor(turn)} of
 * {@link GuildMcpManager} over in-JVM MCP servers on 127.0.0.1 (eight tools each), with every healthy server
 * connected during set-up.
 *
 * <p>{@code FOUR_HEALTHY_ONE_QUARANTINED} registers a fifth server that hangs at {@code initialize}: the
 * set-up's first gather pays its connect timeout and quarantines it (the set-up fails unless it did), so
 * the measured gathers show what a quarantined server adds per gather next to {@code FOUR_HEALTHY}, in the
 * same run. {@code FIVE_HEALTHY} is the warm pool of a guild with five servers.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class McpGatherBenchmark {
  /** The connect timeout of the set-up's first gather, which the hanging server costs once. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

  /** The guilds compared. */
  public enum Guild {
    /** Five healthy servers, all pooled. */
    FIVE_HEALTHY(5, false),
    /** Four healthy servers, all pooled. */
    FOUR_HEALTHY(4, false),
    /** The same four and a fifth that hangs at {@code initialize}, quarantined. */
    FOUR_HEALTHY_ONE_QUARANTINED(4, true);

    final int healthy;
    final boolean hanging;

    Guild(int healthy, boolean hanging) {
      this.healthy = healthy;
      this.hanging = hanging;
    }
  }

  @Param
  public Guild guild;

  private McpGuild servers;
  private GuildMcpManager manager;

  @Setup(Level.Trial)
  public void setUp() {
    servers = new McpGuild(guild.healthy, guild.hanging);
    servers.warmUp();
    manager = servers.manager(CONNECT_TIMEOUT);
    servers.check(manager, manager.sourcesFor(McpGuild.TURN));
    servers.check(manager, manager.sourcesFor(McpGuild.TURN));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    manager.close();
    servers.close();
  }

  @Benchmark
  public List<ToolSource> gather() {
    return manager.sourcesFor(McpGuild.TURN);
  }
}
