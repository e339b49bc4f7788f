package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

/**
 * A tool a model can call.
 *
 * <p>Implementations describe themselves with a {@link ToolSpec}, may narrow it per turn in
 * {@link #assembleForContext(TurnContext)}, and run in {@link #execute(ToolCall, TurnContext)}. Loadout
 * calls {@code execute} only for a call whose tool was shown on that turn and whose arguments passed the
 * exact variant schema the model saw; it runs on the host's executor under a deadline.
 *
 * <p><b>Contract.</b> {@code spec()} returns the same spec every time (it names the tool in the
 * registry). {@code assembleForContext} is called on every {@code prepare}: keep it cheap and
 * deterministic, and build variants with {@link ToolSpec#edit()} so they are memoised. A model's bad
 * input should come back as {@link ToolResult#failure(String, String, boolean)}, not as an exception;
 * an exception (thrown or as a failed stage) becomes a {@code tool_error} result whose message hides
 * the exception's text.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface BaseTool {

  /** The tool's full spec; never null, the same object on every call. */
  ToolSpec spec();

  /**
   * The variant of the spec the model sees on this turn: the spec unchanged (the default), a narrower
   * variant from {@code spec().edit()}, or empty to hide the tool this turn. A variant must keep the
   * spec's name, group, family and required permission; only the description and parameters may change.
   *
   * @param context this turn; never null
   * @return the variant, or empty to hide the tool; never null
   */
  default Optional<ToolSpec> assembleForContext(TurnContext context) {
    return Optional.of(spec());
  }

  /**
   * Why {@link #assembleForContext(TurnContext)} hid the tool on this turn, for diagnostics
   * ({@link PreparedTurn#hidden()}, {@code inspect}, the capability report). Called only after assembly
   * returned empty, with the same context. The default is a generic
   * {@link AvailabilityDecision#HIDDEN_BY_ASSEMBLY}; override it to name the cause ("no search backend is
   * configured", "no persona is active"). A hidden decision is expected; anything else, or a throw, falls
   * back to the default.
   *
   * @param context this turn; never null
   * @return a hidden decision; never null
   */
  default AvailabilityDecision hiddenReason(TurnContext context) {
    return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY, "the tool hid itself for this turn");
  }

  /**
   * Runs one call.
   *
   * @param call the call, with arguments already checked against the schema that was shown; never null
   * @param context the turn the call belongs to; never null
   * @return the result; the stage must not complete with null
   */
  CompletionStage<ToolResult> execute(ToolCall call, TurnContext context);

  /**
   * A tool from a spec and a synchronous function, for simple tools. The function runs on Loadout's
   * executor like any tool; it is shown the spec unchanged on every turn.
   *
   * @param spec the spec; never null
   * @param function computes the result; may throw, which becomes a {@code tool_error} result
   */
  static BaseTool of(ToolSpec spec, BiFunction<ToolCall, TurnContext, ToolResult> function) {
    if (spec == null || function == null) {
      throw new IllegalArgumentException("a tool needs a spec and a function, but got " + spec + ", " + function);
    }
    return new BaseTool() {
      @Override
      public ToolSpec spec() {
        return spec;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return CompletableFuture.completedFuture(function.apply(call, context));
      }

      @Override
      public String toString() {
        return "BaseTool.of(" + spec.name() + ")";
      }
    };
  }
}
