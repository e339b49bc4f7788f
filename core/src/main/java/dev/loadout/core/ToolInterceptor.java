package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

/**
 * Wraps every tool execution of a {@link Loadout}, outermost first: the place for cooldowns, persona
 * blocks, audit logs and metrics.
 *
 * <p>Loadout's own steps run inside the innermost {@link Chain#proceed(ToolCall)}: resolve the call
 * against the tools shown on the turn, check its arguments against the variant shown, run the tool on
 * the executor under its deadline, and cap the result's size. An interceptor may stop a call early by
 * returning its own result (usually a {@link ToolResult#failure(String, String, boolean)}) without
 * calling {@code proceed}.
 *
 * <p><b>Contract.</b> Call {@code proceed} at most once, and never return null; a breach fails the call's
 * stage with an {@link IllegalStateException} naming the interceptor. Interceptors run on the caller's
 * thread until {@code proceed}; keep them non-blocking.
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

    /** Passes the call (possibly a replacement) on; at most once. */
    CompletionStage<ToolResult> proceed(ToolCall call);
  }
}
