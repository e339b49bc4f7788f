package dev.loadout.examples;

import dev.loadout.core.net.HostResolver;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.ConfigOutcome;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.InMemoryMcpRegistrationStore;
import dev.loadout.mcp.McpSettings;
import dev.loadout.mcp.ProbeResult;
import dev.loadout.mcp.ToolNameSnapshot;
import java.io.PrintStream;
import java.util.Map;

/**
 * {@code loadout mcp probe}: answers "would {@code add} accept this MCP server, and what would it store?"
 * by running the same guarded test connection ({@link dev.loadout.mcp.McpConfigOperations#probe}) without
 * writing a registration.
 *
 * <pre>
 * mcp probe URL [--token-env VAR]
 * </pre>
 *
 * <p>Settings come from the environment as the bot's would ({@code RUN_ENV} for the HTTPS rule and the network
 * policy, {@code FETCH_URL_ALLOW_PRIVATE_NETWORK}, {@code GUILD_MCP_CONNECT_TIMEOUT_MS}, the snapshot caps). The
 * bearer token is read only from the environment variable named by {@code --token-env}, so it never appears in
 * the shell history or the process list, and it is never printed. Prints the transport that worked, the tools
 * as listed, and the snapshot as {@code add} would store and display it. Exit status: 0 connected, 1 refused or
 * not connected, 2 usage error.
 */
public final class McpProbe {
  static final String USAGE = "usage: mcp probe URL [--token-env VAR]";

  private McpProbe() {}

  /** Runs the command with the process environment and the JVM's resolver. */
  public static void main(String[] args) {
    int status = run(args, System.getenv(), HostResolver.system(), System.out, System.err);
    System.exit(status);
  }

  /**
   * Runs the command.
   *
   * @param env the environment settings and the token are read from
   * @param dns the resolver the network guard checks names with
   * @return the exit status: 0 connected, 1 refused or not connected, 2 usage error
   */
  static int run(String[] args, Map<String, String> env, HostResolver dns, PrintStream out, PrintStream err) {
    String url = null;
    String tokenVariable = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("-h") || arg.equals("--help")) {
        out.println(USAGE);
        return 0;
      } else if (arg.equals("--token-env")) {
        if (i + 1 >= args.length) {
          return usage(err, "--token-env needs the name of an environment variable");
        }
        tokenVariable = args[++i];
      } else if (arg.startsWith("--token-env=")) {
        tokenVariable = arg.substring("--token-env=".length());
      } else if (arg.startsWith("--")) {
        return usage(err, "unknown option " + arg);
      } else if (url != null) {
        return usage(err, "give exactly one URL");
      } else {
        url = arg;
      }
    }
    if (url == null) {
      return usage(err, "give the URL of the MCP server");
    }
    String token = null;
    if (tokenVariable != null) {
      token = env.get(tokenVariable);
      if (tokenVariable.isBlank() || token == null || token.isBlank()) {
        return usage(err, "--token-env names '" + tokenVariable + "', which is not set or empty");
      }
    }
    McpSettings settings;
    NetworkPolicy policy;
    try {
      settings = McpSettings.fromEnvironment(env);
      policy = NetworkPolicy.fromEnvironment(env);
    } catch (IllegalArgumentException e) {
      return usage(err, e.getMessage());
    }
    ProbeResult result;
    try (GuildMcpManager manager = GuildMcpManager.builder(new InMemoryMcpRegistrationStore(), NetworkGuard.of(policy, dns))
        .settings(settings).build()) {
      result = manager.configOperations().probe(url, token);
    }
    out.println("result: " + result.code());
    out.println("message: " + result.message());
    if (!result.succeeded()) {
      return result.code().equals(ConfigOutcome.INVALID_INPUT) ? usage(err, result.message()) : 1;
    }
    out.println("transport: " + result.transport().orElseThrow());
    out.println("tools (" + result.toolNames().size() + "):");
    // A server chooses its tool names: control characters are shown escaped, never sent to the terminal.
    result.toolNames().forEach(name -> out.println("  " + printable(name)));
    out.println("snapshot as stored (" + result.snapshot().size() + "):");
    result.snapshot().forEach(name -> out.println("  " + name));
    out.println("snapshot as shown: " + ToolNameSnapshot.display(result.snapshot()).orElse("(no tools)"));
    return 0;
  }

  static String printable(String text) {
    StringBuilder b = new StringBuilder(text.length());
    text.codePoints().forEach(cp -> {
      if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
        b.append(String.format("\\u%04X", cp));
      } else {
        b.appendCodePoint(cp);
      }
    });
    return b.toString();
  }

  private static int usage(PrintStream err, String problem) {
    err.println("mcp probe: " + problem);
    err.println(USAGE);
    return 2;
  }
}
