package dev.loadout.core;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Loadout's own execution steps, innermost in the chain: resolve against what was shown, check the
 * arguments against that variant, run on the executor under a deadline, cap the result.
 *
 * <p>Every failure here is a value. The stage returned is completed exactly once: by the tool, by the
 * deadline, or by a rejection, whichever comes first; the others are ignored.
 */
final class ToolExecution {
  /** Longest violation list shown to the model; the rest are counted. */
  static final int MAX_VIOLATIONS_SHOWN = 20;
  /**
   * Longest violation line shown to the model: a line quotes what the model sent (a property name, a value),
   * and twenty of them must fit under the failure message cap with room for the count.
   */
  static final int MAX_VIOLATION_CHARS = 85;

  private ToolExecution() {}

  static CompletionStage<ToolResult> run(PreparedTurn turn, ToolCall call) {
    int i = turn.indexOf(call.name());
    Checked checked = check(turn, call, i);
    if (checked.refused != null) {
      return done(checked.refused);
    }
    ToolSpec variant = turn.variant(i);
    Loadout loadout = turn.loadout();
    ShownSchema shown = turn.shownFor(call, variant);
    ArgumentValidator validator = shown == null ? variant.validator() : shown.validator();
    ObjectNode arguments = checked.arguments;
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
      return done(ToolResult.failure(ToolResult.TOOL_ERROR,
          "Tool '" + variant.name() + "' cannot check its arguments right now.", false));
    }
    List<String> problems = new java.util.ArrayList<>(DroppedProperties.violations(variant.dropped(), arguments));
    violations.forEach(v -> problems.add(v.toString()));
    if (!problems.isEmpty()) {
      return done(ToolResult.failure(ToolResult.INVALID_ARGUMENTS, describe(variant.name(), problems), false));
    }
    ObjectNode received = shown == null ? arguments : shown.coerce(arguments);
    return runWithDeadline(loadout, turn, turn.tool(i), variant, call.withParsed(received));
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

  /** The checks that need nothing but the call: a refusal, or the arguments as an object. */
  private record Checked(ToolResult refused, ObjectNode arguments) {}

  /**
   * The result of the checks that need nothing but the call (the tool must have been shown, the arguments
   * must be a JSON object within the {@link JsonLimits}); null when the call passes them. Also answers a call
   * whose malformed arguments an interceptor tripped over, so that it gets the same result as without it.
   */
  static ToolResult refusal(PreparedTurn turn, ToolCall call) {
    return check(turn, call, turn.indexOf(call.name())).refused;
  }

