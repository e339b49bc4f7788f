package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

/**
 * Wraps tool executions of a {@link Loadout}: the place for cooldowns, persona blocks, audit logs and metrics.
 *
 * <p><b>Where interceptors run.</b> Every call goes down one chain, as in OkHttp, outermost first:
 * <ol>
 *   <li>Loadout caps the result (whoever made it) to the result size limit;</li>
 *   <li><b>application interceptors</b> ({@link Loadout.Builder#addInterceptor}): the call as the model sent it;</li>
 *   <li>Loadout resolves the call against the tools shown on the turn ({@code tool_not_available}), reads its
 *       arguments as a JSON object within the {@link JsonLimits} and checks them against the variant shown
 *       ({@code invalid_arguments}), then starts the call's deadline ({@code timeout});</li>
 *   <li><b>tool interceptors</b> ({@link Loadout.Builder#addToolInterceptor}): a call that passed those checks, with
 *       {@link Chain#tool()} the variant shown, inside the deadline;</li>
 *   <li>the tool runs on the Loadout's executor ({@code tool_error} for whatever it throws).</li>
 * </ol>
 * An interceptor may stop a call early by returning its own result (usually a
 * {@link ToolResult#failure(String, String, boolean)}) without calling {@code proceed}; a
 * {@link LoadoutListener} hears that as {@link LoadoutListener#callShortCircuited}.
 *
 * <p><b>Contract.</b> Call {@code proceed} at most once, and never return null; a breach fails the call's
 * stage with an {@link IllegalStateException} naming the interceptor. A tool interceptor may pass on a call with
 * other arguments, which are checked again before the tool runs, but never a call to another tool. Interceptors run
 * on the caller's thread until {@code proceed}; keep them non-blocking.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface ToolInterceptor {

  /** Handles one call; see the contract above. */
  CompletionStage<ToolResult> intercept(Chain chain);

  /**
   * The rest of the execution, as seen from one interceptor.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  interface Chain {
    /** The call as it reaches this interceptor. */
    ToolCall call();

    /** The turn the call belongs to. */
    TurnContext context();

    /**
     * The variant the model was shown for this call: present for a tool interceptor, which only sees calls Loadout
     * resolved and checked; empty for an application interceptor, which runs before that.
     *
     * @since 0.1
     */
    default Optional<ToolSpec> tool() {
      return Optional.empty();
    }

    /** Passes the call (possibly a replacement) on; at most once. */
    CompletionStage<ToolResult> proceed(ToolCall call);
  }
}
