package dev.loadout.examples.bot;

import dev.loadout.core.Dialect;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolLoop;
import dev.loadout.core.ToolOutcome;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.direct.AnswerModel;
import dev.loadout.direct.AnswerShaper;
import dev.loadout.direct.DirectDecision;
import dev.loadout.direct.DirectPrompts;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.Participants;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One console conversation: who speaks where, the history, and what a line does. A line is a bot command
 * ({@link BotCommands}), else a direct-invocation rule's trigger, else a message for the model, run by
 * {@link ToolLoop} on one prepared turn.
 */
final class ChatSession {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String PERSONA_ID = "mochi";
  static final String PERSONA_PROMPT = "You are Mochi, the friendly helper of this server. Use the tools when they help.";
  /** The members of the console server: a member, and a moderator who may also see the admin report. */
  static final Map<String, Set<String>> MEMBERS = Map.of("alice", Set.of(), "bob", Set.of("MODERATOR", "MANAGE_GUILD"));

  final BotWiring bot;
  private final ToolLoop.Model model;
  /** The printer the streaming model writes its answer to, or null when the session prints whole answers. */
  private final StreamedAnswer streamed;
  private final AnswerModel shortAnswers;
  private final String provider;
  private final String modelName;
  private final Clock clock;
  private final PrintStream out;
  private final ToolLoop loop;
  private final List<JsonNode> history = new ArrayList<>();
  String guildId = "cozy-cafe";
  String userId = "alice";
  /** Message ids must not repeat across runs: the task store keeps the last one per session. */
  private final String run = java.util.UUID.randomUUID().toString().substring(0, 8);
  private int messages;

  /**
   * @param streamed where the model prints its answer as it streams in, or null to print whole answers
   * @param shortAnswers the one model call that words a direct rule's result, or null to post its excerpt
   */
  ChatSession(BotWiring bot, ToolLoop.Model model, StreamedAnswer streamed, AnswerModel shortAnswers, String provider,
      String modelName, Clock clock, PrintStream out) {
    this.bot = bot;
    this.model = model;
    this.streamed = streamed;
    this.shortAnswers = shortAnswers;
    this.provider = provider;
    this.modelName = modelName;
    this.clock = clock;
    this.out = out;
    this.loop = ToolLoop.builder(Dialect.OPENAI_CHAT).maxRounds(6)
        // A slow endpoint ends the message, not the session; an unfinished round stays out of the history.
        .deadline(Duration.ofMinutes(3)).clock(clock).onRound(this::printRound).build();
    history.add(JSON.createObjectNode().put("role", "system").put("content", PERSONA_PROMPT));
  }

  String prompt() {
    return userId + (guildId == null ? " (direct message)" : "@" + guildId) + "> ";
  }

  /** Handles one line; false when the session is over. */
  boolean handle(String line) {
    String text = line.strip();
    if (text.isEmpty()) {
      return true;
    }
    if (clock instanceof SessionClock c) {
      c.nextMessage();
    }
    if (BotCommands.isCommand(text)) {
      return new BotCommands(this, out).run(text);
    }
    if (guildId != null && !bot.blocks().mayTrigger(guildId, PERSONA_ID, participantId(userId))) {
      // Checked before anything is routed or asked: a muted or blocked user costs no model call.
      out.println("(Mochi stays silent: " + userId + " is muted or blocked by Mochi here)");
      return true;
    }
    String messageId = run + "-m" + (++messages);
    DirectDecision decision = bot.router.route(IncomingMessage.of(sessionKey(), messageId, text));
    if (decision instanceof DirectDecision.NotMatched && text.startsWith("/")) {
      // A slash is always meant for the bot: an unknown command is said so, never sent to the model.
      out.println("unknown command " + text.split("\\s+", 2)[0] + "; the commands are " + String.join(" ", BotWiring.RESERVED)
          + " /roll /read");
    } else if (decision instanceof DirectDecision.NotMatched) {
      askModel(text);
    } else {
      direct(decision, text);
    }
    return true;
  }

  private void direct(DirectDecision decision, String text) {
    if (decision instanceof DirectDecision.Invoke invoke) {
      String rule = invoke.trigger().startsWith("/") ? "slash command " + invoke.trigger() : "keyword rule";
      out.println("[direct: " + rule + " -> " + invoke.toolName() + " " + invoke.arguments()
          + (shortAnswers == null ? ", the model was not asked]" : ", the model only words the answer]"));
      PreparedTurn turn = prepare(text);
      ToolResult result = bot.router.run(invoke, turn).toCompletableFuture().join();
      if (result instanceof ToolResult.Failure f) {
        out.println("[direct: " + invoke.toolName() + " failed [" + f.code() + "]]");
      }
      out.println("bot: " + shortAnswer(turn, text, invoke.toolName(), result));
    } else if (decision instanceof DirectDecision.Invalid invalid) {
      out.println("[direct rule for " + invalid.toolName() + " refused: " + invalid.reason() + "] " + invalid.message());
    } else if (decision instanceof DirectDecision.CoolingDown cooling) {
      out.println("[direct rule for " + cooling.toolName() + " cooling down: " + cooling.secondsLeft() + " s left]");
    } else if (decision instanceof DirectDecision.Busy busy) {
      out.println("[direct rule for " + busy.toolName() + " refused: " + busy.current().toolName() + " is still running]");
    } else if (decision instanceof DirectDecision.Ambiguous ambiguous) {
      out.println("bot: " + ambiguous.replyText());
    } else {
      out.println("[direct: " + decision + "]");
    }
  }

