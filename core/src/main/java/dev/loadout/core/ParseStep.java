package dev.loadout.core;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The call's arguments as a JSON object, within the {@link JsonLimits}. */
final class ParseStep implements ExecutionStep {
  static final ParseStep INSTANCE = new ParseStep();

  private ParseStep() {}

  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    ExecutionChain c = ExecutionStep.chain(chain);
    ToolCall call = chain.call();
    Reading r = read(c.turn(), call, c.state().toolIndex);
    if (r.refused() != null) {
      return CompletableFuture.completedFuture(r.refused());
    }
    c.state().arguments = r.arguments();
    return chain.proceed(call);
  }

  /** The arguments, or the refusal: one of the two is null. */
  record Reading(ToolResult refused, ObjectNode arguments) {}

  static Reading read(PreparedTurn turn, ToolCall call, int i) {
    String name = turn.variant(i).name();
    ArgumentsReader.Reading reading = turn.loadout().arguments.read(call.arguments());
    if (reading.node() == null) {
      return new Reading(ToolResult.failure(ToolResult.INVALID_ARGUMENTS,
          "Arguments for '" + name + "' " + reading.problem(), false), null);
    }
    JsonNode arguments = reading.node();
    if (!(arguments instanceof ObjectNode)) {
      return new Reading(ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "Arguments for '" + name
          + "' must be a JSON object, but were a JSON " + arguments.getNodeType().name().toLowerCase(Locale.ROOT) + ".",
          false), null);
    }
    return new Reading(null, (ObjectNode) arguments);
  }
}
