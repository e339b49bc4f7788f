package dev.loadout.testkit.flows;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.direct.AnswerModel;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.DirectFlow;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.FlowReply;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.direct.ToolTaskStore;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.time.TestClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A bot as a host writes one, in one channel: every message goes through {@link DirectFlow}; the ordinary turn and
 * the short answer are calls to one {@link ScriptedModel} speaking OpenAI chat; what the bot would post is kept in
 * order. Two tools: {@code web_search} for anyone, and {@code server_stats} for members with {@code MANAGE_GUILD}.
 * Each run of a tool is recorded with the identity it ran under.
 */
final class ChatBot implements AutoCloseable {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  static final String SESSION = "guild-1/general";
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final ToolSpec WEB_SEARCH = ToolSpec.builder("web_search", """
      {"type":"object","properties":{"query":{"type":"string","minLength":1}},"required":["query"]}""")
      .description("Search the web.").build();
  static final ToolSpec SERVER_STATS = ToolSpec.builder("server_stats", """
      {"type":"object","properties":{}}""").description("Member counts of this server.")
      .requiredPermission("MANAGE_GUILD").build();
  static final ToolSpec CALC = ToolSpec.builder("calc", """
      {"type":"object","properties":{"value":{"type":"number"}},"required":["value"]}""").build();

  /** One run of a tool: which, with what, and as whom. */
  record Ran(String tool, String arguments, String userId, Set<String> permissions) {}

  final ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
  final TestClock clock = TestClock.at(T0);
  final List<Ran> ran = new CopyOnWriteArrayList<>();
  final List<String> transcript = new CopyOnWriteArrayList<>();
  final Map<String, Set<String>> permissions = new HashMap<>();
  final ToolTaskStore store;
  final Loadout loadout;
  final DirectFlow flow;
  /** What the search tool answers next; a failure makes it fail. */
  volatile ToolResult searchAnswer = ToolResult.text("Frozen 3 opens in cinemas on 24 November 2027.");
  private int messages;

  ChatBot(ToolTaskStore store, DirectSettings settings, Executor autoContinue) {
    this.store = store;
    ToolRegistry registry = ToolRegistry.builder()
        .register(BaseTool.of(WEB_SEARCH, (call, ctx) -> record(call, ctx, searchAnswer)))
        .register(BaseTool.of(SERVER_STATS, (call, ctx) -> record(call, ctx, ToolResult.text("1204 members"))))
        .register(BaseTool.of(CALC, (call, ctx) -> record(call, ctx, ToolResult.text("42"))))
        .build();
    Loadout.Builder lb = Loadout.builder(registry).executor(Runnable::run);
    AvailabilityFilters.standard().forEach(lb::addFilter);
    this.loadout = lb.build();
    DirectCatalog catalog = DirectCatalog.empty(List.of("help", "clear", "mcp-cancel"))
        .save(CALC, DirectConfig.builder("calc").command("/calc").template("{\"value\":\"{{number:input}}\"}").build());
    DirectRouter router = DirectRouter.of(catalog, store, settings, clock);
    DirectFlow.Builder fb = DirectFlow.builder(router, loadout).answerModel(this::answer);
    if (autoContinue != null) {
      fb.autoContinue(autoContinue);
    }
    this.flow = fb.build();
    permissions.put("alice", Set.of("SEND_MESSAGES", "MANAGE_GUILD"));
    permissions.put("bob", Set.of("SEND_MESSAGES"));
  }

  ChatBot(ToolTaskStore store) {
    this(store, DirectSettings.defaults(), null);
  }

  private ToolResult record(ToolCall call, TurnContext ctx, ToolResult answer) {
    ran.add(new Ran(call.name(), call.arguments(), ctx.userId().orElse(null), ctx.permissions().orElse(null)));
    return answer;
  }

  TurnContext contextOf(String user, String text) {
    return TurnContext.builder("openai", "gpt-test").guildId("guild-1").channelId("general").userId(user)
        .permissions(permissions.get(user)).messageText(text).clock(clock).build();
  }

  /** A message from a user; what the bot posts for it, its booking turn included. Continuations are separate. */
  Said say(String user, String text) {
    return say(user, "m" + (messages + 1), text);
  }

  /** The same, with the host's message id given (a redelivery reuses one). */
  Said say(String user, String messageId, String text) {
    messages++;
    IncomingMessage message = IncomingMessage.of(SESSION, messageId, text);
    TurnContext context = contextOf(user, text);
    FlowReply reply = flow.onMessage(message, context).toCompletableFuture().join();
    List<String> posts = new ArrayList<>(reply.posts());
    FlowReply booked = null;
    if (reply.runsOrdinaryTurn()) {
      PreparedTurn turn = loadout.prepare(context);
      String response = model.respond(turnRequest(turn, flow.bookingInstruction(message), text));
      booked = flow.afterTurn(message, turn, text(response), Dialect.OPENAI_CHAT.parseToolCalls(response));
      posts.addAll(booked.posts());
    }
    posts.forEach(p -> transcript.add("bot: " + p));
    return new Said(reply, booked, posts);
  }

  /** What one message led to. */
  record Said(FlowReply reply, FlowReply booked, List<String> posts) {
    CompletableFuture<FlowReply> continuation() {
      return booked.continuation().orElseThrow().toCompletableFuture();
    }
  }

  static String turnRequest(PreparedTurn turn, String instruction, String text) {
    ObjectNode body = JSON.createObjectNode().put("model", "gpt-test");
    ArrayNode messages = body.putArray("messages");
    messages.addObject().put("role", "system").put("content", instruction);
    messages.addObject().put("role", "user").put("content", text);
    body.set("tools", turn.render(Dialect.OPENAI_CHAT).toJsonNode());
    return JSON.writeValueAsString(body);
  }

  /** The host's one model call for a short answer. */
  private CompletableFuture<AnswerModel.Reply> answer(AnswerModel.Request r) {
    ObjectNode body = JSON.createObjectNode().put("model", "gpt-test").put("max_tokens", r.maxTokens());
    ArrayNode messages = body.putArray("messages");
    messages.addObject().put("role", "system").put("content", r.instruction());
    messages.addObject().put("role", "user").put("content", r.question() == null ? "" : r.question());
    messages.addObject().put("role", "user").put("content", "Tool " + r.toolName() + " returned: " + r.toolResult());
    String response = model.respond(JSON.writeValueAsString(body));
    JsonNode choice = JSON.readTree(response).path("choices").path(0);
    return CompletableFuture.completedFuture(new AnswerModel.Reply(text(response),
        "length".equals(choice.path("finish_reason").asString(""))));
  }

  static String text(String response) {
    JsonNode content = JSON.readTree(response).path("choices").path(0).path("message").path("content");
    return content.isString() ? content.stringValue() : null;
  }

  long runsOf(String tool) {
    return ran.stream().filter(r -> r.tool().equals(tool)).count();
  }

  @Override
  public void close() {
    loadout.close();
  }
}
