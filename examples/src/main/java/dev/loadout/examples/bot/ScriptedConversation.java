package dev.loadout.examples.bot;

import dev.loadout.core.Dialect;
import dev.loadout.core.ModelReply;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolLoop;
import dev.loadout.testkit.ScriptedModel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The default session: what the user types, and the model's answers queued in the testkit's {@link ScriptedModel},
 * which records each request exactly as the real client would send it. It exercises the built-in tools, a bad call,
 * a hidden tool, a slash command, a keyword rule, the MCP commands, and a persona block: the persona mutes a user,
 * whose next messages get no answer.
 */
final class ScriptedConversation {
  private ScriptedConversation() {}

  /** What the user types; {@code {web}} is the local web server's root. */
  static List<String> lines(String webRoot) {
    return List.of(
        "/tools",
        "What can you do here?",
        "Find a page about Java records and read it",
        "Roll a die with one side",
        "Please ban carol",
        "/why ban_member",
        "/roll 20",
        "look up sqlite wal mode",
        "/read " + webRoot + "/records.html",
        "/mcp add docs " + webRoot + "/not-mcp",
        "/mcp list",
        "Please mute bob for an hour, he keeps posting spam links",
        "/as bob",
        "/why ban_member",
        "hello mochi, are you there?",
        "/roll 6",
        "/quit");
  }

  /** The model's side of the lines that reach it, in order. */
  static ScriptedModel model(String pageUrl) {
    return ScriptedModel.speaking(Dialect.OPENAI_CHAT)
        .enqueueToolCalls(ToolCall.of("call_1", "review_capabilities", "{\"capability_type\":\"chat\"}"))
        .enqueueText("I can search the web, read pages, roll dice, and look at what this server allows.")
        .enqueueToolCalls(ToolCall.of("call_2", "web_search", "{\"query\":\"java records\",\"count\":2}"))
        .enqueueToolCalls(ToolCall.of("call_3", "fetch_url", "{\"url\":\"" + pageUrl + "\"}"))
        .enqueueText("A record is a transparent carrier for a fixed set of values; the compiler writes the rest.")
        // sides must be at least 2: the call fails with invalid_arguments and the model reads why.
        .enqueueToolCalls(ToolCall.of("call_4", "roll_dice", "{\"sides\":1}"))
        .enqueueText("A die needs at least two sides, so I could not roll that one.")
        // ban_member was not shown to alice: refused with tool_not_available, never run.
        .enqueueToolCalls(ToolCall.of("call_5", "ban_member", "{\"member\":\"carol\"}"))
        .enqueueText("I can't ban members for you here.")
        // Mochi mutes bob through the persona block tool; his next messages get no answer at all.
        .enqueueToolCalls(ToolCall.of("call_6", "block_user", "{\"blocked_user\":\"bob\",\"block_type\":\"mute\","
            + "\"block_duration_hours\":1,\"block_reason\":\"spam links\"}"))
        .enqueueText("Done: bob is muted for an hour.");
  }

  /** The scripted model as the tool loop's model call, given the request body a Chat Completions client sends. */
  static ToolLoop.Model asLoopModel(ScriptedModel model) {
    return request -> CompletableFuture.completedFuture(ModelReply.body(model.respond(requestBody(request).toString())));
  }

  /** The body: the model, the messages so far, the turn's tools as Loadout rendered them (none: no {@code tools}). */
  static ObjectNode requestBody(ToolLoop.Request request) {
    ObjectNode body = ChatSession.object().put("model", "scripted");
    ArrayNode messages = body.putArray("messages");
    request.messages().forEach(messages::add);
    JsonNode tools = request.tools().toJsonNode();
    if (!tools.isEmpty()) {
      body.set("tools", tools);
    }
    return body;
  }
}
