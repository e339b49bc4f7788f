package dev.loadout.examples;

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
import dev.loadout.direct.DirectFlow;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.FlowReply;
import dev.loadout.direct.InMemoryToolTaskStore;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.time.TestClock;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Deferred mode ("book now, run on the next message") played offline, as a bot in one Discord channel runs it:
 * every message goes through {@link DirectFlow}; the booking turn and the short answer are calls to a
 * {@link ScriptedModel} speaking OpenAI chat; tasks live in an {@link InMemoryToolTaskStore}; time is a test clock,
 * so a booking can be left to expire. It prints each message the bot would post.
 *
 * <p>Scenes: Alice's question is booked (the model's waiting sentence and the tool marker are posted once the
 * booking is saved); Bob's next message claims it and it runs as Alice, with one model call for a one-sentence
 * answer; a second booking is cancelled with {@code /mcp-cancel}; a third is left past its age and never runs; with
 * auto-continue a fourth runs right after it is booked, without waiting for a message.
 *
 * <p>Run it with {@code mvn -q -Pdeferred -pl examples -am package -DskipTests}. Nothing here touches the network.
 */
public final class DeferredConversation {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  /** Time between scenes: past the session's tool cooldown, so each scene may book again. */
  static final Duration SCENE_GAP = Duration.ofMinutes(2);
  static final String SESSION = "cozy-cafe/general";
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final ToolSpec WEB_SEARCH = ToolSpec.builder("web_search", """
      {"type":"object","properties":{"query":{"type":"string","minLength":1}},"required":["query"]}""")
      .description("Search the web.").build();
  /** The fake search engine: what each query finds. */
  static final Map<String, String> FOUND = Map.of(
      "Frozen 3 release date", "Frozen 3 opens in cinemas on 24 November 2027 (Walt Disney Animation Studios).",
      "Paris weather tomorrow", "Paris tomorrow: light rain, 9 to 13 degrees Celsius.",
      "Lisbon population", "Lisbon has about 545,000 inhabitants (city proper, 2021 census).");

  private final PrintStream out;
  private final ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
  private final TestClock clock = TestClock.at(T0);
  private final Loadout loadout;
  private final InMemoryToolTaskStore store = new InMemoryToolTaskStore();
  private final DirectRouter router;
  private DirectFlow flow;
  private int messages;

  private DeferredConversation(PrintStream out) {
    this.out = out;
    ToolRegistry registry = ToolRegistry.builder().register(BaseTool.of(WEB_SEARCH, (call, ctx) -> {
      String query = call.argumentsJson().path("query").asString("");
      out.println("   (web_search \"" + query + "\" runs as " + ctx.userId().orElse("?") + ")");
      return ToolResult.text(FOUND.getOrDefault(query, "No results."));
    })).build();
    Loadout.Builder lb = Loadout.builder(registry).executor(Runnable::run);
    AvailabilityFilters.standard().forEach(lb::addFilter);
    this.loadout = lb.build();
    // The host's own commands are named so that tool commands never take them; /clear and /mcp-cancel are the
    // router's own (DirectSettings.cancelCommands), recognised before anything else.
    this.router = DirectRouter.of(DirectCatalog.empty(List.of("help")), store,
        DirectSettings.defaults(), clock);
    this.flow = DirectFlow.builder(router, loadout).answerModel(this::shortAnswer).build();
  }

  /** Prints the conversation to standard output. */
  public static void main(String[] args) {
    run(System.out);
  }

  /** Plays the conversation, printing what each user says and each message the bot would post. */
  public static void run(PrintStream out) {
    DeferredConversation bot = new DeferredConversation(out);
    try {
      bot.play();
    } finally {
      bot.loadout.close();
    }
  }

