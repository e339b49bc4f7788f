package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;

/**
 * Calls against the real {@code @modelcontextprotocol/server-everything}, as a bot makes them: how its results
 * become {@link ToolResult}s in one turn of a real {@link Loadout}, how its progress reaches a listener at most once
 * per interval of the manager's clock, and what Loadout sends when it gives up on a call. Each test starts and
 * stops its own node process; see {@link Everything}.
 */
@Timeout(120)
class ServerEverythingCallTest {
  static final String LONG = ServerEverythingFaultTest.LONG;

  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final TestClock clock = TestClock.create();
  final TestScheduler scheduler = TestScheduler.on(clock);
  final TurnContext g1 = TurnContext.builder("openai", "gpt-test").guildId("g1").userId("u1").build();
  Everything everything;
  GuildMcpManager manager;

  @BeforeEach
  void locate() throws Exception {
    everything = Everything.create(Everything.locate());
  }

  @AfterEach
  void stop() throws Exception {
    if (manager != null) {
      manager.close();
    }
    if (everything != null) {
      everything.close();
    }
  }

  /** A guild server over this transport (through the tee when given), and a manager on the test's clock. */
  McpRegistration serve(String transport, McpSettings settings, TcpTee tee, int port) {
    McpRegistration r = store.insert(McpRegistration.draft("g1", "everything", Everything.url(tee == null ? port
        : tee.port(), transport), null, ServerType.GENERAL, null)).orElseThrow();
    manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development())).settings(settings)
        .clock(clock).scheduler(scheduler).build();
    return r;
  }

  static McpSettings settings() {
    return McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5)).build();
  }

  static ToolResult execute(PreparedTurn turn, String name, String args) throws Exception {
    return turn.execute(ToolCall.of("c-" + name, name, args)).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  static ToolResult.Success success(ToolResult r) {
    assertThat(r).as(r.toString()).isInstanceOf(ToolResult.Success.class);
    return (ToolResult.Success) r;
  }

  @Test
  void itsResultsKeepStructuredContentLinksEmbeddedResourcesAndImagesAndItsTaskToolIsHiddenWithAReason()
      throws Exception {
    int port = ServerEverythingTest.freePort();
    everything.http(port, "streamableHttp");
    serve("streamableHttp", settings(), null, port);
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager).build()) {
      PreparedTurn turn = loadout.prepare(g1);

      assertThat(turn.visibleNames()).contains("get-structured-content", "get-resource-links", "get-resource-reference",
          "get-tiny-image", "echo").doesNotContain("simulate-research-query");
      HiddenTool task = turn.hidden("simulate-research-query").orElseThrow();
      assertThat(task.reasons().get(0).code()).isEqualTo(McpFailureCodes.TASK_REQUIRED);
      assertThat(task.reasons().get(0).message()).contains("[simulate-research-query]", "[everything]",
          "requires MCP task support");

      ToolResult.Success weather = success(execute(turn, "get-structured-content", "{\"location\":\"Chicago\"}"));
      assertThat(weather.data().get("temperature").asInt()).isEqualTo(36);
      assertThat(weather.data().get("conditions").asString()).isEqualTo("Light rain / drizzle");
      assertThat(weather.data().get("humidity").asInt()).isEqualTo(82);
      assertThat(weather.summary().orElseThrow()).contains("\"temperature\":36");

      String links = success(execute(turn, "get-resource-links", "{\"count\":2}")).summary().orElseThrow();
      assertThat(links).contains("Here are 2 resource links",
          "[link] Blob Resource 1: demo://resource/dynamic/blob/1 (text/plain)",
          "[link] Text Resource 2: demo://resource/dynamic/text/2 (text/plain)");

      // Text by default: an embedded text resource, whose text is kept.
      String text = success(execute(turn, "get-resource-reference", "{}")).summary().orElseThrow();
      assertThat(text).contains("Returning resource reference for Resource 1:",
          "Resource 1: This is a plaintext resource created at", "demo://resource/dynamic/text/1");
      // A blob of text/plain: neither an image nor audio, so a note naming the resource and its size.
      String blob = success(execute(turn, "get-resource-reference", "{\"resourceType\":\"Blob\",\"resourceId\":2}"))
          .summary().orElseThrow();
      assertThat(blob).containsPattern("\\[resource demo://resource/dynamic/blob/2 \\(text/plain, \\d+ bytes\\) is not "
          + "shown\\]").contains("You can access this resource using the URI: demo://resource/dynamic/blob/2");

      List<ToolMedia> media = success(execute(turn, "get-tiny-image", "{}")).media();
      assertThat(media).hasSize(1);
      assertThat(media.get(0).mimeType()).isEqualTo("image/png");
      byte[] png = Base64.getDecoder().decode(media.get(0).base64().orElseThrow());
      assertThat(png).startsWith(0x89, 'P', 'N', 'G');

      ToolResult refused = execute(turn, "simulate-research-query", "{\"topic\":\"tasks\"}");
      assertThat(((ToolResult.Failure) refused).code()).isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
    }
  }

  @Test
  void progressReachesTheListenerAtMostOncePerIntervalOfTheManagersClockWithIncreasingSteps() throws Exception {
    int port = ServerEverythingTest.freePort();
    everything.http(port, "streamableHttp");
    McpSettings settings = settings();
    serve("streamableHttp", settings, null, port);
    BaseTool long_ = ServerEverythingFaultTest.tool(manager.sourcesFor(g1), LONG);

    // The manager's clock stands still: four notices in two seconds of the server's time, one interval of ours.
    List<McpProgress> still = new java.util.concurrent.CopyOnWriteArrayList<>();
    TurnContext frozen = g1.toBuilder().attribute(McpProgressListener.KEY, still::add).build();
    ToolResult done = long_.execute(ToolCall.of("still-1", LONG, "{\"duration\":2,\"steps\":4}"), frozen)
        .toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(done.isSuccess()).as(done.toString()).isTrue();
    assertThat(still).as("only the first notice: the clock did not move").hasSize(1);
    McpProgress first = still.get(0);
    assertThat(first.callId()).isEqualTo("still-1");
    assertThat(first.tool()).isEqualTo(LONG);
    assertThat(first.server()).isEqualTo("everything");
    assertThat(first.progress()).isEqualTo(1.0);
    assertThat(first.total()).hasValue(4.0);
    assertThat(first.fraction()).hasValue(0.25);

    // Each notice now moves the manager's clock by the interval: the next one is due and delivered.
    BlockingQueue<McpProgress> moving = new LinkedBlockingQueue<>();
    TurnContext ticking = g1.toBuilder().attribute(McpProgressListener.KEY, (McpProgressListener) p -> {
      moving.add(p);
      clock.advance(settings.progressInterval());
    }).build();
    CompletableFuture<ToolResult> running = long_.execute(ToolCall.of("moving-1", LONG, "{\"duration\":3,\"steps\":6}"),
        ticking).toCompletableFuture();
    List<McpProgress> seen = new ArrayList<>();
    // The first three only: the SDK hands notices over on its own threads, so the last may lose the race with
    // the answer, after which (rightly) nothing is delivered.
    for (int i = 0; i < 3; i++) {
      McpProgress p = moving.poll(20, TimeUnit.SECONDS);
      assertThat(p).as("notice " + (i + 1)).isNotNull();
      seen.add(p);
    }
    assertThat(seen).extracting(McpProgress::progress).containsExactly(1.0, 2.0, 3.0);
    assertThat(seen).allSatisfy(p -> {
      assertThat(p.callId()).isEqualTo("moving-1");
      assertThat(p.total()).hasValue(6.0);
    });
    assertThat(running.get(30, TimeUnit.SECONDS).isSuccess()).isTrue();
    assertThat(still).as("the first call's listener heard nothing more").hasSize(1);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"streamableHttp", "sse"})
  void aCallPastItsDeadlineFailsAsATimeoutAndTheServerIsSentACancellationForThatRequest(String transport)
      throws Exception {
    int port = ServerEverythingTest.freePort();
    everything.http(port, transport);
    try (TcpTee tee = new TcpTee(port)) {
      McpSettings settings = settings().toBuilder().executionTimeout(Duration.ofMillis(500)).build();
      McpRegistration reg = serve(transport, settings, tee, port);
      List<ToolSource> sources = manager.sourcesFor(g1);
      BaseTool long_ = ServerEverythingFaultTest.tool(sources, LONG);

      long started = System.nanoTime();
      ToolResult r = long_.execute(ToolCall.of("late-1", LONG, "{\"duration\":5,\"steps\":5}"), g1).toCompletableFuture()
          .get(30, TimeUnit.SECONDS);
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(((ToolResult.Failure) r).code()).as(r.toString()).isEqualTo(ToolResult.TIMEOUT);
      assertThat(((ToolResult.Failure) r).retryable()).isTrue();
      // The 500 ms deadline, not the 5 s run: the run would have ended in a success, not a TIMEOUT.
      assertThat(tee.awaitSent(Link.CANCELLED, Duration.ofSeconds(10)))
          .as("notifications/cancelled on the wire").isTrue();
      List<JsonNode> sent = messages(tee.sent());
      JsonNode call = sent.stream().filter(m -> "tools/call".equals(m.path("method").asString())
          && LONG.equals(m.path("params").path("name").asString())).findFirst().orElseThrow();
      JsonNode cancelled = sent.stream().filter(m -> Link.CANCELLED.equals(m.path("method").asString())).findFirst()
          .orElseThrow();
      assertThat(cancelled.path("params").path("requestId")).isEqualTo(call.path("id"));
      assertThat(cancelled.path("params").path("reason").asString()).contains("500 ms");
      assertThat(cancelled.has("id")).as("a notification").isFalse();

      // What stays: the session (no new initialize), its tools, and a counted but not quarantining failure.
      ToolResult echo = ServerEverythingFaultTest.call(ServerEverythingFaultTest.tool(manager.sourcesFor(g1), "echo"),
          "{\"message\":\"still here\"}", g1);
      assertThat(((ToolResult.Success) echo).summary().orElseThrow()).contains("still here");
      assertThat(initializes(messages(tee.sent()))).isEqualTo(initializes(sent));
      assertThat(manager.breakerState("g1", reg.id())).contains(BreakerState.CLOSED);
      System.out.printf("[measured] %s: deadline 500 ms -> timeout result after %d ms%n", transport, took.toMillis());
      manager.close(); // before the tee, whose closing would look like a lost connection
    }
  }

  @Test
  void aStdioCallPastItsDeadlineFailsAsATimeoutAndTheServerReadsACancellationForThatRequest(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path scratch) throws Exception {
    Assumptions.assumeFalse(StdioCommand.windows(), "the tee runs in a POSIX shell");
    java.nio.file.Path wire = scratch.resolve("stdin.jsonl");
    // tee keeps a copy of every line the server reads on its standard input.
    HostMcpServer host = HostMcpServer.stdio("everything", "sh", List.of("-c", "tee \"$0\" | node \"$1\" stdio",
        wire.toString(), everything.entry)).build();
    manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
        .settings(settings().toBuilder().executionTimeout(Duration.ofMillis(500)).build()).clock(clock)
        .scheduler(scheduler).hostServers(List.of(host)).build();
    TurnContext dm = TurnContext.builder("openai", "gpt-test").userId("u1").build();
    BaseTool long_ = ServerEverythingFaultTest.tool(manager.sourcesFor(dm), LONG);

    ToolResult r = long_.execute(ToolCall.of("late-1", LONG, "{\"duration\":5,\"steps\":5}"), dm).toCompletableFuture()
        .get(30, TimeUnit.SECONDS);

    assertThat(((ToolResult.Failure) r).code()).as(r.toString()).isEqualTo(ToolResult.TIMEOUT);
    assertThat(Everything.await(() -> read(wire).contains(Link.CANCELLED), Duration.ofSeconds(10)))
        .as("notifications/cancelled on the server's stdin").isTrue();
    List<JsonNode> sent = messages(read(wire));
    JsonNode call = sent.stream().filter(m -> "tools/call".equals(m.path("method").asString())).findFirst().orElseThrow();
    JsonNode cancelled = sent.stream().filter(m -> Link.CANCELLED.equals(m.path("method").asString())).findFirst()
        .orElseThrow();
    assertThat(cancelled.path("params").path("requestId")).isEqualTo(call.path("id"));
    ToolResult echo = ServerEverythingFaultTest.call(ServerEverythingFaultTest.tool(manager.sourcesFor(dm), "echo"),
        "{\"message\":\"still here\"}", dm);
    assertThat(((ToolResult.Success) echo).summary().orElseThrow()).contains("still here");
    manager.close();
    assertThat(everything.running()).as("sh, tee and node are gone").isEmpty();
  }

  static String read(java.nio.file.Path file) {
    try {
      return java.nio.file.Files.exists(file) ? java.nio.file.Files.readString(file) : "";
    } catch (java.io.IOException e) {
      return "";
    }
  }

  static long initializes(List<JsonNode> messages) {
    return messages.stream().filter(m -> "initialize".equals(m.path("method").asString())).count();
  }

  /** Every JSON-RPC message in the bytes a client sent (HTTP heads between them are skipped). */
  static List<JsonNode> messages(String wire) {
    List<JsonNode> out = new ArrayList<>();
    for (int i = wire.indexOf("{\"jsonrpc\""); i >= 0; i = wire.indexOf("{\"jsonrpc\"", i + 1)) {
      try (JsonParser p = Pool.JSON.createParser(wire.substring(i))) {
        out.add(Pool.JSON.readerFor(JsonNode.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readValue(p));
      }
    }
    return out;
  }
}
