package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolInterceptor;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decides, for each incoming message, whether a tool runs directly. The host passes every message to
 * {@link #route(IncomingMessage)} before its ordinary chat flow and acts on the {@link DirectDecision} (or lets a
 * {@link DirectFlow} do all of it):
 *
 * <pre>
 * clear / cancel command?    → cancel the session's pending or running task   → {@link DirectDecision.Cancel}
 * a configured /command?     → expand → check schema → claim slot             → Invoke | Invalid | Busy | CoolingDown
 * keyword mode:  rule match? → (one distinct match) expand → check → claim    → same; several: Ambiguous
 *                no match    → ordinary flow, task store untouched            → NotMatched
 * deferred mode: pending task booked by an earlier message? claim atomically  → Invoke; else NotMatched
 * </pre>
 *
 * <p>The clear and cancel commands ({@link DirectSettings#cancelCommands()}, {@code /clear} and {@code /mcp-cancel}
 * by default) are recognised here, like tool commands (a leading slash, case ignored), before anything else; a
 * host may also mark a message it recognised itself ({@link IncomingMessage#asCancel()}). Slash commands work in
 * every mode; keyword rules only in {@link TriggerMode#KEYWORD}. Nothing invalid ever reaches the task store, and
 * a refused claim calls neither the tool nor the model. Run an {@link DirectDecision.Invoke} with {@link #run},
 * which gives the tool its own budget and completes the task.
 *
 * <p><b>Deferred bookings.</b> {@link #book} saves the model's tool decision with the booking turn's identity
 * ({@link BookedContext}); the claim runs it under that identity ({@link #contextFor}), never the claimant's. A
 * booking older than {@link DirectSettings#pendingMaxAge()} is dropped when the next message meets it, and a task
 * of another config generation never runs.
 *
 * <p>Immutable and thread-safe; the clock is injected so tests never sleep.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectRouter {
  /** Code of a run refused because the task was cancelled after it was claimed (or while it ran). */
  public static final String CANCELLED = "cancelled";
  /** Code of a run refused because the task was claimed under an older config generation. */
  public static final String STALE_GENERATION = "stale_generation";
  /** Code of a booked task that cannot run because who booked it is not stored (or unreadable): fail closed. */
  public static final String BOOKING_MISSING = "booking_missing";
  /** Code of a booked task handed a turn of another user than the one who booked it. */
  public static final String BOOKING_MISMATCH = "booking_mismatch";
  /** The {@link DirectDecision.Invoke#trigger()} of a claimed booking. */
  public static final String PENDING = "pending";
  /** The prefix of the message id an auto-continued run claims under, never a host's message id. */
  static final String AUTO_CONTINUE = "loadout:auto-continue:";

  private final DirectCatalog catalog;
  private final ToolTaskStore store;
  private final DirectSettings settings;
  private final Clock clock;
  private final MessageScreen screen;
  private final TriggerMatcher matcher;
  /** Runs a task after a delay: the tool budget's timer. Tests pass one they fire by hand, so nothing waits. */
  private final Function<Duration, Executor> timer;
  /** What ends a task's run in this process when it is cancelled, by task id; shared by {@link #withCatalog}. */
  private final ConcurrentMap<String, CompletableFuture<ToolResult>> running;

  private DirectRouter(DirectCatalog catalog, ToolTaskStore store, DirectSettings settings, Clock clock) {
    this(catalog, store, settings, clock, d -> CompletableFuture.delayedExecutor(d.toMillis(), TimeUnit.MILLISECONDS));
  }

  DirectRouter(DirectCatalog catalog, ToolTaskStore store, DirectSettings settings, Clock clock,
      Function<Duration, Executor> timer) {
    this(catalog, store, settings, clock, timer, new ConcurrentHashMap<>());
  }

  private DirectRouter(DirectCatalog catalog, ToolTaskStore store, DirectSettings settings, Clock clock,
      Function<Duration, Executor> timer, ConcurrentMap<String, CompletableFuture<ToolResult>> running) {
    if (catalog == null || store == null || settings == null || clock == null) {
      throw new IllegalArgumentException("a router needs a catalog, a store, settings and a clock, but got " + catalog
          + ", " + store + ", " + settings + ", " + clock);
    }
    this.catalog = catalog;
    this.store = store;
    this.settings = settings;
    this.clock = clock;
    this.screen = new MessageScreen(settings.negationWords());
    this.matcher = new TriggerMatcher(catalog, settings);
    this.timer = timer;
    this.running = running;
  }

  /**
   * A router over a catalog and a task store, with these settings and clock.
   *
   * @throws IllegalArgumentException if a cancel command is also a tool's command
   */
  public static DirectRouter of(DirectCatalog catalog, ToolTaskStore store, DirectSettings settings, Clock clock) {
    return new DirectRouter(catalog, store, settings, clock);
  }

  /** The same router (and the same runs in flight) with another catalog, after a config was saved. */
  public DirectRouter withCatalog(DirectCatalog catalog) {
    return new DirectRouter(catalog, store, settings, clock, timer, running);
  }

  /** The settings. */
  public DirectSettings settings() {
    return settings;
  }

  Clock clock() {
    return clock;
  }

  /**
   * Decides what the message triggers, claiming the session's slot for an {@link DirectDecision.Invoke}.
   *
   * @param message the message; never null
   * @return the decision; never null
   */
  public DirectDecision route(IncomingMessage message) {
    if (message == null) {
      throw new IllegalArgumentException("message must not be null");
    }
    if (message.cancel() || matcher.isCancelCommand(message.text())) {
      return cancel(message.sessionKey());
    }
    String text = message.text().strip();
    TriggerMatcher.Hit command = matcher.command(text, message.text());
    if (command != null) {
      return invoke(command, message);
    }
    if (settings.mode() == TriggerMode.DEFERRED) {
      return pending(message);
    }
    if (screen.skipReason(message) != null) {
      return new DirectDecision.NotMatched();
    }
    List<TriggerMatcher.Hit> hits = matcher.ruleHits(text, message.mentionsBot());
    if (hits.isEmpty()) {
      return new DirectDecision.NotMatched();
    }
    Map<String, TriggerMatcher.Hit> distinct = TriggerMatcher.distinct(hits);
    if (distinct.size() > 1) {
      return TriggerMatcher.ambiguous(distinct.values());
    }
    return invoke(hits.get(0), message);
  }

  /** Cancels the session's pending or running task, ending a run of it in this process at once. */
  private DirectDecision cancel(String sessionKey) {
    Optional<ToolTask> cancelled = store.cancel(sessionKey);
    cancelled.ifPresent(t -> {
      CompletableFuture<ToolResult> run = running.remove(t.taskId());
      if (run != null) {
        run.complete(cancelledResult());
      }
    });
    return new DirectDecision.Cancel(cancelled);
  }

  /**
   * Books the model's tool decision as the session's pending task for the current message only (deferred mode):
   * the session's next message claims and runs it, under the booking turn's identity ({@link BookedContext#of}).
   * The model may choose any tool it was shown on this turn, configured for direct invocation or not; the
   * arguments are checked against the variant it was shown before anything is written.
   *
   * @param message the current message; the booking is tied to its id
   * @param turn the booking turn: the tool must be one it shows, and its context is who booked
   * @param call the model's tool call
   * @return {@link DirectDecision.Booked}, or Invalid, Busy, CoolingDown or Duplicate; never null
   */
  public DirectDecision book(IncomingMessage message, PreparedTurn turn, ToolCall call) {
    if (message == null || turn == null || call == null) {
      throw new IllegalArgumentException("book needs a message, a prepared turn and a call, but got " + message + ", "
          + turn + ", " + call);
    }
    String toolName = call.name();
    Optional<ToolSpec> shown = turn.variant(toolName);
    if (shown.isEmpty()) {
      return new DirectDecision.Invalid(toolName, DirectDecision.InvalidReason.NOT_AVAILABLE,
          "tool [" + toolName + "] was not shown on this turn, so it cannot be booked");
    }
    ObjectNode arguments;
    try {
      arguments = call.argumentsJson();
    } catch (IllegalStateException malformed) {
      return new DirectDecision.Invalid(toolName, DirectDecision.InvalidReason.SCHEMA_VIOLATION,
          "arguments of tool [" + toolName + "] are not a JSON object");
    }
    List<String> violations = shown.get().argumentViolations(arguments);
    if (!violations.isEmpty()) {
      return new DirectDecision.Invalid(toolName, DirectDecision.InvalidReason.SCHEMA_VIOLATION,
          "arguments of tool [" + toolName + "] break its schema: " + String.join("; ", violations));
    }
    Instant now = clock.instant();
    ToolTask task = new ToolTask(message.sessionKey(), UUID.randomUUID().toString(), toolName,
        ArgumentTemplate.MAPPER.writeValueAsString(arguments), message.messageId(), settings.generation(),
        ToolTask.State.PENDING, now, now, BookedContext.of(turn.context()));
    ClaimResult claim = store.claim(task, settings.cooldown(), settings.eventDeadline(), settings.pendingMaxAge());
    return claim instanceof ClaimResult.Claimed c ? new DirectDecision.Booked(c.task()) : refused(toolName, claim);
  }

  /**
   * The context to prepare an invoke's turn with: for a claimed booking, the booking user's
   * ({@link BookedContext#applyTo}); otherwise the claimant's own.
   *
   * @param invoke the decision to run
   * @param claimant the context of the message that claimed it
   */
  public TurnContext contextFor(DirectDecision.Invoke invoke, TurnContext claimant) {
    if (invoke == null || claimant == null) {
      throw new IllegalArgumentException("contextFor needs an invoke and a context, but got " + invoke + ", " + claimant);
    }
    BookedContext booked = invoke.task().bookedContext();
    return booked == null ? claimant : booked.applyTo(claimant);
  }

  /**
   * Shows what a sample message would trigger, in any mode, without touching the task store or calling anything.
   */
  public TriggerPreview preview(String text, boolean mentionsBot) {
    IncomingMessage sample = new IncomingMessage("preview", "preview", text, mentionsBot, false, false);
    String stripped = text.strip();
    List<TriggerPreview.Hit> out = new ArrayList<>();
    TriggerMatcher.Hit command = matcher.command(stripped, text);
    if (command != null) {
      out.add(command.preview());
    }
    String skip = screen.skipReason(sample);
    if (skip == null) {
      matcher.ruleHits(stripped, mentionsBot).forEach(h -> out.add(h.preview()));
    }
    return new TriggerPreview(skip, out);
  }

  /**
   * Runs a claimed direct call through the prepared turn (interceptors, availability, schema, the tool) with the
   * tool's own budget, then completes the task (arguments cleared) whatever the outcome. A task that was
   * cancelled after its claim, or claimed under an older generation, does not run; one cancelled while it runs
   * ends at once in this process ({@link #CANCELLED}), and in another process when the tool returns. A claimed
   * booking runs only in a turn prepared under its booking ({@link #contextFor}).
   *
   * <p>All of that is one interceptor on the turn's execution chain, the call's own
   * ({@link PreparedTurn#execute(ToolCall, ToolInterceptor)}), outside the host's application interceptors: the
   * turn's listener hears the call like any other, and a task refused here as a short-circuit of
   * {@code DirectRouter$ClaimedTask}. The claim itself (the session's slot and the cooldown) is made earlier, by
   * {@link #route}, so that a refused claim costs no turn, no tool and no model call.
   *
   * @return the tool's result; never completes exceptionally for anything the tool does
   */
  public CompletionStage<ToolResult> run(DirectDecision.Invoke invoke, PreparedTurn turn) {
    if (invoke == null || turn == null) {
      throw new IllegalArgumentException("run needs an invoke and a turn, but got " + invoke + ", " + turn);
    }
    ToolCall call = ToolCall.of("direct-" + invoke.task().taskId(), invoke.toolName(),
        ArgumentTemplate.MAPPER.writeValueAsString(invoke.arguments()));
    return turn.execute(call, new ClaimedTask(invoke));
  }

  /**
   * A claimed task's way through the execution chain: checks it may still run, gives the tool its budget, and
   * completes the task whatever the outcome.
   */
  private final class ClaimedTask implements ToolInterceptor {
    private final DirectDecision.Invoke invoke;

    ClaimedTask(DirectDecision.Invoke invoke) {
      this.invoke = invoke;
    }

    @Override
    public CompletionStage<ToolResult> intercept(Chain chain) {
      ToolTask task = invoke.task();
      ToolResult refused = refusal(invoke, chain.context());
      if (refused != null) {
        store.complete(task.sessionKey(), task.taskId());
        return CompletableFuture.completedFuture(refused);
      }
      Optional<ToolTask> current = store.find(task.sessionKey());
      if (current.isEmpty() || !current.get().taskId().equals(task.taskId())
          || current.get().state() != ToolTask.State.RUNNING) {
        return CompletableFuture.completedFuture(cancelledResult());
      }
      Duration budget = settings.toolBudget();
      CompletableFuture<ToolResult> ended = new CompletableFuture<>();
      running.put(task.taskId(), ended);
      timer.apply(budget).execute(() -> ended.complete(ToolResult.failure(ToolResult.TIMEOUT,
          "the tool did not answer within " + budget.toMillis() + " ms", true)));
      return chain.proceed(chain.call()).toCompletableFuture()
          .applyToEither(ended, result -> result)
          .handle((result, error) -> {
            running.remove(task.taskId());
            if (!store.complete(task.sessionKey(), task.taskId()) && cancelledMeanwhile(task)) {
              return cancelledResult();
            }
            return error == null && result != null ? result
                : ToolResult.failure(ToolResult.TOOL_ERROR, "the tool failed", true);
          });
    }
  }

  /** Why the invoke must not run in this turn, or null. */
  private ToolResult refusal(DirectDecision.Invoke invoke, TurnContext context) {
    ToolTask task = invoke.task();
    if (task.generation() != settings.generation()) {
      return ToolResult.failure(STALE_GENERATION,
          "the trigger settings changed since this task was booked, so it was not run", false);
    }
    if (PENDING.equals(invoke.trigger())) {
      BookedContext booked = task.bookedContext();
      if (booked == null) {
        return ToolResult.failure(BOOKING_MISSING,
            "who booked this task is not known, so it was not run under anyone's permissions", false);
      }
      if (!booked.isAppliedIn(context)) {
        return ToolResult.failure(BOOKING_MISMATCH,
            "this task was booked by another user; it runs only in a turn prepared with router.contextFor(...)", false);
      }
    }
    return null;
  }

  private boolean cancelledMeanwhile(ToolTask task) {
    return store.find(task.sessionKey())
        .filter(t -> t.taskId().equals(task.taskId()) && t.state() == ToolTask.State.CANCELLED).isPresent();
  }

  private static ToolResult cancelledResult() {
    return ToolResult.failure(CANCELLED, "the tool call was cancelled", false);
  }

  private DirectDecision pending(IncomingMessage message) {
    Optional<ToolTask> claimed = store.claimPending(message.sessionKey(), message.messageId(), settings.generation(),
        clock.instant(), settings.pendingMaxAge());
    return claimed.isEmpty() ? new DirectDecision.NotMatched() : invokeBooked(claimed.get());
  }

  /**
   * Claims a booking right after it was saved, without a message (auto-continue); empty when it is gone (claimed
   * by a message, cancelled, expired).
   */
  Optional<DirectDecision> claimBooked(ToolTask booked) {
    return store.claimPending(booked.sessionKey(), AUTO_CONTINUE + booked.taskId(), settings.generation(),
        clock.instant(), settings.pendingMaxAge()).map(this::invokeBooked);
  }

  private DirectDecision invokeBooked(ToolTask task) {
    try {
      JsonNode args = ArgumentTemplate.MAPPER.readTree(task.arguments() == null ? "{}" : task.arguments());
      if (args instanceof ObjectNode o) {
        return new DirectDecision.Invoke(task.toolName(), o, task, PENDING);
      }
    } catch (JacksonException ignored) {
      // Only this library writes the column; a damaged row ends the task below instead of running.
    }
    store.complete(task.sessionKey(), task.taskId());
    return new DirectDecision.Invalid(task.toolName(), DirectDecision.InvalidReason.SCHEMA_VIOLATION,
        "the booked arguments of tool [" + task.toolName() + "] are not a JSON object");
  }

  private DirectDecision invoke(TriggerMatcher.Hit hit, IncomingMessage message) {
    String name = hit.tool.spec().name();
    ArgumentTemplate.Expansion e = hit.expansion();
    if (e.problem() != null) {
      DirectDecision.InvalidReason reason = e.problem().startsWith("type error")
          ? DirectDecision.InvalidReason.TYPE_ERROR : DirectDecision.InvalidReason.MISSING_PARAMETER;
      return new DirectDecision.Invalid(name, reason, e.problem());
    }
    List<String> violations = hit.tool.spec().argumentViolations(e.arguments());
    if (!violations.isEmpty()) {
      return new DirectDecision.Invalid(name, DirectDecision.InvalidReason.SCHEMA_VIOLATION,
          "arguments of tool [" + name + "] break its schema: " + String.join("; ", violations));
    }
    Instant now = clock.instant();
    ToolTask task = new ToolTask(message.sessionKey(), UUID.randomUUID().toString(), name,
        ArgumentTemplate.MAPPER.writeValueAsString(e.arguments()), message.messageId(), settings.generation(),
        ToolTask.State.RUNNING, now);
    ClaimResult claim = store.claim(task, settings.cooldown(), settings.eventDeadline(), settings.pendingMaxAge());
    return claim instanceof ClaimResult.Claimed c
        ? new DirectDecision.Invoke(name, e.arguments(), c.task(), hit.trigger) : refused(name, claim);
  }

  private static DirectDecision refused(String toolName, ClaimResult claim) {
    if (claim instanceof ClaimResult.CoolingDown c) {
      return new DirectDecision.CoolingDown(toolName, c.secondsLeft());
    }
    if (claim instanceof ClaimResult.Duplicate d) {
      return new DirectDecision.Duplicate(d.current());
    }
    return new DirectDecision.Busy(toolName, ((ClaimResult.Busy) claim).current());
  }

  @Override
  public String toString() {
    return "DirectRouter{mode=" + settings.mode() + ", generation=" + settings.generation() + ", " + catalog + "}";
  }
}
