package dev.loadout.examples;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import tools.jackson.databind.node.ArrayNode;

/** The README's quick start, verbatim between the markers; a test fails if the two drift apart. */
public final class QuickStart {
  private QuickStart() {}

  /**
   * Prepares one turn, sends its tools with {@code send} (your LLM client: tools JSON in, response body
   * out), runs the calls in the response and returns the history messages to append.
   */
  public static ArrayNode run(UnaryOperator<String> send) {
    // quickstart:start
    ToolSpec dice = ToolSpec.builder("roll_dice", """
        {"type":"object","properties":{"sides":{"type":"integer","minimum":2}},"required":["sides"]}""")
        .description("Rolls one die with the given number of sides.").build();
    BaseTool roll = BaseTool.of(dice, (call, ctx) -> ToolResult.text(
        "You rolled " + (1 + ThreadLocalRandom.current().nextInt(call.argumentsJson().get("sides").asInt()))));
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(roll).build()).build()) {
      PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "gpt-5-mini").guildId("42").build());
      String tools = turn.render(Dialect.OPENAI_CHAT).json();             // the request's "tools"
      var calls = Dialect.OPENAI_CHAT.parseToolCalls(send.apply(tools));  // the model's answer
      var outcomes = turn.executeAll(calls).toCompletableFuture().join();
      return Dialect.OPENAI_CHAT.historyMessages(outcomes);               // append to "messages"
    }
    // quickstart:end
  }
}
