package dev.loadout.mcp;

import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.UrlArguments;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one MCP tool call, and tells the pool what its outcome says about the server's health.
 *
 * <p>Before calling, a fresh read must still show the same server (enabled, same endpoint) and its live
 * connection must still list the tool; URL-typed arguments of a replacement family pass the network guard. The
 * call carries a progress token of Loadout's, runs on the blocking executor, and is awaited for the server's
 * call deadline (the registration's own, else {@link McpSettings#executionTimeout()}). When the deadline passes
 * Loadout gives up: the server is sent {@code notifications/cancelled} for that request and the answer's stream
 * is closed. When the connection ends under the call, the call fails at once with
 * {@link McpFailureCodes#CONNECTION_LOST}.
 *
 * <p>Outcomes and the breaker: an answer (a result, a tool's {@code isError}, a JSON-RPC error for bad
 * arguments or an unknown tool) resets the count of failed calls; no answer in time, an answer that is not MCP,
 * an HTTP error or a refused connection counts one; a lost connection was counted by the pool when it was lost.
 * Every outcome is a {@link ToolResult}; nothing is thrown.
 */
final class Calls {
  private static final Logger LOG = LoggerFactory.getLogger(Calls.class);
  /** The kinds of bot-side error already logged with their stack: each is logged once. */
  private final java.util.Set<String> internalErrorsLogged = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private static final int MAX_ERROR_CHARS = 2_000;
  private static final int MAX_PROGRESS_MESSAGE = 200;

  private final Function<Target, Optional<Target>> fresh;
  private final NetworkGuard guard;
  private final McpSettings settings;
  private final Executor blocking;
  private final Clock clock;
  private final McpProgressListener defaultProgress;
  private final AtomicLong tokens = new AtomicLong();
  private volatile Pool pool;

  /**
   * @param fresh the target as configured now, read fresh: empty when it was removed, disabled or now points
   *     elsewhere; throws when the configuration cannot be read
   */
  Calls(Function<Target, Optional<Target>> fresh, NetworkGuard guard, McpSettings settings, Executor blocking, Clock clock,
      McpProgressListener defaultProgress) {
    this.fresh = fresh;
    this.guard = guard;
    this.settings = settings;
    this.blocking = blocking;
    this.clock = clock;
    this.defaultProgress = defaultProgress;
  }

  void pool(Pool p) {
    this.pool = p;
  }

  ToolResult call(Target shown, String mcpName, ToolSpec spec, ToolCall call, TurnContext context) {
    Optional<Target> current;
    try {
      current = fresh.apply(shown);
    } catch (RuntimeException e) {
      return ToolResult.failure(McpFailureCodes.UNAVAILABLE, "The MCP registrations could not be read; try again.", true);
    }
    if (current.isEmpty()) {
      return ToolResult.failure(McpFailureCodes.UNAVAILABLE, "The MCP server '" + shown.name()
          + "' is no longer enabled here.", false);
    }
    Target t = current.get();
    Optional<Connection> connection;
    try {
      connection = pool.forCall(t).get(settings.connectTimeout().toMillis() + 500, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      connection = Optional.empty();
    }
    if (connection.isEmpty()) {
      return ToolResult.failure(McpFailureCodes.UNAVAILABLE, sentence(pool.unavailable(t)), true);
    }
    Connection c = connection.get();
    if (c.tool(mcpName).isEmpty()) {
      return ToolResult.failure(McpFailureCodes.UNKNOWN_TOOL, "The MCP server '" + t.name() + "' no longer offers '"
          + mcpName + "'.", false);
    }
    if (c.connected.link().taskRequired().contains(mcpName)) {
      return ToolResult.failure(McpFailureCodes.TASK_REQUIRED, "'" + mcpName + "' needs MCP task support, which Loadout "
          + "does not implement yet.", false);
    }
    if (t.replacedFamily().isPresent()) {
      UrlArguments.Result check = UrlArguments.check(spec.parameters(), call.argumentsJson(), guard);
      if (!check.allowed()) {
        return ToolResult.failure(McpFailureCodes.URL_REFUSED, check.message().orElse("A URL argument was refused."), false);
      }
    }
    return run(c, t, mcpName, spec, call, context);
  }

  private ToolResult run(Connection c, Target t, String mcpName, ToolSpec spec, ToolCall call, TurnContext context) {
    Link link = c.connected.link();
    String token = "loadout-" + tokens.incrementAndGet();
    McpProgressListener listener = context.attribute(McpProgressListener.KEY).orElse(defaultProgress);
    java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
    if (listener != McpProgressListener.NONE) {
      link.listen(token, throttled(listener, call.id(), spec.name(), t.name(), ended));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> args = Pool.JSON.convertValue(call.argumentsJson(), Map.class);
    McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder(mcpName).arguments(args).progressToken(token)
        .build();
    CompletableFuture<McpSchema.CallToolResult> work = new CompletableFuture<>();
    long timeout = t.callTimeout().toMillis();
    try {
      if (!c.track(work)) {
        return ToolResult.failure(McpFailureCodes.CONNECTION_LOST, "The connection to the MCP server '" + t.name()
            + "' ended; try again.", true);
      }
      blocking.execute(() -> {
        try {
          work.complete(c.connected.client().callTool(request));
        } catch (RuntimeException e) {
          work.completeExceptionally(e);
        }
      });
      McpSchema.CallToolResult result = Deadlines.await(work, timeout, TimeUnit.MILLISECONDS);
      pool.answered(c);
      try {
        return Results.map(result, mcpName, text -> t.sanitize(text));
      } catch (RuntimeException e) {
        return ToolResult.failure(McpFailureCodes.PROTOCOL_ERROR, "The MCP tool '" + mcpName + "' answered with content "
            + "Loadout cannot read (" + e.getClass().getSimpleName() + ").", false);
      }
    } catch (TimeoutException e) {
      link.cancel(token, "Loadout stopped waiting after " + timeout + " ms");
      pool.failed(c, "a call got no answer within " + timeout + " ms");
      return ToolResult.failure(ToolResult.TIMEOUT, "The MCP tool '" + mcpName + "' did not answer within " + timeout
          + " ms.", true);
    } catch (RejectedExecutionException e) {
      return ToolResult.failure(McpFailureCodes.UNAVAILABLE, "The MCP tools are shutting down.", false);
    } catch (InterruptedException e) {
      link.cancel(token, "the call was interrupted");
      return ToolResult.failure(McpFailureCodes.UNAVAILABLE, "The MCP call was interrupted.", true);
    } catch (ExecutionException e) {
      return failed(c, t, mcpName, e);
    } finally {
      ended.set(true);
      c.untrack(work);
      link.forget(token);
    }
  }

  private ToolResult failed(Connection c, Target t, String mcpName, ExecutionException e) {
    Failures.Classified f = c.isEnded() ? new Failures.Classified(McpFailureCodes.CONNECTION_LOST,
        "the connection ended") : Failures.classify(e);
    String detail = t.sanitize(f.detail());
    String message = "The MCP tool '" + mcpName + "' failed: " + detail;
    switch (f.code()) {
      case McpFailureCodes.CONNECTION_LOST:
      case McpFailureCodes.UNAVAILABLE:
        // Mostly the pool ended the connection (and counted the loss) before this call heard of it; but a stdio
        // transport answers its waiting requests before it reports the loss, and the bot's next turn must not
        // find the dead connection still pooled. Reporting it again is a no-op once it is recorded.
        pool.lost(c, new TransportFailure(McpFailureCodes.CONNECTION_LOST, f.detail()), true);
        return ToolResult.failure(McpFailureCodes.CONNECTION_LOST, "The connection to the MCP server '" + t.name()
            + "' ended during the call (" + detail + "); try again.", true);
      case McpFailureCodes.SESSION_LOST:
        // A restarted server forgot the session: a fresh session is not a sign of ill health.
        pool.lost(c, new TransportFailure(McpFailureCodes.SESSION_LOST, "the server forgot the session"), false);
        return ToolResult.failure(McpFailureCodes.SESSION_LOST, message, true);
      case McpFailureCodes.UNKNOWN_TOOL:
      case McpFailureCodes.INVALID_PARAMS:
      case McpFailureCodes.SERVER_ERROR:
        pool.answered(c);
        return ToolResult.failure(f.code(), message, false);
      case McpFailureCodes.INTERNAL_ERROR:
        // The bot's bug, not the server's: the breaker is not told, and the stack goes to the log, once per kind.
        if (internalErrorsLogged.size() < 64 && internalErrorsLogged.add(f.detail())) {
          LOG.warn("An MCP call to '{}' on {} failed inside the bot ({}); the server's health is not affected",
              mcpName, t.key().describe(), f.detail(), Failures.programmingError(e));
        }
        return ToolResult.failure(f.code(), "The MCP tool '" + mcpName + "' could not be called because of an error in "
            + "the bot, not the server.", false);
      default:
        pool.failed(c, "a call failed with " + f.code());
        boolean retryable = f.code().equals(McpFailureCodes.TIMEOUT) || f.code().equals(McpFailureCodes.UNREACHABLE)
            || f.code().equals(McpFailureCodes.HTTP_ERROR);
        return ToolResult.failure(f.code(), message, retryable);
    }
  }

  /** The listener, at most once per interval per call, its message cleaned and cut, its failures contained. */
  private Consumer<McpSchema.ProgressNotification> throttled(McpProgressListener listener, String callId, String tool,
      String server, java.util.concurrent.atomic.AtomicBoolean ended) {
    long interval = settings.progressInterval().toMillis();
    AtomicLong last = new AtomicLong(Long.MIN_VALUE);
    return n -> {
      if (ended.get()) {
        return;
      }
      long now = clock.millis();
      long before = last.get();
      if ((before != Long.MIN_VALUE && now - before < interval) || !last.compareAndSet(before, now)) {
        return;
      }
      Optional<String> message = n.message() == null || n.message().isBlank() ? Optional.empty()
          : Optional.of(ProgressNotice.cut(ProgressNotice.clean(n.message()).strip(), MAX_PROGRESS_MESSAGE));
      McpProgress p = new McpProgress(callId, tool, server, n.progress() == null ? 0 : n.progress(),
          n.total() == null ? OptionalDouble.empty() : OptionalDouble.of(n.total()), message);
      try {
        listener.onProgress(p);
      } catch (RuntimeException e) {
        LOG.warn("MCP progress listener {} threw ({})", listener.getClass().getName(), e.getClass().getSimpleName());
      }
    };
  }

  private static String sentence(String s) {
    String cut = s.length() > MAX_ERROR_CHARS ? s.substring(0, MAX_ERROR_CHARS) : s;
    return Character.toUpperCase(cut.charAt(0)) + cut.substring(1) + ".";
  }
}
