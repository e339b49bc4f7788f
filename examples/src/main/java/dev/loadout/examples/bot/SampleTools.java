package dev.loadout.examples.bot;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The bot's own two tools: one everybody sees, one only moderators see (the scripted session's hidden tool). */
final class SampleTools {
  static final ToolSpec ROLL_DICE = ToolSpec.builder("roll_dice", """
      {"type":"object","properties":{"sides":{"type":"integer","minimum":2,"maximum":100}},"required":["sides"]}""")
      .description("Rolls one die with the given number of sides.").build();
  static final ToolSpec BAN_MEMBER = ToolSpec.builder("ban_member", """
      {"type":"object","properties":{"member":{"type":"string"}},"required":["member"]}""")
      .description("Bans a member from the server.").group("moderation").requiredPermission("MODERATOR").build();

  private SampleTools() {}

  static BaseTool rollDice() {
    return new BaseTool() {
      @Override
      public ToolSpec spec() {
        return ROLL_DICE;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        // From the turn's clock, not a random source, so a scripted session prints the same roll every time.
        int sides = call.argumentsJson().get("sides").asInt();
        long roll = 1 + Math.floorMod(context.clock().millis() / 1000, sides);
        return CompletableFuture.completedFuture(ToolResult.text("Rolled a d" + sides + ": " + roll));
      }
    };
  }

  static BaseTool banMember() {
    return BaseTool.of(BAN_MEMBER, (call, ctx) ->
        ToolResult.text("(the sample bot pretends to ban " + call.argumentsJson().get("member").asString() + ")"));
  }
}
