package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.net.HostResolver;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

@Timeout(60)
class McpProbeTest {
  private static final HostResolver NO_DNS = host -> {
    throw new UnknownHostException(host);
  };
  private static final String TOKEN = "s3cret-probe-token";
  private static final String LONG = "a_tool_name_much_longer_than_forty_code_points";
  private static final List<String> TOOLS = List.of("echo", "dotted.name", "t3", "t4", LONG, "t6");

  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(tools(McpTestServer.builder().name("probe")));

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private static McpTestServer.Builder tools(McpTestServer.Builder b) {
    TOOLS.forEach(name -> b.tool(name, "Tool " + name, args -> McpReply.text(name)));
    return b;
  }

  private int run(Map<String, String> env, String... args) {
    return McpProbe.run(args, env, NO_DNS, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String everything() {
    return out() + err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aStreamableServerPrintsItsTransportToolsAndTheSnapshotAsAddWouldStoreIt() {
    int status = run(Map.of("RUN_ENV", "development"), MCP.server().streamableUrl());

    assertThat(status).as(everything()).isZero();
    assertThat(out()).endsWith("""
        transport: streamable_http
        tools (6):
          echo
          dotted.name
          t3
          t4
          a_tool_name_much_longer_than_forty_code_points
          t6
        snapshot as stored (6):
          echo
          dotted.name
          t3
          t4
          a_tool_name_much_longer_than_forty_code_points
          t6
        snapshot as shown: `echo`, `dotted.name`, `t3`, `t4`, `a_tool_name_much_longer_than_forty_code_`, …
        """).startsWith("result: connected\nmessage: Connected to http://127.0.0.1:");
  }

  @Test
  void anSseOnlyEndpointIsReachedThroughTheFallbackAndSaysSo() {
    int status = run(Map.of("RUN_ENV", "development"), MCP.server().sseUrl());

    assertThat(status).as(everything()).isZero();
    assertThat(out()).contains("transport: sse\n").contains("tools (6):\n");
  }

  @Test
  void theTokenComesFromTheNamedVariableReachesTheServerAndIsNeverPrinted() {
    int status = run(Map.of("RUN_ENV", "development", "PROBE_TOKEN", TOKEN), MCP.server().streamableUrl(), "--token-env", "PROBE_TOKEN");

    assertThat(status).as(everything()).isZero();
    assertThat(out()).contains("transport: streamable_http\n");
    assertThat(MCP.server().requests()).isNotEmpty()
        .allSatisfy(r -> assertThat(r.header("Authorization")).contains("Bearer " + TOKEN));
    assertThat(everything()).doesNotContain(TOKEN);
  }

  @Test
  void aRefusedTokenIsAConnectionFailureThatNamesNeitherTokenNorQuery() {
    MCP.server().inject(new McpFault.HttpStatus(401));

    int status = run(Map.of("RUN_ENV", "development", "PROBE_TOKEN", TOKEN), MCP.server().url("/mcp?key=abc"), "--token-env=PROBE_TOKEN");

    assertThat(status).isEqualTo(1);
    assertThat(out()).startsWith("result: unauthorized\n").contains("mcp_unauthorized");
    assertThat(everything()).doesNotContain(TOKEN).doesNotContain("key=abc").doesNotContain("transport:");
  }

  @Test
  void productionRefusesAPlainHttpLoopbackUrlBeforeConnecting() {
    int status = run(Map.of("RUN_ENV", "production"), "http://127.0.0.1:9/mcp");

    assertThat(status).isEqualTo(1);
    assertThat(out()).startsWith("result: blocked_address\n").doesNotContain("transport:");
  }

  @Test
  void controlCharactersInAServersToolNamesAreShownEscaped() {
    assertThat(McpProbe.printable("a\tb\u001b[31m\u0085ü")).isEqualTo("a\\u0009b\\u001B[31m\\u0085ü");
  }

  @Test
  void usageErrorsExitWithTwoAndNameTheProblem() {
    assertThat(run(Map.of())).isEqualTo(2);
    assertThat(run(Map.of(), "http://127.0.0.1:9/mcp", "--token-env", "NOT_SET")).isEqualTo(2);
    assertThat(run(Map.of(), "http://127.0.0.1:9/mcp", "--token-env")).isEqualTo(2);
    assertThat(run(Map.of("GUILD_MCP_CONNECT_TIMEOUT_MS", "soon"), "http://127.0.0.1:9/mcp")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains(McpProbe.USAGE)
        .contains("mcp probe: --token-env names 'NOT_SET', which is not set or empty")
        .contains("GUILD_MCP_CONNECT_TIMEOUT_MS must be a duration from 1 ms to 1 day (a whole number of milliseconds, "
            + "or one with ms, s, min, h or d), but was 'soon'");
    assertThat(out()).isEmpty();
  }
}
