package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

// Over 400 lines on purpose: a public value type with two factories, its accessors and a checked Builder of about
// 150 lines; there is no logic in it to move out.
/**
 * A bot-wide MCP server that the host configures (in code, or from a file with {@link HostMcpConfig}), never a
 * guild's administrator: its tools are offered on every turn, in guilds and in direct messages. Give the servers
 * to {@link GuildMcpManager.Builder#hostServers(List)}.
 *
 * <p>Two kinds:
 * <ul>
 *   <li>{@link #http(String, String)}: a remote server over Streamable HTTP then SSE ({@link Transport#AUTO}), or
 *       one of them. Its URL passes the manager's network guard at every connect, as a guild server's does,
 *       unless the host marks it {@linkplain Builder#trustedPrivate(boolean) trusted-private}: a server of the
 *       host's own on a private address (the cloud-metadata addresses stay refused). HTTPS is the host's
 *       choice here, not required.</li>
 *   <li>{@link #stdio(String, String, List)}: a local process that speaks MCP on its standard input and output.
 *       It is started on the first turn that needs it, restarted in the background (with the breaker's back-off)
 *       when it exits, and killed with its child processes when the manager closes. It gets only a minimal
 *       environment (the path, home, user, locale and temporary folder) plus what {@link Builder#env} adds, never
 *       the bot's own secrets. Stdio exists only here: a guild administrator can never start a process.</li>
 * </ul>
 *
 * <p>Host servers share everything else with guild servers: the health model and breaker, deadlines, result
 * mapping and {@link ToolSelection}. Their tools outrank guild tools of the same name (see
 * {@link dev.loadout.core.ExternalToolSources}); two host servers offering one name both lose it.
 *
 * <p>Immutable; the token and the environment's values never appear in {@link #toString()}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HostMcpServer {
  /**
   * How a host server is reached.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Transport {
    /** Streamable HTTP, then SSE if the server does not speak it: what guild servers use. */
    AUTO("auto"),
    /** Streamable HTTP only. */
    STREAMABLE_HTTP("streamable_http"),
    /** The legacy SSE transport only. */
    SSE("sse"),
    /** A local process over standard input and output. */
    STDIO("stdio");

    private final String wireName;

    Transport(String wireName) {
      this.wireName = wireName;
    }

    /** The name in a config file: {@code auto}, {@code streamable_http}, {@code sse} or {@code stdio}. */
    public String wireName() {
      return wireName;
    }

    /** The transport a config file names, ignoring case; empty when it names none. */
    public static Optional<Transport> parse(String text) {
      String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
      for (Transport x : values()) {
        if (x.wireName.equals(t)) {
          return Optional.of(x);
        }
      }
      return Optional.empty();
    }
  }

  private final String name;
  private final Transport transport;
  private final String url;
  private final String token;
  private final boolean trustedPrivate;
  private final StdioCommand command;
  private final ServerType type;
  private final boolean enabled;
  private final ToolSelection selection;
  private final Duration executionTimeout;
  private final String group;

  private HostMcpServer(Builder b) {
    this.name = b.name;
    this.transport = b.transport;
    this.url = b.url;
    this.token = b.token;
    this.trustedPrivate = b.trustedPrivate;
    this.command = b.transport == Transport.STDIO ? b.stdioCommand() : null;
    this.type = b.type;
    this.enabled = b.enabled;
    this.selection = b.selection;
    this.executionTimeout = b.executionTimeout;
    this.group = b.group;
  }

  /**
   * A remote server over HTTP.
   *
   * @param name the server's name: 1 to 32 letters, digits or {@code -}, starting with a letter or digit; unique
   *     among the host's servers
   * @param url its endpoint, {@code http} or {@code https}, at most 500 characters
   * @throws IllegalArgumentException naming the bad value
   */
  public static Builder http(String name, String url) {
    Builder b = new Builder(name, Transport.AUTO);
    if (url == null || url.isBlank() || url.strip().length() > RegistrationRules.MAX_URL_CHARS) {
      throw new IllegalArgumentException("host MCP server '" + b.name + "' needs a URL of 1 to "
          + RegistrationRules.MAX_URL_CHARS + " characters");
    }
    String u = url.strip();
    String lower = u.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
      throw new IllegalArgumentException("host MCP server '" + b.name + "' needs an http or https URL, but got "
          + Redaction.origin(u));
    }
    b.url = u;
    return b;
  }

  /**
   * A local process over standard input and output.
   *
   * @param name the server's name (see {@link #http(String, String)})
   * @param command the program, looked up on the {@code PATH} (for example {@code npx}); not blank
   * @param args its arguments; no nulls
   * @throws IllegalArgumentException naming the bad value
   */
  public static Builder stdio(String name, String command, List<String> args) {
    Builder b = new Builder(name, Transport.STDIO);
    if (command == null || command.isBlank()) {
      throw new IllegalArgumentException("host MCP server '" + b.name + "' needs a command to start");
    }
    if (args == null || args.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("host MCP server '" + b.name + "' needs a list of arguments without nulls");
    }
    b.command = command.strip();
    b.args = new ArrayList<>(args);
    b.stdioCommand();
    return b;
  }

  /** The name; unique among the host's servers. */
  public String name() {
    return name;
  }

  /** How it is reached. */
  public Transport transport() {
    return transport;
  }

  /** The URL of an HTTP server; empty for stdio. It may carry secrets: never log it whole. */
  public Optional<String> url() {
    return Optional.ofNullable(url);
  }

  /** The bearer token of an HTTP server; empty when none. Never log it. */
  public Optional<String> token() {
    return Optional.ofNullable(token);
  }

  /** Whether an HTTP server may be on a private address. */
  public boolean trustedPrivate() {
    return trustedPrivate;
  }

  /** The command and arguments of a stdio server; empty for HTTP. */
  public List<String> commandLine() {
    if (command == null) {
      return List.of();
    }
    List<String> line = new ArrayList<>();
    line.add(command.command());
    line.addAll(command.args());
    return List.copyOf(line);
  }

  /** What it is for. */
  public ServerType type() {
    return type;
  }

  /** Whether its tools are offered. */
  public boolean enabled() {
    return enabled;
  }

  /** Which of its tools the model sees. */
  public ToolSelection toolSelection() {
    return selection;
  }

  /** The deadline of one of its calls, when it has its own; else the manager's execution timeout applies. */
  public Optional<Duration> executionTimeout() {
    return Optional.ofNullable(executionTimeout);
  }

  /**
   * The tool group of its tools: {@code mcp}, like every guild server's, unless set. A {@code ToolGroupsConfig}
   * rule for this group limits where the server's tools are offered (which guilds, channels or users).
   */
  public String group() {
    return group;
  }

  /** The stdio command, for the pool. */
  StdioCommand command() {
    return command;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof HostMcpServer)) {
      return false;
    }
    HostMcpServer h = (HostMcpServer) o;
    return name.equals(h.name) && transport == h.transport && Objects.equals(url, h.url) && Objects.equals(token, h.token)
        && trustedPrivate == h.trustedPrivate && Objects.equals(command, h.command) && type == h.type
        && enabled == h.enabled && selection.equals(h.selection) && Objects.equals(executionTimeout, h.executionTimeout)
        && group.equals(h.group);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, transport, url, type, enabled);
  }

  @Override
  public String toString() {
    String where = command != null ? "stdio " + command.command() + " (" + command.args().size() + " args"
        + (command.env().isEmpty() ? "" : ", env " + command.env().keySet()) + ")"
        : transport.wireName() + " " + Redaction.origin(url) + (trustedPrivate ? " (trusted-private)" : "");
    return "HostMcpServer{" + name + ", " + where + (token == null ? "" : ", token=[redacted]") + ", type="
        + type.wireName() + (enabled ? "" : ", disabled") + (selection.equals(ToolSelection.ALL) ? "" : ", " + selection)
        + "}";
  }

  /**
   * Builds a {@link HostMcpServer}; every setter refuses a bad value at once, naming the server.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final String name;
    private Transport transport;
    private String url;
    private String token;
    private boolean trustedPrivate;
    private String command;
    private List<String> args = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private Path directory;
    private ServerType type = ServerType.GENERAL;
    private boolean enabled = true;
    private ToolSelection selection = ToolSelection.ALL;
    private Duration executionTimeout;
    private String group = McpTool.GROUP;

    private Builder(String name, Transport transport) {
      String n = RegistrationRules.normaliseName(name);
      if (!RegistrationRules.validName(n)) {
        throw new IllegalArgumentException("a host MCP server's name must be 1 to 32 letters, digits or '-', starting "
            + "with a letter or digit, but was [" + name + "]");
      }
      this.name = n;
      this.transport = transport;
    }

    /** For an HTTP server: {@link Transport#AUTO} (the default), {@link Transport#STREAMABLE_HTTP} or {@link Transport#SSE}. */
    public Builder transport(Transport t) {
      if (t == null || t == Transport.STDIO || this.transport == Transport.STDIO) {
        throw new IllegalArgumentException("host MCP server '" + name + "': the transport of an HTTP server is auto, "
            + "streamable_http or sse, and a stdio server's is stdio, but got " + t);
      }
      transport = t;
      return this;
    }

    /** For an HTTP server: the bearer token sent on every request, at most 500 characters; null or blank for none. */
    public Builder token(String t) {
      httpOnly("a token");
      String v = RegistrationRules.trimToNull(t);
      if (v != null && v.length() > RegistrationRules.MAX_TOKEN_CHARS) {
        throw new IllegalArgumentException("host MCP server '" + name + "': the token must be at most "
            + RegistrationRules.MAX_TOKEN_CHARS + " characters, but had " + v.length());
      }
      token = v;
      return this;
    }

    /** For an HTTP server: whether it may be on a private address (the host's own backend); false by default. */
    public Builder trustedPrivate(boolean on) {
      httpOnly("trusted_private");
      trustedPrivate = on;
      return this;
    }

    /** For a stdio server: a variable added to its minimal environment (its value is never logged or shown). */
    public Builder env(String variable, String value) {
      stdioOnly("env");
      env.put(variable, value);
      stdioCommand(); // checks the name and value now, naming the variable (never the value)
      return this;
    }

    private StdioCommand stdioCommand() {
      try {
        return new StdioCommand(command, List.copyOf(args), new LinkedHashMap<>(env), directory);
      } catch (IllegalArgumentException | NullPointerException e) {
        throw new IllegalArgumentException("host MCP server '" + name + "': " + e.getMessage(), e);
      }
    }

    /** For a stdio server: the folder it starts in; the bot's own unless set. */
    public Builder directory(Path folder) {
      stdioOnly("a directory");
      if (folder == null) {
        throw new IllegalArgumentException("host MCP server '" + name + "': the directory must not be null");
      }
      directory = folder;
      return this;
    }

    /** What it is for; {@link ServerType#GENERAL} unless set. */
    public Builder type(ServerType t) {
      if (t == null) {
        throw new IllegalArgumentException("host MCP server '" + name + "': the type must not be null");
      }
      type = t;
      return this;
    }

    /** Whether its tools are offered; true unless set. */
    public Builder enabled(boolean on) {
      enabled = on;
      return this;
    }

    /** Which of its tools the model sees; {@link ToolSelection#ALL} unless set. */
    public Builder toolSelection(ToolSelection s) {
      if (s == null) {
        throw new IllegalArgumentException("host MCP server '" + name + "': the tool selection must not be null");
      }
      selection = s;
      return this;
    }

    /** The deadline of one of its calls, over the manager's execution timeout; positive, at most a day. */
    public Builder executionTimeout(Duration d) {
      if (d == null || d.isZero() || d.isNegative() || d.compareTo(McpSettings.MAX_DURATION) > 0) {
        throw new IllegalArgumentException("host MCP server '" + name + "': executionTimeout must be positive and at "
            + "most " + McpSettings.MAX_DURATION + ", but was " + d);
      }
      executionTimeout = d;
      return this;
    }

    /**
     * The tool group of its tools, for {@code ToolGroupsConfig} rules: 1 to 64 letters, digits, {@code _} or
     * {@code -}; {@code mcp} unless set.
     */
    public Builder group(String g) {
      String v = g == null ? "" : g.strip();
      if (!v.matches("[A-Za-z0-9_-]{1,64}")) {
        throw new IllegalArgumentException("host MCP server '" + name + "': the group must be 1 to 64 letters, digits, "
            + "'_' or '-', but was [" + g + "]");
      }
      group = v;
      return this;
    }

    /** The server. */
    public HostMcpServer build() {
      return new HostMcpServer(this);
    }

    private void httpOnly(String what) {
      if (transport == Transport.STDIO) {
        throw new IllegalArgumentException("host MCP server '" + name + "' runs over stdio; " + what
            + " applies to HTTP servers only");
      }
    }

    private void stdioOnly(String what) {
      if (transport != Transport.STDIO) {
        throw new IllegalArgumentException("host MCP server '" + name + "' is an HTTP server; " + what
            + " applies to stdio servers only");
      }
    }
  }
}