  private static Checked check(PreparedTurn turn, ToolCall call, int i) {
    if (i < 0) {
      return new Checked(ToolResult.failure(ToolResult.TOOL_NOT_AVAILABLE,
          "Tool '" + printable(call.name()) + "' is not available in this conversation right now.", false), null);
    }
    String name = turn.variant(i).name();
    ArgumentsReader.Reading reading = turn.loadout().arguments.read(call.arguments());
    if (reading.node() == null) {
      return new Checked(ToolResult.failure(ToolResult.INVALID_ARGUMENTS,
          "Arguments for '" + name + "' " + reading.problem(), false), null);
    }
    JsonNode arguments = reading.node();
    if (!(arguments instanceof ObjectNode)) {
      return new Checked(ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "Arguments for '" + name
          + "' must be a JSON object, but were a JSON " + arguments.getNodeType().name().toLowerCase(java.util.Locale.ROOT)
          + ".", false), null);
    }
    return new Checked(null, (ObjectNode) arguments);
  }

  private static CompletionStage<ToolResult> runWithDeadline(Loadout loadout, PreparedTurn turn, BaseTool tool,
      ToolSpec variant, ToolCall call) {
    CompletableFuture<ToolResult> out = new CompletableFuture<>();
    // A fatal error is answered at once like any other, then rethrown to the executor's thread (outside the
    // FutureTask, which would keep it), where the host's uncaught-exception handling decides what happens.
    AtomicReference<Error> fatal = new AtomicReference<>();
    FutureTask<Void> task = new FutureTask<>(() -> {
      if (out.isDone()) {
        return;
      }
      CompletionStage<ToolResult> stage;
      try {
        stage = tool.execute(call, turn.toolContext());
      } catch (Throwable e) {
        out.complete(toolError(loadout, variant, call, e));
        if (isFatal(e)) {
          fatal.set((Error) e);
        }
        return;
      }
      if (stage == null) {
        out.complete(toolError(loadout, variant, call, new IllegalStateException("execute returned null")));
        return;
      }
      stage.whenComplete((result, error) -> {
        if (error != null) {
          out.complete(toolError(loadout, variant, call, error));
        } else if (result == null) {
          out.complete(toolError(loadout, variant, call, new IllegalStateException("execute completed with null")));
        } else {
          out.complete(result);
        }
      });
    }, null);
    Duration timeout = variant.timeout().orElse(loadout.defaultTimeout);
    ScheduledFuture<?> deadline;
    try {
      deadline = loadout.scheduler.schedule(() -> {
        if (out.complete(ToolResult.failure(ToolResult.TIMEOUT,
            "Tool '" + variant.name() + "' did not finish within " + timeout.toMillis() + " ms.", true))) {
          task.cancel(true);
        }
      }, timeout.toNanos(), TimeUnit.NANOSECONDS);
      loadout.executor.execute(() -> {
        task.run();
        Error e = fatal.getAndSet(null);
        if (e != null) {
          throw e;
        }
      });
    } catch (RejectedExecutionException e) {
      Loadout.LOG.warn("Executor rejected tool '{}'; is the Loadout closed or the pool full?", variant.name());
      out.complete(ToolResult.failure(ToolResult.TOOL_ERROR,
          "Tool '" + variant.name() + "' could not be started; try again shortly.", true));
      return out;
    }
    out.whenComplete((r, e) -> deadline.cancel(false));
    return out;
  }

  /**
   * Whether an error leaves the JVM in doubt: a {@link VirtualMachineError} other than a stack overflow, which
   * unwinds cleanly. Such a call is still answered ({@code tool_error}, at once), since a library cannot know
   * whether the host wants to carry on; the error then reaches the thread that ran the tool.
   */
  static boolean isFatal(Throwable error) {
    return error instanceof VirtualMachineError && !(error instanceof StackOverflowError);
  }

  private static ToolResult toolError(Loadout loadout, ToolSpec variant, ToolCall call, Throwable error) {
    logToolFailure(variant, call, error);
    return ToolResult.failure(ToolResult.TOOL_ERROR, "Tool '" + variant.name() + "' failed unexpectedly.", false);
  }

  /** ERROR for a virtual machine error, WARN for anything else; what the model gets is the same. */
  private static void logToolFailure(ToolSpec variant, ToolCall call, Throwable error) {
    if (isFatal(error)) {
      Loadout.LOG.error("Tool '{}' failed on call {} with a virtual machine error", variant.name(), call.id(), error);
    } else {
      Loadout.LOG.warn("Tool '{}' failed on call {}", variant.name(), call.id(), error);
    }
  }

  private static String describe(String tool, List<String> violations) {
    StringBuilder b = new StringBuilder("Arguments for '").append(tool).append("' do not match its schema:");
    int shown = Math.min(violations.size(), MAX_VIOLATIONS_SHOWN);
    for (int i = 0; i < shown; i++) {
      b.append("\n- ").append(shortLine(violations.get(i)));
    }
    if (violations.size() > shown) {
      b.append("\n- and ").append(violations.size() - shown).append(" more");
    }
    return b.toString();
  }

  /** A violation line, cut to {@link #MAX_VIOLATION_CHARS} without splitting a surrogate pair; printable. */
  private static String shortLine(String line) {
    String s = line;
    if (s.length() > MAX_VIOLATION_CHARS) {
      int end = MAX_VIOLATION_CHARS - 1;
      if (Character.isHighSurrogate(s.charAt(end - 1))) {
        end--;
      }
      s = s.substring(0, end) + "…";
    }
    return s.replaceAll("\\p{Cntrl}", "?");
  }

  /** A model-sent name, made safe to echo: short, printable. */
  private static String printable(String name) {
    String s = name.length() > 64 ? name.substring(0, 64) + "…" : name;
    return s.replaceAll("\\p{Cntrl}", "?");
  }

  private static CompletionStage<ToolResult> done(ToolResult r) {
    return CompletableFuture.completedFuture(r);
  }
}
