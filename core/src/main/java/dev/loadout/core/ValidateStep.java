package dev.loadout.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.node.ObjectNode;

/**
 * The arguments against the variant the model was shown (the dialect's shown schema, or the strict one), then
 * coerced to what the tool receives: tool interceptors and the tool see only calls that passed.
 */
final class ValidateStep implements ExecutionStep {
  static final ValidateStep INSTANCE = new ValidateStep();

  private ValidateStep() {}

  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    ExecutionChain c = ExecutionStep.chain(chain);
    CallState state = c.state();
    Checked checked = check(c.turn(), chain.call(), state.toolIndex, state.arguments);
    if (checked.refused() != null) {
      return CompletableFuture.completedFuture(checked.refused());
    }
    state.validated = checked.call();
    return chain.proceed(checked.call());
  }

  /** The call as the tool receives it, or the refusal: one of the two is null. */
  record Checked(ToolResult refused, ToolCall call) {}

  static Checked check(PreparedTurn turn, ToolCall call, int i, ObjectNode parsed) {
    ToolSpec variant = turn.variant(i);
    Loadout loadout = turn.loadout();
    ShownSchema shown = turn.shownFor(call, variant);
    ArgumentValidator validator = shown == null ? variant.validator() : shown.validator();
    ObjectNode arguments = parsed;
    List<ArgumentValidator.Violation> violations;
    try {
      violations = DeepValidation.violations(validator, arguments);
      if (!violations.isEmpty() && loadout.nullMeansAbsent) {
        ObjectNode withoutNulls = withoutRefusedNulls(arguments, violations, validator);
        if (withoutNulls != arguments) {
          arguments = withoutNulls;
          violations = DeepValidation.violations(validator, arguments);
        }
      }
    } catch (RuntimeException e) {
      // The schema, not the model, is at fault (a validator limit or a broken keyword).
      Loadout.LOG.warn("Arguments for tool '{}' could not be checked against its schema", variant.name(), e);
      return new Checked(ToolResult.failure(ToolResult.TOOL_ERROR,
          "Tool '" + variant.name() + "' cannot check its arguments right now.", false), null);
    }
    List<String> problems = new ArrayList<>(DroppedProperties.violations(variant.dropped(), arguments));
    violations.forEach(v -> problems.add(v.toString()));
    if (!problems.isEmpty()) {
      return new Checked(ToolResult.failure(ToolResult.INVALID_ARGUMENTS,
          ToolExecution.describe(variant.name(), problems), false), null);
    }
    ObjectNode received = shown == null ? arguments : shown.coerce(arguments);
    return new Checked(null, call.withParsed(received));
  }

  /**
   * The arguments without the top-level nulls the schema refused for optional properties, read as "not given"
   * (see {@link Loadout.Builder#nullMeansAbsent(boolean)}); the same object when there are none. A null the
   * schema accepts, or one for a required property, stays.
   */
  private static ObjectNode withoutRefusedNulls(ObjectNode arguments, List<ArgumentValidator.Violation> violations,
      ArgumentValidator validator) {
    ObjectNode out = arguments;
    for (String name : List.copyOf(arguments.propertyNames())) {
      if (!arguments.get(name).isNull() || validator.requiredAtRoot().contains(name)) {
        continue;
      }
      String pointer = "/" + name.replace("~", "~0").replace("/", "~1");
      if (violations.stream().anyMatch(v -> v.pointer().equals(pointer))) {
        if (out == arguments) {
          out = arguments.deepCopy();
        }
        out.remove(name);
      }
    }
    return out;
  }
}
