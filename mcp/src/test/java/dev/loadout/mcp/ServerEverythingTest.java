package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The independently written {@code @modelcontextprotocol/server-everything} (Node 20), started by the test on
 * 127.0.0.1 with both transports. Runs when {@code LOADOUT_TEST_SERVER_EVERYTHING} names its
 * {@code dist/index.js}; skipped with a message otherwise, and failed under {@code CI=true} ({@link Everything#locate()}).
 */
@Timeout(120)
class ServerEverythingTest {
  static final String VARIABLE = "LOADOUT_TEST_SERVER_EVERYTHING";
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  // Makes every host-less listen() bind 127.0.0.1: server-everything has no host option.
  static final String LOOPBACK_PRELOAD = "const net = require('net');\n"
      + "const orig = net.Server.prototype._listen2;\n"
      + "net.Server.prototype._listen2 = function (address, port, addressType, backlog, fd, flags) {\n"
      + "  if (!address && typeof fd !== 'number') { address = '127.0.0.1'; addressType = 4; }\n"
      + "  return orig.call(this, address, port, addressType, backlog, fd, flags);\n"
      + "};\n";

  @TempDir
  static Path scratch;
  static Process streamable;
  static Process sse;
  static int streamablePort;
  static int ssePort;

  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(10))
      .executionTimeout(Duration.ofSeconds(2)).build();
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).build();

  @BeforeAll
  static void start() throws Exception {
    String entry = Everything.locate();
    Path preload = scratch.resolve("loopback.cjs");
    Files.writeString(preload, LOOPBACK_PRELOAD);
    streamablePort = freePort();
    streamable = startNode(entry, preload, streamablePort, "streamableHttp");
    ssePort = freePort();
    sse = startNode(entry, preload, ssePort, "sse");
  }

  static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  static Process startNode(String entry, Path preload, int port, String transport) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("node", "-r", preload.toString(), entry, transport);
    pb.environment().put("PORT", String.valueOf(port));
    // One stream: the readiness line may come on stdout or stderr depending on the server's version.
    pb.redirectErrorStream(true);
    Process p = pb.start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    // A thread of its own reads the process for its whole life: blocking reads must never sit in the common
    // pool, which has a single thread on a 2-core machine (and on JDK 25 CompletableFuture uses it).
    CompletableFuture<Boolean> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try {
        for (String line; (line = out.readLine()) != null; ) {
          if (!ready.isDone()) {
            seen.add(line);
            if (line.contains(String.valueOf(port))) {
              ready.complete(true);
            }
          }
        }
      } catch (Exception e) {
        // the process ended
      }
      ready.complete(false);
    }, "server-everything-" + transport);
    reader.setDaemon(true);
    reader.start();
    boolean started;
    try {
      started = ready.get(60, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      started = false;
    }
    if (!started) {
      // Never leak the node process when it did not come up.
      p.destroyForcibly();
    }
    assertThat(started).as("server-everything " + transport + " started on port " + port + "; it said " + seen).isTrue();
    return p;
  }

  @AfterAll
  static void stop() throws Exception {
    for (Process p : new Process[] {streamable, sse}) {
      if (p != null) {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      }
    }
  }

  @AfterEach
  void closeManager() {
    manager.close();
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.get(0).tools().stream().filter(t -> t.spec().name().equals(name)).findFirst().orElseThrow();
  }

  static ToolResult call(BaseTool tool, String args) throws Exception {
    return tool.execute(ToolCall.of("c", tool.spec().name(), args), G1).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void addDiscoversItsToolsOverStreamableHttpAndTheCallsMapToResults() throws Exception {
    ConfigOutcome out = manager.configOperations().add("g1", "everything", "http://127.0.0.1:" + streamablePort + "/mcp",
        null, null);
    assertThat(out.code()).as(out.message()).isEqualTo(ConfigOutcome.ADDED);
    assertThat(out.toolNames()).contains("echo", "get-sum", "get-tiny-image", "trigger-long-running-operation")
        .hasSizeGreaterThanOrEqualTo(13);
    List<ToolSource> sources = manager.sourcesFor(G1);
    assertThat(((ToolResult.Success) call(tool(sources, "echo"), "{\"message\":\"hi\"}")).summary().orElseThrow())
        .contains("hi");
    assertThat(((ToolResult.Success) call(tool(sources, "get-sum"), "{\"a\":2,\"b\":3}")).summary().orElseThrow())
        .contains("5");
    ToolResult badSum = call(tool(sources, "get-sum"), "{\"a\":\"two\",\"b\":3}");
    assertThat(badSum.isSuccess()).isFalse();
    ToolResult image = call(tool(sources, "get-tiny-image"), "{}");
    assertThat(((ToolResult.Success) image).media()).isNotEmpty();
    // The operation runs 10 s and then succeeds: a TIMEOUT can only be Loadout's own deadline ending the call.
    ToolResult slow = call(tool(sources, "trigger-long-running-operation"), "{\"duration\":10,\"steps\":5}");
    assertThat(((ToolResult.Failure) slow).code()).isEqualTo(ToolResult.TIMEOUT);
  }

  @Test
  void itsSseEndpointIsReachedThroughTheFallback() throws Exception {
    ConfigOutcome out = manager.configOperations().add("g1", "everything-sse", "http://127.0.0.1:" + ssePort + "/sse",
        null, null);
    assertThat(out.code()).as(out.message()).isEqualTo(ConfigOutcome.ADDED);
    List<ToolSource> sources = manager.sourcesFor(G1);
    assertThat(((ToolResult.Success) call(tool(sources, "echo"), "{\"message\":\"over sse\"}")).summary().orElseThrow())
        .contains("over sse");
  }
}