  private void play() {
    out.println("== A booking, claimed by the next message (someone else's), run as the booking user");
    model.enqueueRaw(toolCallWithText("Let me look that up for you.",
        ToolCall.of("call_1", "web_search", "{\"query\":\"Frozen 3 release date\"}")));
    say("alice", "When does Frozen 3 come out?");
    model.enqueueText("{\"answer\": \"Frozen 3 opens in cinemas on 24 November 2027.\"}");
    say("bob", "lol nice");
    model.enqueueText("You're welcome!");
    say("alice", "thanks!");

    out.println();
    clock.advance(SCENE_GAP);
    out.println("== A booking cancelled before it runs");
    model.enqueueToolCalls(ToolCall.of("call_2", "web_search", "{\"query\":\"Paris weather tomorrow\"}"));
    say("alice", "Will it rain in Paris tomorrow?");
    say("alice", "/mcp-cancel");
    model.enqueueText("No problem, ask me anytime.");
    say("alice", "never mind");
    taskState();

    out.println();
    clock.advance(SCENE_GAP);
    out.println("== A booking nobody claims expires after " + DirectSettings.DEFAULT_PENDING_MAX_AGE.toMinutes()
        + " minutes and never runs");
    model.enqueueRaw(toolCallWithText("Checking.",
        ToolCall.of("call_3", "web_search", "{\"query\":\"Lisbon population\"}")));
    say("bob", "How many people live in Lisbon?");
    clock.advance(DirectSettings.DEFAULT_PENDING_MAX_AGE.plusSeconds(1));
    model.enqueueText("Hi Bob, what's up?");
    say("bob", "hi");
    taskState();

    out.println();
    out.println("== With auto-continue, a booking runs on the host's executor without waiting for a message");
    List<Runnable> queued = new ArrayList<>();
    Executor hostPool = queued::add; // the bot's own pool; run by hand here so the order is visible
    flow = DirectFlow.builder(router, loadout).answerModel(this::shortAnswer).autoContinue(hostPool).build();
    model.enqueueRaw(toolCallWithText("One moment.",
        ToolCall.of("call_4", "web_search", "{\"query\":\"Lisbon population\"}")));
    FlowReply booked = say("alice", "And Lisbon's population?");
    model.enqueueText("{\"answer\": \"Lisbon has about 545,000 inhabitants.\"}");
    queued.forEach(Runnable::run);
    booked.continuation().orElseThrow().thenAccept(done -> post(done.posts())).toCompletableFuture().join();
  }

  /**
   * One message, as the host handles it: the flow first; if it hands the message to the ordinary turn, the one
   * model call with the booking instruction, then {@link DirectFlow#afterTurn}. Returns the booking turn's reply.
   */
  private FlowReply say(String user, String text) {
    out.println(user + ": " + text);
    IncomingMessage message = IncomingMessage.of(SESSION, "m" + (++messages), text);
    TurnContext context = TurnContext.builder("openai", "gpt-5-mini").guildId("cozy-cafe").channelId("general")
        .userId(user).permissions(Set.of("SEND_MESSAGES")).messageText(text).clock(clock).build();
    FlowReply reply = flow.onMessage(message, context).toCompletableFuture().join();
    post(reply.posts());
    if (!reply.runsOrdinaryTurn()) {
      return reply;
    }
    PreparedTurn turn = loadout.prepare(context);
    String response = model.respond(request(flow.bookingInstruction(message), List.of(text), turn));
    FlowReply afterTurn = flow.afterTurn(message, turn, text(response), Dialect.OPENAI_CHAT.parseToolCalls(response));
    post(afterTurn.posts());
    return afterTurn;
  }

  /** A narrator's line, not a post: the state of the session's task slot. */
  private void taskState() {
    String state = store.find(SESSION).map(t -> t.state().name().toLowerCase(Locale.ROOT)).orElse("gone");
    out.println("   (the booked task is " + state + ")");
  }

  private void post(List<String> posts) {
    for (String p : posts) {
      out.println("bot: " + p.replace("\n", "\n     "));
    }
  }

  /** The host's one model call for a short answer, with the tool result and the flow's instruction. */
  private CompletableFuture<AnswerModel.Reply> shortAnswer(AnswerModel.Request r) {
    String response = model.respond(request(r.instruction(), List.of(r.question() == null ? "" : r.question(),
        "Tool " + r.toolName() + " returned: " + r.toolResult()), null));
    boolean cutOff = "length".equals(JSON.readTree(response).path("choices").path(0).path("finish_reason").asString(""));
    return CompletableFuture.completedFuture(new AnswerModel.Reply(text(response), cutOff));
  }

  /** An OpenAI chat request: a system instruction, the user's lines, and the turn's tools if any. */
  private static String request(String instruction, List<String> userLines, PreparedTurn turn) {
    ObjectNode body = JSON.createObjectNode().put("model", "gpt-5-mini");
    ArrayNode messages = body.putArray("messages");
    messages.addObject().put("role", "system").put("content", instruction);
    userLines.forEach(line -> messages.addObject().put("role", "user").put("content", line));
    if (turn != null) {
      body.set("tools", turn.render(Dialect.OPENAI_CHAT).toJsonNode());
    }
    return JSON.writeValueAsString(body);
  }

  /** An OpenAI chat response with text and a tool call, as models answer when they announce a lookup. */
  private static String toolCallWithText(String text, ToolCall call) {
    ObjectNode response = JSON.createObjectNode().put("id", "resp").put("object", "chat.completion");
    ObjectNode choice = response.putArray("choices").addObject().put("index", 0).put("finish_reason", "tool_calls");
    ObjectNode message = choice.putObject("message").put("role", "assistant").put("content", text);
    message.putArray("tool_calls").addObject().put("id", call.id()).put("type", "function").putObject("function")
        .put("name", call.name()).put("arguments", call.arguments());
    return JSON.writeValueAsString(response);
  }

  private static String text(String response) {
    JsonNode content = JSON.readTree(response).path("choices").path(0).path("message").path("content");
    return content.isString() ? content.stringValue() : null;
  }
}
