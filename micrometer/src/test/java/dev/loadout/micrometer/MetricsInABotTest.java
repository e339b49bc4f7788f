package dev.loadout.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.BreakerState;
import dev.loadout.mcp.BreakerTransition;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.InMemoryMcpRegistrationStore;
import dev.loadout.mcp.McpEventListener;
import dev.loadout.mcp.McpFailureCodes;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.McpSettings;
import dev.loadout.mcp.ServerType;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A bot with a built-in tool and a guild's MCP server, metered as an operator would meter it: turns, renders, calls
 * that succeed and fail, a server that starts failing, is quarantined, and comes back, all read from Micrometer's own
 * {@link SimpleMeterRegistry}.
 */
@Timeout(60)
class MetricsInABotTest {
  static final String TEXT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").userId("u1").build();

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(McpTestServer.builder().name("notes")
      .tool("echo", "Echoes text.", TEXT_SCHEMA, args -> McpReply.text("echo: " + args.get("text"))));

  final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  final TestClock clock = TestClock.at(Instant.parse("2026-06-01T10:00:00Z"));
  final TestScheduler scheduler = TestScheduler.on(clock);
  final BlockingQueue<BreakerTransition> transitions = new LinkedBlockingQueue<>();
  final McpMetrics mcpMetrics = new McpMetrics(meters);
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(3))
          .executionTimeout(Duration.ofSeconds(5)).failureCooldown(Duration.ofSeconds(30)).build())
      .clock(clock).scheduler(scheduler).listener(new McpEventListener() {
        @Override
        public void onConnect(String guildId, long registrationId, String transport, String failureCode) {
          mcpMetrics.onConnect(guildId, registrationId, transport, failureCode);
        }

        @Override
        public void onDisconnect(String guildId, long registrationId, String code) {
          mcpMetrics.onDisconnect(guildId, registrationId, code);
        }

        @Override
        public void onBreakerTransition(BreakerTransition t) {
          mcpMetrics.onBreakerTransition(t);
          transitions.add(t);
        }
      }).build();

  /** Every reading 3 ms after the last: call timers then hold exact, machine-independent totals. */
  final AtomicLong nanos = new AtomicLong();
  final BaseTool rollDice = new BaseTool() {
    final ToolSpec spec = ToolSpec.builder("roll_dice", (ObjectNode) JsonMapper.shared().readTree(
        "{\"type\":\"object\",\"properties\":{\"sides\":{\"type\":\"integer\"}},\"additionalProperties\":false}"))
        .description("Rolls a die.").build();

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public CompletableFuture<ToolResult> execute(ToolCall call, TurnContext context) {
      return CompletableFuture.completedFuture(ToolResult.text("4"));
    }
  };
  final Loadout loadout = Loadout.builder(ToolRegistry.builder().register(rollDice).build()).externalTools(manager)
      .listener(new LoadoutMetrics(meters)).ticker(() -> nanos.addAndGet(Duration.ofMillis(3).toNanos())).build();

  @AfterEach
  void close() {
    loadout.close();
    manager.close();
    assertThat(scheduler.failures()).isEmpty();
  }

  static ToolResult run(PreparedTurn turn, String id, String name, String args) {
    return turn.execute(ToolCall.of(id, name, args)).toCompletableFuture().orTimeout(20, TimeUnit.SECONDS).join();
  }

  double count(String name, String... tags) {
    return meters.find(name).tags(tags).meters().stream().mapToDouble(MetricsInABotTest::countOf).sum();
  }

  static double countOf(Meter m) {
    if (m instanceof io.micrometer.core.instrument.Timer t) {
      return t.count();
    }
    return ((io.micrometer.core.instrument.Counter) m).count();
  }

  BreakerTransition nextTransition() throws InterruptedException {
    BreakerTransition t = transitions.poll(20, TimeUnit.SECONDS);
    assertThat(t).as("a breaker transition within 20 s").isNotNull();
    return t;
  }

  @Test
  void aServerKilledDuringACallIsCountedAsADisconnectByTheTimeTheCallFails() throws Exception {
    store.insert(McpRegistration.draft("g1", "notes", mcp.server().url(McpTestServer.STREAMABLE_PATH), null,
        ServerType.GENERAL, null)).orElseThrow();
    PreparedTurn turn = loadout.prepare(G1);
    dev.loadout.testkit.mcp.HeldTool held = mcp.server().hold("echo");
    CompletableFuture<ToolResult> pending = turn.execute(ToolCall.of("c1", "echo", "{\"text\":\"hi\"}"))
        .toCompletableFuture();
    assertThat(held.awaitHeld(Duration.ofSeconds(20))).isTrue();
    assertThat(count("loadout.mcp.disconnects")).isZero();

    mcp.server().stop();
    ToolResult lost = pending.orTimeout(20, TimeUnit.SECONDS).join();

    assertThat(((ToolResult.Failure) lost).code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(count("loadout.mcp.disconnects", "code", McpFailureCodes.CONNECTION_LOST)).isEqualTo(1);
    assertThat(count("loadout.tool.calls", "tool", "echo", "code", McpFailureCodes.CONNECTION_LOST)).isEqualTo(1);
  }

  @Test
  void turnsCallsAndAServerThatFailsAndComesBackAreAllCounted() throws Exception {
    McpRegistration r = store.insert(McpRegistration.draft("g1", "notes", mcp.server().url(McpTestServer.STREAMABLE_PATH),
        null, ServerType.GENERAL, null)).orElseThrow();

    // A healthy turn: both tools shown, rendered twice (the second from the cache), three calls.
    PreparedTurn turn = loadout.prepare(G1);
    assertThat(turn.visibleNames()).containsExactlyInAnyOrder("echo", "roll_dice");
    turn.render(Dialect.OPENAI_CHAT);
    loadout.prepare(G1).render(Dialect.OPENAI_CHAT);
    assertThat(run(turn, "c1", "echo", "{\"text\":\"hi\"}").isSuccess()).isTrue();
    assertThat(run(turn, "c2", "roll_dice", "{\"sides\":\"six\"}").isSuccess()).isFalse();
    assertThat(run(turn, "c3", "rm -rf / #{{secret}}", "{}").isSuccess()).isFalse();

    assertThat(count("loadout.mcp.connects", "transport", "streamable_http", "code", "ok")).isEqualTo(1);
    assertThat(meters.get("loadout.prepare").timer().count()).isEqualTo(2);
    assertThat(meters.get("loadout.turn.tools").tag("state", "visible").summary().totalAmount()).isEqualTo(4);
    assertThat(count("loadout.render", "dialect", "OPENAI_CHAT", "strict", "false", "cache", "miss")).isEqualTo(1);
    assertThat(count("loadout.render", "dialect", "OPENAI_CHAT", "strict", "false", "cache", "hit")).isEqualTo(1);
    assertThat(count("loadout.tool.calls", "tool", "echo", "source", "external", "code", "ok")).isEqualTo(1);
    assertThat(count("loadout.tool.calls", "tool", "roll_dice", "source", "builtin", "code", "invalid_arguments"))
        .isEqualTo(1);
    assertThat(count("loadout.tool.calls", "tool", LoadoutMetrics.UNSHOWN, "code", "tool_not_available")).isEqualTo(1);
    // Each call is two ticker readings apart: 3 ms, whatever the machine took.
    assertThat(meters.get("loadout.tool.calls").tag("tool", "echo").timer().totalTime(TimeUnit.MILLISECONDS))
        .isEqualTo(3.0);
    assertThat(meters.getMeters()).as("no tag carries a name the model made up")
        .flatExtracting(m -> m.getId().getTags()).extracting(Tag::getValue).noneMatch(v -> v.contains("secret"));

    // The server starts failing: three failed calls quarantine it, and the next turn hides its tool.
    mcp.server().inject(new McpFault.HttpStatus(500));
    for (int i = 0; i < 3; i++) {
      assertThat(run(turn, "f" + i, "echo", "{\"text\":\"again\"}").isSuccess()).isFalse();
    }
    assertThat(nextTransition().to()).isEqualTo(BreakerState.OPEN);
    assertThat(meters.get("loadout.mcp.breakers").tag("state", "open").gauge().value()).isEqualTo(1);
    assertThat(count("loadout.mcp.breaker.transitions", "to", "open")).isEqualTo(1);
    assertThat(count("loadout.tool.calls", "tool", "echo", "source", "external")).isEqualTo(4);
    assertThat(count("loadout.tool.calls", "tool", "echo", "code", "ok")).isEqualTo(1);
    PreparedTurn quarantined = loadout.prepare(G1);
    assertThat(quarantined.visibleNames()).containsExactly("roll_dice");
    assertThat(count("loadout.tools.hidden", "tool", "echo", "reason", McpFailureCodes.QUARANTINED)).isEqualTo(1);

    // It recovers: after the cooldown the background probe closes the breaker, and the gauge goes back to zero.
    mcp.server().clearFaults();
    scheduler.advance(Duration.ofSeconds(30));
    assertThat(nextTransition().to()).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(meters.get("loadout.mcp.breakers").tag("state", "half_open").gauge().value()).isEqualTo(1);
    assertThat(meters.get("loadout.mcp.breakers").tag("state", "open").gauge().value()).isZero();
    assertThat(nextTransition().to()).isEqualTo(BreakerState.CLOSED);
    assertThat(manager.breakerState("g1", r.id())).contains(BreakerState.CLOSED);
    assertThat(meters.get("loadout.mcp.breakers").tag("state", "half_open").gauge().value()).isZero();
    assertThat(meters.get("loadout.mcp.breakers").tag("state", "open").gauge().value()).isZero();
    assertThat(loadout.prepare(G1).visibleNames()).containsExactlyInAnyOrder("echo", "roll_dice");
  }

  @Test
  void anInterceptorsOwnAnswerIsCountedUnderItsClass() {
    SimpleMeterRegistry own = new SimpleMeterRegistry();
    try (Loadout cooled = Loadout.builder(ToolRegistry.builder().register(rollDice).build())
        .addInterceptor(new Cooldown()).listener(new LoadoutMetrics(own)).build()) {
      PreparedTurn turn = cooled.prepare(G1);

      assertThat(run(turn, "c1", "roll_dice", "{}")).isInstanceOfSatisfying(ToolResult.Failure.class,
          f -> assertThat(f.code()).isEqualTo("cooldown"));

      assertThat(own.get("loadout.tool.short_circuits").tags("tool", "roll_dice", "interceptor",
          Cooldown.class.getName(), "code", "cooldown").counter().count()).isEqualTo(1);
      assertThat(own.get("loadout.tool.calls").tags("code", "cooldown", "retryable", "true").timer().count())
          .isEqualTo(1);
    }
  }

  @Test
  void aToolsHopsAndTheUrlTheGuardRefusedAreCountedByToolAndCode() throws Exception {
    // A bot's own tool that reads a link through the pinned client, reporting to the turn as fetch_url does.
    com.sun.net.httpserver.HttpServer site = com.sun.net.httpserver.HttpServer.create(
        new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
    site.createContext("/", exchange -> {
      exchange.getResponseHeaders().set("Location", exchange.getRequestURI().getPath().equals("/a")
          ? "/b" : "http://169.254.169.254/latest/meta-data/");
      exchange.sendResponseHeaders(302, -1);
      exchange.close();
    });
    site.start();
    SimpleMeterRegistry own = new SimpleMeterRegistry();
    try (dev.loadout.core.net.SafeHttpClient http = dev.loadout.core.net.SafeHttpClient.builder(
        NetworkGuard.of(NetworkPolicy.development())).build()) {
      ToolSpec spec = ToolSpec.builder("read_link", (ObjectNode) JsonMapper.shared().readTree("{\"type\":\"object\"}"))
          .description("Reads a link.").build();
      BaseTool readLink = BaseTool.of(spec, (call, ctx) -> {
        dev.loadout.core.net.NetEvents events = ctx.attribute(PreparedTurn.CURRENT).orElseThrow().netEvents(call);
        try {
          http.send(dev.loadout.core.net.SafeHttpRequest.builder("GET",
              "http://127.0.0.1:" + site.getAddress().getPort() + "/a").events(events).build());
          return ToolResult.success(JsonMapper.shared().readTree("\"read\""));
        } catch (dev.loadout.core.net.SafeHttpException e) {
          return ToolResult.failure(e.code(), "The link could not be read.", false);
        }
      });
      try (Loadout bot = Loadout.builder(ToolRegistry.builder().register(readLink).build())
          .listener(new LoadoutMetrics(own)).build()) {
        ToolResult result = run(bot.prepare(G1), "c1", "read_link", "{}");

        assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
            f -> assertThat(f.code()).isEqualTo("url_refused"));
        assertThat(own.get("loadout.outbound.hops").tag("tool", "read_link").counter().count()).isEqualTo(2);
        assertThat(own.get("loadout.outbound.refused").tags("tool", "read_link", "code", "metadata_endpoint")
            .counter().count()).isEqualTo(1);
      }
    } finally {
      site.stop(0);
    }
  }

  /** Answers every call itself. */
  static final class Cooldown implements dev.loadout.core.ToolInterceptor {
    @Override
    public CompletableFuture<ToolResult> intercept(Chain chain) {
      return CompletableFuture.completedFuture(ToolResult.failure("cooldown", "Wait a moment.", true));
    }
  }

  @Test
  void aHostServersBreakerHasAGaugeOfItsOwn() throws Exception {
    mcp.server().inject(new McpFault.HttpStatus(500));
    BlockingQueue<BreakerTransition> hostTransitions = new LinkedBlockingQueue<>();
    McpMetrics metrics = mcpMetrics; // one per registry: a second one's gauges would not register
    try (GuildMcpManager host = GuildMcpManager.builder(new InMemoryMcpRegistrationStore(),
        NetworkGuard.of(NetworkPolicy.development())).hostServers(List.of(dev.loadout.mcp.HostMcpServer.http("wiki",
            mcp.server().url(McpTestServer.STREAMABLE_PATH)).build()))
        .settings(McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(3)).build())
        .clock(clock).scheduler(scheduler).listener(new McpEventListener() {
          @Override
          public void onConnect(String guildId, long registrationId, String transport, String failureCode) {
            metrics.onConnect(guildId, registrationId, transport, failureCode);
          }

          @Override
          public void onBreakerTransition(BreakerTransition t) {
            metrics.onBreakerTransition(t);
            hostTransitions.add(t);
          }
        }).build()) {
      host.sourcesFor(G1);

      BreakerTransition t = hostTransitions.poll(20, TimeUnit.SECONDS);
      assertThat(t).isNotNull();
      assertThat(t.hostServer()).contains("wiki");
      assertThat(meters.get("loadout.mcp.breaker.state").tag("server", "wiki").gauge().value()).isEqualTo(2);
      // Guild registrations are counted apart: a host server is not one of them.
      assertThat(meters.get("loadout.mcp.breakers").tag("state", "open").gauge().value()).isZero();
      assertThat(count("loadout.mcp.connects", "transport", "none")).isEqualTo(1);
      assertThat(count("loadout.mcp.connects", "code", "ok")).isZero();
    }
  }
}