  /**
   * The direct rule's answer as the library means it to be posted: with a model, its one short answer shaped by
   * {@link AnswerShaper#answer} (an answer missing, cut off or unreadable becomes the excerpt); without one, or for a
   * failure, which needs no wording, {@link AnswerShaper#excerpt}.
   */
  private String shortAnswer(PreparedTurn turn, String question, String toolName, ToolResult result) {
    if (shortAnswers == null || result instanceof ToolResult.Failure) {
      return BotWiring.SHAPER.excerpt(result);
    }
    AnswerModel.Reply reply;
    try {
      reply = shortAnswers.answer(new AnswerModel.Request(turn.context(), question, toolName, result.modelText(),
          DirectPrompts.answerInstruction(BotWiring.DIRECT), BotWiring.DIRECT.answerTokens(), Duration.ofSeconds(30)))
          .toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      return BotWiring.SHAPER.excerpt(result); // no answer counts as none: never a second call
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return BotWiring.SHAPER.excerpt(result);
    }
    return BotWiring.SHAPER.answer(reply.text(), reply.cutOff(), result);
  }

  private void askModel(String text) {
    PreparedTurn turn = prepare(text);
    history.add(JSON.createObjectNode().put("role", "user").put("content", text));
    ToolLoop.Result result;
    try {
      result = loop.run(turn, history, model).toCompletableFuture().join();
    } catch (CompletionException | AssertionError e) {
      if (streamed != null) {
        streamed.endLine();
      }
      // An AssertionError is the scripted model out of answers: say so instead of ending the session.
      Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
      out.println("[the model call failed: " + cause.getMessage() + "]");
      history.remove(history.size() - 1);
      return;
    }
    history.clear();
    history.addAll(result.messages());
    if (result.stop() == ToolLoop.Stop.ANSWERED) {
      String answer = history.get(history.size() - 1).path("content").asString("");
      if (streamed != null && !answer.isEmpty()) {
        streamed.endLine();
      } else {
        out.println("bot: " + (answer.isEmpty() ? "(the model answered with no text)" : answer));
      }
    } else {
      out.println("[the tool loop stopped: " + result.stop() + " after " + result.rounds().size() + " rounds]");
    }
  }

  private void printRound(ToolLoop.Round round) {
    for (ToolOutcome o : round.outcomes()) {
      String line = "  [round " + round.number() + "] " + o.call().name() + " " + o.call().arguments() + " -> "
          + describe(o.result());
      if (streamed != null) {
        streamed.line(line); // ends the text the model streamed before its calls, if any
      } else {
        out.println(line);
      }
    }
  }

  static String describe(ToolResult result) {
    String text = result instanceof ToolResult.Failure f
        ? "failed [" + f.code() + "]: " + f.message() : "ok: " + result.modelText();
    text = text.replaceAll("\\s+", " ").strip();
    return text.length() <= 200 ? text : text.substring(0, 197) + "...";
  }

  /** The turn as the current speaker in the current place, with the persona and the participants. */
  PreparedTurn prepare(String text) {
    TurnContext.Builder b = TurnContext.builder(provider, modelName).channelId("console").userId(participantId(userId))
        .permissions(MEMBERS.getOrDefault(userId, Set.of())).clock(clock)
        .attribute(ParticipantTargetIndex.ATTRIBUTE, participants());
    if (text != null) {
      b.messageText(text);
    }
    if (guildId != null) {
      b.guildId(guildId).personaId(PERSONA_ID);
    }
    return bot.loadout.prepare(b.build());
  }

  private ParticipantTargetIndex participants() {
    List<dev.loadout.core.participants.Participant> list = new ArrayList<>();
    for (String member : MEMBERS.keySet().stream().sorted().toList()) {
      list.add(Participants.user(participantId(member)).username(member).inContext(true).build());
    }
    if (!MEMBERS.containsKey(userId)) {
      list.add(Participants.user(participantId(userId)).username(userId).inContext(true).build());
    }
    list.add(Participants.persona(PERSONA_ID, "Mochi", List.of("mochi")));
    list.add(Participants.bot("u-loadout-bot").username("loadout-bot").build());
    return ParticipantTargetIndex.of(list);
  }

  /** The platform id of a console user: the same id in the turn's context, the participants and the block store. */
  static String participantId(String name) {
    return "u-" + name;
  }

  private String sessionKey() {
    return (guildId == null ? "dm" : guildId) + ":console:" + userId;
  }

  static ObjectNode object() {
    return JSON.createObjectNode();
  }
}
