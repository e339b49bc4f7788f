package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.Environment;
import dev.loadout.core.internal.settings.EnvironmentReader;
import dev.loadout.core.internal.settings.Settings;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The limits and deadlines of guild MCP servers. Immutable; from {@link #builder()} or
 * {@link #fromEnvironment(Map)}.
 *
 * <table>
 *   <caption>Environment variables</caption>
 *   <tr><th>variable</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code GUILD_MCP_CONNECT_TIMEOUT_MS}</td><td>15000</td><td>one transport attempt: connect,
 *       initialize and tool discovery</td></tr>
 *   <tr><td>{@code GUILD_MCP_EXECUTION_TIMEOUT_MS}</td><td>30000</td><td>one tool call, unless a server sets
 *       its own; it takes effect whatever Loadout's default tool deadline is</td></tr>
 *   <tr><td>{@code GUILD_MCP_FAILURE_COOLDOWN_MS}</td><td>30000</td><td>the first quarantine after a failed
 *       connect or {@code GUILD_MCP_FAILURE_THRESHOLD} failed calls</td></tr>
 *   <tr><td>{@code GUILD_MCP_MAX_FAILURE_COOLDOWN_MS}</td><td>300000</td><td>the longest quarantine: each failed
 *       background retry doubles the last one up to this</td></tr>
 *   <tr><td>{@code GUILD_MCP_FAILURE_THRESHOLD}</td><td>3</td><td>consecutive transport-level call failures
 *       (no answer in time, an answer that is not MCP, a lost connection, an HTTP error) that quarantine a
 *       server; a tool's own error never counts</td></tr>
 *   <tr><td>{@code GUILD_MCP_TOOL_LIST_TTL_MS}</td><td>300000</td><td>how old the tool list of a Streamable HTTP
 *       server that announces list changes may get before it is listed again in the background</td></tr>
 *   <tr><td>{@code GUILD_MCP_PROGRESS_INTERVAL_MS}</td><td>1000</td><td>the shortest time between two
 *       progress notices delivered for one call</td></tr>
 *   <tr><td>{@code GUILD_MCP_CONNECTION_TTL_MINUTES}</td><td>10</td><td>idle connections are closed after this</td></tr>
 *   <tr><td>{@code MAX_MCP_SERVERS_PER_GUILD}</td><td>10</td><td>registrations per guild</td></tr>
 *   <tr><td>{@code MCP_TOOL_SNAPSHOT_MAX_NAMES}</td><td>100</td><td>names kept in a snapshot</td></tr>
 *   <tr><td>{@code MCP_TOOL_SNAPSHOT_NAME_MAX_CHARS}</td><td>128</td><td>code points per snapshot name</td></tr>
 *   <tr><td>{@code RUN_ENV}</td><td>production</td><td>HTTPS endpoints are required unless it is
 *       {@code development}, {@code dev}, {@code local} or {@code test}</td></tr>
 * </table>
 * A missing value gives the default; a value that cannot be read or is out of range (deadlines from 1 ms to
 * 1 day, and so are the cooldowns and TTLs; counts from 1) is refused with an
 * {@link IllegalArgumentException} naming the variable.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class McpSettings {
  /** Default connect deadline: one budget shared by the Streamable HTTP attempt and the SSE fallback. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(15);
  /** Default per-call deadline. */
  public static final Duration DEFAULT_EXECUTION_TIMEOUT = Duration.ofSeconds(30);
  /** Default first quarantine after a failed connect or too many failed calls. */
  public static final Duration DEFAULT_FAILURE_COOLDOWN = Duration.ofSeconds(30);
  /** Default longest quarantine, reached by doubling while background retries keep failing. */
  public static final Duration DEFAULT_MAX_FAILURE_COOLDOWN = Duration.ofMinutes(5);
  /** Default number of consecutive transport-level call failures that quarantine a server. */
  public static final int DEFAULT_FAILURE_THRESHOLD = 3;
  /** Default age after which a Streamable HTTP server's announced-changeable tool list is listed again. */
  public static final Duration DEFAULT_TOOL_LIST_TTL = Duration.ofMinutes(5);
  /** Default shortest time between two progress notices of one call. */
  public static final Duration DEFAULT_PROGRESS_INTERVAL = Duration.ofSeconds(1);
  /** The longest any of these durations may be: one day. */
  public static final Duration MAX_DURATION = Duration.ofDays(1);
  /** Default idle time before a pooled connection is closed. */
  public static final Duration DEFAULT_CONNECTION_TTL = Duration.ofMinutes(10);
  /** Default registrations per guild. */
  public static final int DEFAULT_MAX_SERVERS_PER_GUILD = 10;
  /** Default cap on one MCP HTTP response body, in bytes (8 MiB). */
  public static final int DEFAULT_MAX_RESPONSE_BYTES = 8 << 20;

  private final Duration connectTimeout;
  private final Duration executionTimeout;
  private final Duration failureCooldown;
  private final Duration maxFailureCooldown;
  private final int failureThreshold;
  private final Duration toolListTtl;
  private final Duration progressInterval;
  private final Duration connectionTtl;
  private final int maxServersPerGuild;
  private final int snapshotMaxNames;
  private final int snapshotNameMaxCodePoints;
  private final boolean requireHttps;
  private final int maxResponseBytes;

  private McpSettings(Builder b) {
    connectTimeout = b.connectTimeout;
    executionTimeout = b.executionTimeout;
    failureCooldown = b.failureCooldown;
    maxFailureCooldown = b.maxFailureCooldown;
    failureThreshold = b.failureThreshold;
    toolListTtl = b.toolListTtl;
    progressInterval = b.progressInterval;
    connectionTtl = b.connectionTtl;
    maxServersPerGuild = b.maxServersPerGuild;
    snapshotMaxNames = b.snapshotMaxNames;
    snapshotNameMaxCodePoints = b.snapshotNameMaxCodePoints;
    requireHttps = b.requireHttps;
    maxResponseBytes = b.maxResponseBytes;
  }

  /** A builder with every default: HTTPS required. */
  public static Builder builder() {
    return new Builder();
  }

  /** The defaults. */
  public static McpSettings defaults() {
    return builder().build();
  }

  /**
   * Settings from environment variables (see the table above), read as every Loadout {@code fromEnvironment}
   * reads them: a duration is a whole number in the variable's unit or one with {@code ms}, {@code s},
   * {@code min}, {@code h} or {@code d}. HTTPS is required unless {@code RUN_ENV} names a development environment
   * ({@code development}, {@code dev}, {@code local}, {@code test}); unset means production.
   *
   * @throws IllegalArgumentException naming the variable whose value cannot be read or is out of range
   */
  public static McpSettings fromEnvironment(Map<String, String> env) {
    EnvironmentReader vars = EnvironmentReader.of(env);
    Builder b = builder();
    b.connectTimeout(vars.duration("GUILD_MCP_CONNECT_TIMEOUT_MS", ChronoUnit.MILLIS, DEFAULT_CONNECT_TIMEOUT,
        Settings.MIN_DEADLINE, Settings.MAX_DEADLINE));
    b.executionTimeout(vars.duration("GUILD_MCP_EXECUTION_TIMEOUT_MS", ChronoUnit.MILLIS, DEFAULT_EXECUTION_TIMEOUT,
        Settings.MIN_DEADLINE, Settings.MAX_DEADLINE));
    b.failureCooldown(vars.duration("GUILD_MCP_FAILURE_COOLDOWN_MS", ChronoUnit.MILLIS, DEFAULT_FAILURE_COOLDOWN,
        Settings.MIN_DEADLINE, MAX_DURATION));
    // Unset, the cap follows a first cooldown set longer than the default cap (the builder's rule).
    if (vars.text("GUILD_MCP_MAX_FAILURE_COOLDOWN_MS").isPresent()) {
      b.maxFailureCooldown(vars.duration("GUILD_MCP_MAX_FAILURE_COOLDOWN_MS", ChronoUnit.MILLIS,
          DEFAULT_MAX_FAILURE_COOLDOWN, Settings.MIN_DEADLINE, MAX_DURATION));
    }
    b.failureThreshold((int) vars.whole("GUILD_MCP_FAILURE_THRESHOLD", DEFAULT_FAILURE_THRESHOLD, 1, 100));
    b.toolListTtl(vars.duration("GUILD_MCP_TOOL_LIST_TTL_MS", ChronoUnit.MILLIS, DEFAULT_TOOL_LIST_TTL,
        Settings.MIN_DEADLINE, MAX_DURATION));
    b.progressInterval(vars.duration("GUILD_MCP_PROGRESS_INTERVAL_MS", ChronoUnit.MILLIS, DEFAULT_PROGRESS_INTERVAL,
        Settings.MIN_DEADLINE, MAX_DURATION));
    b.connectionTtl(vars.duration("GUILD_MCP_CONNECTION_TTL_MINUTES", ChronoUnit.MINUTES, DEFAULT_CONNECTION_TTL,
        Settings.MIN_DEADLINE, MAX_DURATION));
    b.maxServersPerGuild((int) vars.whole("MAX_MCP_SERVERS_PER_GUILD", DEFAULT_MAX_SERVERS_PER_GUILD, 1, Integer.MAX_VALUE));
    b.snapshotMaxNames((int) vars.whole("MCP_TOOL_SNAPSHOT_MAX_NAMES", ToolNameSnapshot.DEFAULT_MAX_NAMES, 1,
        Integer.MAX_VALUE));
    b.snapshotNameMaxCodePoints((int) vars.whole("MCP_TOOL_SNAPSHOT_NAME_MAX_CHARS",
        ToolNameSnapshot.DEFAULT_NAME_MAX_CODE_POINTS, 1, Integer.MAX_VALUE));
    b.requireHttps(vars.environment() == Environment.PRODUCTION);
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("GUILD_MCP_MAX_FAILURE_COOLDOWN_MS and GUILD_MCP_FAILURE_COOLDOWN_MS: "
          + e.getMessage(), e);
    }
  }

  /** {@link #fromEnvironment(Map)} over {@link System#getenv()}. */
  public static McpSettings fromEnvironment() {
    return fromEnvironment(System.getenv());
  }

  /** The deadline of one transport attempt (connect, initialize, discovery). */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** The deadline of one tool call. */
  public Duration executionTimeout() {
    return executionTimeout;
  }

  /** The first quarantine of a server whose connect failed or whose calls failed {@link #failureThreshold()} times. */
  public Duration failureCooldown() {
    return failureCooldown;
  }

  /** The longest quarantine: each failed background retry doubles the last quarantine up to this. */
  public Duration maxFailureCooldown() {
    return maxFailureCooldown;
  }

  /** How many consecutive transport-level call failures quarantine a server. */
  public int failureThreshold() {
    return failureThreshold;
  }

  /** How old a Streamable HTTP server's announced-changeable tool list may get before it is listed again. */
  public Duration toolListTtl() {
    return toolListTtl;
  }

  /** The shortest time between two progress notices delivered for one call. */
  public Duration progressInterval() {
    return progressInterval;
  }

  /** How long an unused pooled connection stays open. */
  public Duration connectionTtl() {
    return connectionTtl;
  }

  /** The most registrations a guild may have. */
  public int maxServersPerGuild() {
    return maxServersPerGuild;
  }

  /** The most names a snapshot keeps. */
  public int snapshotMaxNames() {
    return snapshotMaxNames;
  }

  /** The most code points of one snapshot name. */
  public int snapshotNameMaxCodePoints() {
    return snapshotNameMaxCodePoints;
  }

  /** Whether endpoints must be {@code https}. */
  public boolean requireHttps() {
    return requireHttps;
  }

  /** The cap on one MCP HTTP response body, in bytes. */
  public int maxResponseBytes() {
    return maxResponseBytes;
  }

  /** A builder starting from these settings. */
  public Builder toBuilder() {
    Builder b = new Builder();
    // Not marked as set: a derived builder that raises the first cooldown raises the cap with it.
    b.maxFailureCooldown = maxFailureCooldown;
    return b.connectTimeout(connectTimeout).executionTimeout(executionTimeout)
        .failureCooldown(failureCooldown).failureThreshold(failureThreshold)
        .toolListTtl(toolListTtl).progressInterval(progressInterval).connectionTtl(connectionTtl).maxServersPerGuild(maxServersPerGuild)
        .snapshotMaxNames(snapshotMaxNames).snapshotNameMaxCodePoints(snapshotNameMaxCodePoints)
        .requireHttps(requireHttps).maxResponseBytes(maxResponseBytes);
  }

  @Override
  public String toString() {
    return "McpSettings{connectTimeout=" + connectTimeout + ", executionTimeout=" + executionTimeout
        + ", failureCooldown=" + failureCooldown + " to " + maxFailureCooldown + ", failureThreshold=" + failureThreshold
        + ", toolListTtl=" + toolListTtl + ", progressInterval=" + progressInterval + ", connectionTtl=" + connectionTtl + ", maxServersPerGuild="
        + maxServersPerGuild + ", snapshot=" + snapshotMaxNames + "x" + snapshotNameMaxCodePoints
        + ", requireHttps=" + requireHttps + ", maxResponseBytes=" + maxResponseBytes + "}";
  }

  /**
   * Builds {@link McpSettings}; every setter refuses a bad value at once.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration executionTimeout = DEFAULT_EXECUTION_TIMEOUT;
    private Duration failureCooldown = DEFAULT_FAILURE_COOLDOWN;
    private Duration maxFailureCooldown = DEFAULT_MAX_FAILURE_COOLDOWN;
    private boolean maxFailureCooldownSet;
    private int failureThreshold = DEFAULT_FAILURE_THRESHOLD;
    private Duration toolListTtl = DEFAULT_TOOL_LIST_TTL;
    private Duration progressInterval = DEFAULT_PROGRESS_INTERVAL;
    private Duration connectionTtl = DEFAULT_CONNECTION_TTL;
    private int maxServersPerGuild = DEFAULT_MAX_SERVERS_PER_GUILD;
    private int snapshotMaxNames = ToolNameSnapshot.DEFAULT_MAX_NAMES;
    private int snapshotNameMaxCodePoints = ToolNameSnapshot.DEFAULT_NAME_MAX_CODE_POINTS;
    private boolean requireHttps = true;
    private int maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;

    private Builder() {}

    /** Per-attempt connect deadline; positive. */
    public Builder connectTimeout(Duration d) {
      connectTimeout = positive("connectTimeout", d);
      return this;
    }

    /** Per-call deadline; positive. */
    public Builder executionTimeout(Duration d) {
      executionTimeout = positive("executionTimeout", d);
      return this;
    }

    /** The first quarantine; positive, at most a day. */
    public Builder failureCooldown(Duration d) {
      failureCooldown = positive("failureCooldown", d);
      return this;
    }

    /**
     * The longest quarantine; positive, at most a day, and not shorter than {@link #failureCooldown(Duration)}. Unless
     * set, the default or the first cooldown, whichever is longer.
     */
    public Builder maxFailureCooldown(Duration d) {
      maxFailureCooldown = positive("maxFailureCooldown", d);
      maxFailureCooldownSet = true;
      return this;
    }

    /** Consecutive transport-level call failures that quarantine a server; 1 to 100. */
    public Builder failureThreshold(int n) {
      if (n < 1 || n > 100) {
        throw new IllegalArgumentException("failureThreshold must be 1 to 100, but was " + n);
      }
      failureThreshold = n;
      return this;
    }

    /** Age after which an announced-changeable Streamable HTTP tool list is listed again; positive, at most a day. */
    public Builder toolListTtl(Duration d) {
      toolListTtl = positive("toolListTtl", d);
      return this;
    }

    /** Shortest time between two progress notices of one call; positive, at most a day. */
    public Builder progressInterval(Duration d) {
      progressInterval = positive("progressInterval", d);
      return this;
    }

    /** Idle time before a pooled connection is closed; positive. */
    public Builder connectionTtl(Duration d) {
      connectionTtl = positive("connectionTtl", d);
      return this;
    }

    /** Registrations per guild; positive. */
    public Builder maxServersPerGuild(int n) {
      maxServersPerGuild = positive("maxServersPerGuild", n);
      return this;
    }

    /** Names per snapshot; positive. */
    public Builder snapshotMaxNames(int n) {
      snapshotMaxNames = positive("snapshotMaxNames", n);
      return this;
    }

    /** Code points per snapshot name; positive. */
    public Builder snapshotNameMaxCodePoints(int n) {
      snapshotNameMaxCodePoints = positive("snapshotNameMaxCodePoints", n);
      return this;
    }

    /** Whether endpoints must be {@code https} (true by default). */
    public Builder requireHttps(boolean on) {
      requireHttps = on;
      return this;
    }

    /** Cap on one response body in bytes; positive. */
    public Builder maxResponseBytes(int n) {
      maxResponseBytes = positive("maxResponseBytes", n);
      return this;
    }

    /**
     * The settings.
     *
     * @throws IllegalArgumentException if the longest quarantine is shorter than the first
     */
    public McpSettings build() {
      if (!maxFailureCooldownSet && maxFailureCooldown.compareTo(failureCooldown) < 0) {
        maxFailureCooldown = failureCooldown;
      }
      if (maxFailureCooldown.compareTo(failureCooldown) < 0) {
        throw new IllegalArgumentException("maxFailureCooldown must not be shorter than failureCooldown (" + failureCooldown
            + "), but was " + maxFailureCooldown);
      }
      return new McpSettings(this);
    }

    private static Duration positive(String name, Duration d) {
      if (d == null || d.isZero() || d.isNegative() || d.compareTo(MAX_DURATION) > 0) {
        throw new IllegalArgumentException(name + " must be positive and at most " + MAX_DURATION + ", but was " + d);
      }
      return d;
    }

    private static int positive(String name, int n) {
      if (n <= 0) {
        throw new IllegalArgumentException(name + " must be positive, but was " + n);
      }
      return n;
    }
  }
}
