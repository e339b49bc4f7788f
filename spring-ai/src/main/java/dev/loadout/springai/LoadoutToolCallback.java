package dev.loadout.springai;

import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One tool of a turn as Spring AI's callback. Called on its own (by Spring AI's default manager), it still runs
 * through {@link PreparedTurn#execute}, so the arguments are checked against the schema the model was shown; the
 * {@link LoadoutToolCallingManager} runs a whole round at once instead.
 */
final class LoadoutToolCallback implements ToolCallback {
  private final PreparedTurn turn;
  private final ToolDefinition definition;

  LoadoutToolCallback(PreparedTurn turn, ToolDefinition definition) {
    this.turn = turn;
    this.definition = definition;
  }

  PreparedTurn turn() {
    return turn;
  }

  @Override
  public ToolDefinition getToolDefinition() {
    return definition;
  }

  @Override
  public String call(String arguments) {
    ToolCall call = ToolCall.of("", definition.name(), arguments);
    return turn.execute(call).toCompletableFuture().join().modelText();
  }

  @Override
  public String call(String arguments, ToolContext context) {
    return call(arguments);
  }

  @Override
  public String toString() {
    return "LoadoutToolCallback{" + definition.name() + "}";
  }
}
