package dev.loadout.examples;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.ConfigOutcome;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.InMemoryMcpRegistrationStore;
import dev.loadout.mcp.McpSettings;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The MCP client under test of {@code @modelcontextprotocol/conformance} client scenarios: the runner starts a
 * scripted server per scenario and runs {@code ConformanceClient URL} with {@code MCP_CONFORMANCE_SCENARIO} set.
 *
 * <p>It goes through exactly the path a bot's guild MCP server takes: {@code add} on the config operations (the
 * guarded test connection, Streamable HTTP then SSE), then a turn's gather through {@link GuildMcpManager} and
 * a call of the scenario's tool as the model would make it. Nothing here talks MCP itself, so a scenario that
 * fails here fails for a bot too. Lives in {@code examples} because it is a runnable command that is never
 * published, beside {@code check-url} and {@code mcp probe}.
 *
 * <p>Exit status: 0 when the scenario's steps succeeded, 1 when one failed (the reason goes to stderr), 2 on a
 * usage error. Deadlines stay below the runner's own client timeout, so the JVM always ends by itself.
 */
public final class ConformanceClient {
  static final String SCENARIO_VARIABLE = "MCP_CONFORMANCE_SCENARIO";
  private static final String GUILD = "conformance";
  private static final Duration CONNECT = Duration.ofSeconds(8);
  private static final Duration CALL = Duration.ofSeconds(8);

  /** The tool each scenario's server expects a call of, with the arguments; scenarios not listed only connect. */
  private static final Map<String, Call> CALLS = Map.of(
      "tools_call", new Call("add_numbers", "{\"a\":5,\"b\":3}"),
      "sse-retry", new Call("test_reconnection", "{}"),
      "elicitation-sep1034-client-defaults", new Call("test_client_elicitation_defaults", "{}"));

  private record Call(String tool, String arguments) {}

  private ConformanceClient() {}

  /** Runs one scenario against the URL the runner appends as the last argument. */
  public static void main(String[] args) {
    int status = run(args, System.getenv(SCENARIO_VARIABLE), System.out, System.err);
    // Exit explicitly: the manager's HTTP clients may keep non-daemon selector threads alive for a while.
    System.exit(status);
  }

  static int run(String[] args, String scenario, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.println("usage: ConformanceClient URL  (with " + SCENARIO_VARIABLE + " set)");
      return 2;
    }
    String url = args[args.length - 1];
    McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(CONNECT).executionTimeout(CALL).build();
    // The scenario servers listen on loopback, which the development policy allows; nothing else is reached.
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.development());
    try (GuildMcpManager manager = GuildMcpManager.builder(new InMemoryMcpRegistrationStore(), guard)
        .settings(settings).build()) {
      ConfigOutcome added = manager.configOperations().add(GUILD, "conformance", url, null, null);
      out.println("add: " + added.code() + ": " + added.message());
      if (!added.code().equals(ConfigOutcome.ADDED)) {
        err.println("the scenario server could not be registered: " + added.message());
        return 1;
      }
      Call call = CALLS.get(scenario == null ? "" : scenario);
      if (call == null) {
        return 0;
      }
      TurnContext turn = TurnContext.builder("conformance", "none").guildId(GUILD).build();
      List<BaseTool> tools = new ArrayList<>();
      for (ToolSource source : manager.sourcesFor(turn)) {
        tools.addAll(source.tools());
      }
      Optional<BaseTool> tool = tools.stream().filter(t -> t.spec().name().equals(call.tool())).findFirst();
      if (tool.isEmpty()) {
        err.println("the scenario server does not offer '" + call.tool() + "'");
        return 1;
      }
      ToolResult result = tool.get().execute(ToolCall.of("1", call.tool(), call.arguments()), turn)
          .toCompletableFuture().get(CALL.toMillis() + 1_000, TimeUnit.MILLISECONDS);
      out.println(call.tool() + ": " + result);
      return result.isSuccess() ? 0 : 1;
    } catch (Exception e) {
      err.println("the scenario failed: " + e.getClass().getSimpleName());
      return 1;
    }
  }
}
