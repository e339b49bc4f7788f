package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.HeldTool;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import dev.loadout.testkit.mcp.ProgressSteps;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a call of a healthy server brings a bot, end to end through the manager: progress for its "working…"
 * message, the MCP deadline in force over Loadout's shorter default, every kind of content kept, tools that
 * need MCP tasks hidden with a reason, and a changed tool list picked up.
 */
@Timeout(60)
class CallFeaturesTest {
  static final String PNG = "iVBORw0KGgo=";

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(TestServers.standard("rich")
      .tool("contents", "Every kind of content.", args -> McpReply.combine(McpReply.text("intro"),
          McpReply.embeddedBlob("file:///chart.png", "image/png", PNG),
          McpReply.embeddedBlob("file:///report.pdf", "application/pdf", "JVBERi0xLjQ="),
          McpReply.embeddedText("file:///notes.txt", "text/plain", "the notes"),
          McpReply.resourceLink("https://example.org/doc", "the doc", "text/html")))
      .tool("figures", "Structured data.", args -> McpReply.structured(Map.of("total", 42), "42 in all"))
      .tool("research", "Needs MCP tasks.", args -> McpReply.text("never"))
      .taskSupport("research", "required"));

  final TestClock clock = TestClock.create();
  final TestScheduler scheduler = TestScheduler.on(clock);
  final WatchedStore store = new WatchedStore();
  final Background background = new Background();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(3))
      .executionTimeout(Duration.ofSeconds(20)).build();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).clock(clock).scheduler(scheduler).executor(background).build();
  final List<McpProgress> notices = new CopyOnWriteArrayList<>();

  @AfterEach
  void close() {
    manager.close();
    background.pool.shutdownNow();
  }

  TurnContext turn(McpProgressListener listener) {
    return TurnContext.builder("openai", "gpt-test").guildId("g1").attribute(McpProgressListener.KEY, listener).build();
  }

  void register(String path) {
    store.insert(McpRegistration.draft("g1", "rich", mcp.server().url(path), null, ServerType.GENERAL, null)).orElseThrow();
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.stream().flatMap(s -> s.tools().stream()).filter(t -> t.spec().name().equals(name)).findFirst()
        .orElseThrow();
  }

  static ToolResult call(BaseTool tool, TurnContext context) throws Exception {
    return tool.execute(ToolCall.of("call-7", tool.spec().name(), "{}"), context).toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void progressReachesTheTurnsListenerAtMostOncePerIntervalByTheManagersClock(String path) throws Exception {
    register(path);
    // The server sends its notices, then holds the answer until the test has seen what it waits for: a notice that
    // came after the answer would not be delivered, so without the hold the count depends on the SDK's threads.
    mcp.server().progress("wait", 5);
    HeldTool held = mcp.server().hold("wait");
    java.util.concurrent.CountDownLatch firstNotice = new java.util.concurrent.CountDownLatch(1);
    TurnContext still = turn(p -> {
      notices.add(p);
      firstNotice.countDown();
    });

    CompletableFuture<ToolResult> stillCall = tool(manager.sourcesFor(still), "wait")
        .execute(ToolCall.of("call-7", "wait", "{}"), still).toCompletableFuture();
    assertThat(firstNotice.await(20, TimeUnit.SECONDS)).as("the first notice, while the answer is held").isTrue();
    assertThat(held.awaitHeld(Duration.ofSeconds(20))).isTrue();
    held.release();
    stillCall.get(20, TimeUnit.SECONDS);

    // The clock stood still: only the first notice of the call was due.
    assertThat(notices).hasSize(1);
    McpProgress first = notices.get(0);
    assertThat(first.callId()).isEqualTo("call-7");
    assertThat(first.tool()).isEqualTo("wait");
    assertThat(first.server()).isEqualTo("rich");
    assertThat(first.total()).hasValue(5.0);
    assertThat(first.fraction()).isPresent();

    notices.clear();
    // A listener whose every notice is a second later than the last: the interval has passed each time. The
    // server sends each notice only after the listener saw the one before, since the SDK may hand notices that
    // arrive together to several threads at once, and two judged at one clock reading are one notice.
    // The answer is held too: a notice handled after the answer is not delivered.
    ProgressSteps steps = mcp.server().progressSteps("wait", 5);
    HeldTool heldAgain = mcp.server().hold("wait");
    BlockingQueue<McpProgress> seen = new LinkedBlockingQueue<>();
    TurnContext ticking = turn(p -> {
      notices.add(p);
      clock.advance(settings.progressInterval());
      seen.add(p);
    });
    CompletableFuture<ToolResult> tickingCall = tool(manager.sourcesFor(ticking), "wait")
        .execute(ToolCall.of("call-8", "wait", "{}"), ticking).toCompletableFuture();
    for (int i = 1; i <= 5; i++) {
      assertThat(steps.next()).isTrue();
      McpProgress p = seen.poll(20, TimeUnit.SECONDS);
      assertThat(p).as("notice %d, each a progress interval after the last", i).isNotNull();
      assertThat(p.progress()).isEqualTo(i);
      assertThat(p.callId()).isEqualTo("call-8");
      assertThat(p.message()).hasValue("step " + i);
    }
    assertThat(heldAgain.awaitHeld(Duration.ofSeconds(20))).isTrue();
    heldAgain.release();
    tickingCall.get(20, TimeUnit.SECONDS);
    assertThat(notices).hasSize(5);
  }

  @Test
  void aListenerThatThrowsCostsTheCallNothing() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    TurnContext context = turn(p -> {
      throw new IllegalStateException("listener bug");
    });
    mcp.server().progress("echo", 3);

    ToolResult r = tool(manager.sourcesFor(context), "echo").execute(ToolCall.of("c", "echo", "{\"text\":\"on\"}"), context)
        .toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertThat(((ToolResult.Success) r).summary()).contains("echo: on");
  }

  @Test
  void theMcpDeadlineIsInForceEvenWhenLoadoutsOwnDefaultIsShorter() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    TestScheduler loadoutTime = TestScheduler.on(TestClock.create());
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager)
        .defaultTimeout(Duration.ofSeconds(1)).scheduler(loadoutTime).build()) {
      TurnContext context = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
      PreparedTurn turn = loadout.prepare(context);
      assertThat(turn.variant("wait").flatMap(v -> v.timeout()))
          .contains(settings.executionTimeout().plus(Listings.CALL_GRACE));
      HeldTool held = mcp.server().hold("wait");

      CompletableFuture<ToolResult> pending = turn.execute(ToolCall.of("c", "wait", "{}")).toCompletableFuture();
      assertThat(held.awaitHeld(Duration.ofSeconds(5))).isTrue();
      loadoutTime.advance(Duration.ofSeconds(5)); // well past Loadout's 1 s default

      assertThat(pending).as("Loadout's default did not end an MCP call").isNotDone();
      held.release();
      ToolResult r = pending.get(10, TimeUnit.SECONDS);
      assertThat(((ToolResult.Success) r).summary()).contains("released");
    }
  }

  @Test
  void everyKindOfContentIsKeptAsTextMediaOrANote() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    TurnContext context = turn(McpProgressListener.NONE);
    List<ToolSource> sources = manager.sourcesFor(context);

    ToolResult.Success all = (ToolResult.Success) call(tool(sources, "contents"), context);

    assertThat(all.media()).singleElement().satisfies(m -> assertThat(m.mimeType()).isEqualTo("image/png"));
    assertThat(all.summary()).hasValueSatisfying(text -> assertThat(text).contains("intro", "the notes",
        "[resource file:///report.pdf (application/pdf, 8 bytes) is not shown]",
        "[link] the doc: https://example.org/doc (text/html)"));
    ToolResult.Success figures = (ToolResult.Success) call(tool(sources, "figures"), context);
    assertThat(figures.data().get("total").asInt()).isEqualTo(42);
    assertThat(figures.summary()).contains("42 in all");
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void aToolThatRequiresMcpTasksIsHiddenWithAReasonAndTheOthersStay(String path) {
    register(path);

    ToolSource rich = manager.sourcesFor(turn(McpProgressListener.NONE)).get(0);

    assertThat(rich.tools()).extracting(t -> t.spec().name()).contains("echo", "contents").doesNotContain("research");
    HiddenTool research = rich.hidden().stream().filter(h -> h.name().equals("research")).findFirst().orElseThrow();
    assertThat(research.reasons().get(0).code()).isEqualTo(McpFailureCodes.TASK_REQUIRED);
    assertThat(research.reasons().get(0).message()).contains("requires MCP task support");
  }

  @Test
  void anSseServersAnnouncedToolChangeReachesTheNextTurns() throws Exception {
    register(McpTestServer.SSE_PATH);
    TurnContext context = turn(McpProgressListener.NONE);
    assertThat(manager.sourcesFor(context).get(0).tools()).extracting(t -> t.spec().name()).doesNotContain("added");

    mcp.server().addTool("added", "Came later.", args -> McpReply.text("new"));

    assertThat(awaitTool(context, "added")).as("announced on the session's stream").isTrue();
    assertThat(((ToolResult.Success) call(tool(manager.sourcesFor(context), "added"), context)).summary()).contains("new");
  }

  @Test
  void aStreamableServersChangedToolListIsReadAgainOnceItIsOlderThanTheTtl() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    TurnContext context = turn(McpProgressListener.NONE);
    manager.sourcesFor(context);
    mcp.server().addTool("added", "Came later.", args -> McpReply.text("new"));

    // A turn decides on its own thread whether the list is stale, and hands the re-read to the executor there.
    assertThat(background.handedOffBy(() -> manager.sourcesFor(context))).as("not before the TTL").isZero();
    clock.advance(settings.toolListTtl().minusMillis(1));
    assertThat(background.handedOffBy(() -> manager.sourcesFor(context))).as("not 1 ms before the TTL").isZero();
    clock.advance(Duration.ofMillis(1));
    assertThat(background.handedOffBy(() -> manager.sourcesFor(context))).as("at the TTL").isEqualTo(1);

    assertThat(awaitTool(context, "added")).as("listed again in the background").isTrue();
  }

  /** Whether the next turn offers the tool, once the manager has written a snapshot that names it (event-driven). */
  boolean awaitTool(TurnContext context, String name) throws InterruptedException {
    // The listing is replaced before its snapshot is written, so the turn after the write sees it.
    store.awaitToolNames(names -> names.contains(name));
    return manager.sourcesFor(context).stream().flatMap(s -> s.tools().stream()).anyMatch(t -> t.spec().name().equals(name));
  }

  /** The manager's executor for blocking work; counts the tasks a turn hands it on the turn's own thread. */
  static final class Background implements Executor {
    final ExecutorService pool = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "call-features-blocking");
      t.setDaemon(true);
      return t;
    });
    private volatile Thread watched;
    private final AtomicInteger handedOff = new AtomicInteger();

    /** How many tasks {@code turn} handed to the executor on the calling thread while it ran. */
    int handedOffBy(Runnable turn) {
      handedOff.set(0);
      watched = Thread.currentThread();
      try {
        turn.run();
      } finally {
        watched = null;
      }
      return handedOff.get();
    }

    @Override
    public void execute(Runnable task) {
      if (Thread.currentThread() == watched) {
        handedOff.incrementAndGet();
      }
      pool.execute(task);
    }
  }
}
