package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Loadout's pinned transports against the independently written server-everything (Node 20, bound to
 * 127.0.0.1 as {@link ServerEverythingTest} starts it): its event-stream answers to every POST, and its legacy
 * SSE stream with a relative {@code endpoint}, all reached under a host name whose resolver rebinds to the
 * metadata address after its first answer. Skipped like {@link ServerEverythingTest} when the server is not
 * installed.
 */
@Timeout(120)
class ServerEverythingPinnedTest {
  static final String TOKEN = "tok-EVERYTHING-5";
  static final ExecutorService blocking = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "mcp-everything-blocking");
    t.setDaemon(true);
    return t;
  });
  @TempDir
  static Path scratch;
  static Process streamable;
  static Process sse;
  static int streamablePort;
  static int ssePort;
  static String entry;
  static Path preload;

  final PinnedTransportTest.Rebinding dns = new PinnedTransportTest.Rebinding();
  final Connector connector = new Connector(NetworkGuard.of(NetworkPolicy.development(), dns),
      McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(10)).build(), blocking);

  @BeforeAll
  static void start() throws Exception {
    entry = Everything.locate();
    preload = scratch.resolve("loopback.cjs");
    Files.writeString(preload, ServerEverythingTest.LOOPBACK_PRELOAD);
    streamablePort = ServerEverythingTest.freePort();
    streamable = ServerEverythingTest.startNode(entry, preload, streamablePort, "streamableHttp");
    ssePort = ServerEverythingTest.freePort();
    sse = ServerEverythingTest.startNode(entry, preload, ssePort, "sse");
  }

  @AfterAll
  static void stopAll() throws Exception {
    for (Process p : new Process[] {streamable, sse}) {
      if (p != null) {
        stop(p);
      }
    }
    blocking.shutdownNow();
  }

  @Test
  void aRestartedServerEverythingAnswers400ForTheOldSessionWhichFailsAsSessionLost()
      throws Exception {
    int port = ServerEverythingTest.freePort();
    Process server = ServerEverythingTest.startNode(entry, preload, port, "streamableHttp");
    Connector.Connected c = null;
    try {
      c = connector.connect("http://" + PinnedTransportTest.HOST + ":" + port + "/mcp", TOKEN);
      McpSchema.CallToolRequest echo = McpSchema.CallToolRequest.builder("echo").arguments(Map.of("message", "back")).build();
      stop(server);
      server = ServerEverythingTest.startNode(entry, preload, port, "streamableHttp");
      Connector.Connected connected = c;

      Throwable lost = catchThrowableOfType(RuntimeException.class, () -> connected.client().callTool(echo));

      // The pool replaces the whole client on a lost session (ServerEverythingFaultTest drives that end to end).
      assertThat(Failures.classify(lost).code()).isEqualTo(McpFailureCodes.SESSION_LOST);
      assertThat(dns.calls).hasValue(1);
    } finally {
      if (c != null) {
        c.client().close();
      }
      stop(server);
    }
  }

  private static void stop(Process p) throws InterruptedException {
    p.destroy();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"streamable_http", "sse"})
  void aWholeSessionUnderARebindingNameIsServedFromTheOnceCheckedAddress(String transport) throws Exception {
    String url = transport.equals(Connector.STREAMABLE)
        ? "http://" + PinnedTransportTest.HOST + ":" + streamablePort + "/mcp"
        : "http://" + PinnedTransportTest.HOST + ":" + ssePort + "/sse";

    Connector.Connected c = connector.connect(url, TOKEN);
    try {
      McpSchema.CallToolResult sum = c.client().callTool(McpSchema.CallToolRequest.builder("get-sum")
          .arguments(Map.of("a", 2, "b", 40)).build());

      assertThat(c.transport()).isEqualTo(transport);
      assertThat(c.tools()).extracting(McpSchema.Tool::name).contains("echo", "get-sum", "get-tiny-image");
      assertThat(((McpSchema.TextContent) sum.content().get(0)).text()).contains("42");
      // initialize, notifications/initialized, tools/list and tools/call (plus the SSE stream): one lookup.
      assertThat(dns.calls).hasValue(1);
    } finally {
      c.client().close();
    }
  }
}
