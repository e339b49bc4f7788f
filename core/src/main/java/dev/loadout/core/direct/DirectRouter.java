package dev.loadout.core.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decides, for each incoming message, whether a tool runs directly. The host passes every message to
 * {@link #route(IncomingMessage)} before its ordinary chat flow and acts on the {@link DirectDecision}:
 *
 * <pre>
 * cancel command?            → cancel the session's task                      → {@link DirectDecision.Cancel}
 * a configured /command?     → expand → check schema → claim slot             → Invoke | Invalid | Busy | CoolingDown
 * keyword mode:  rule match? → (one distinct match) expand → check → claim    → same; several: Ambiguous
 *                no match    → ordinary flow, task store untouched            → NotMatched
 * deferred mode: pending task booked by an earlier message? claim atomically  → Invoke; else NotMatched
 * </pre>
 *
 * <p>Slash commands work in every mode; keyword rules only in {@link TriggerMode#KEYWORD}. Nothing invalid ever
 * reaches the task store, and a refused claim calls neither the tool nor the model. Run an
 * {@link DirectDecision.Invoke} with {@link #run}, which gives the tool its own budget and completes the task.
 *
 * <p>Immutable and thread-safe; the clock is injected so tests never sleep.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectRouter {
  /** Code of a run refused because the task was cancelled after it was claimed. */
  public static final String CANCELLED = "cancelled";
  /** Code of a run refused because the task was claimed under an older config generation. */
  public static final String STALE_GENERATION = "stale_generation";

  private final DirectCatalog catalog;
  private final ToolTaskStore store;
  private final DirectSettings settings;
  private final Clock clock;
  private final MessageScreen screen;
  /** Runs a task after a delay: the tool budget's timer. Tests pass one they fire by hand, so nothing waits. */
  private final Function<Duration, Executor> timer;

  private DirectRouter(DirectCatalog catalog, ToolTaskStore store, DirectSettings settings, Clock clock) {
    this(catalog, store, settings, clock, d -> CompletableFuture.delayedExecutor(d.toMillis(), TimeUnit.MILLISECONDS));
  }

  DirectRouter(DirectCatalog catalog, ToolTaskStore store, DirectSettings settings, Clock clock,
      Function<Duration, Executor> timer) {
    if (catalog == null || store == null || settings == null || clock == null) {
      throw new IllegalArgumentException("a router needs a catalog, a store, settings and a clock, but got " + catalog
          + ", " + store + ", " + settings + ", " + clock);
    }
    this.catalog = catalog;
    this.store = store;
    this.settings = settings;
    this.clock = clock;
    this.screen = new MessageScreen(settings.negationWords());
    this.timer = timer;
  }

  /** A router over a catalog and a task store, with these settings and clock. */
  public static DirectRouter of(DirectCatalog catalog, ToolTaskStore store, DirectSettings settings, Clock clock) {
    return new DirectRouter(catalog, store, settings, clock);
  }

  /** The same router with another catalog, after a config was saved. */
  public DirectRouter withCatalog(DirectCatalog catalog) {
    return new DirectRouter(catalog, store, settings, clock, timer);
  }

  /** The settings. */
  public DirectSettings settings() {
    return settings;
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
    if (message.cancel()) {
      return new DirectDecision.Cancel(store.cancel(message.sessionKey()));
    }
    String text = message.text().strip();
    Hit command = command(text, message.text());
    if (command != null) {
      return invoke(command, message);
    }
    if (settings.mode() == TriggerMode.DEFERRED) {
      return pending(message);
    }
    if (screen.skipReason(message) != null) {
      return new DirectDecision.NotMatched();
    }
    List<Hit> hits = ruleHits(text, message.mentionsBot());
    if (hits.isEmpty()) {
      return new DirectDecision.NotMatched();
    }
    Map<String, Hit> distinct = new LinkedHashMap<>();
    for (Hit h : hits) {
      ArgumentTemplate.Expansion e = h.expansion();
      distinct.putIfAbsent(h.tool.spec().name() + "\u0000" + (e.arguments() != null ? e.arguments() : e.problem()), h);
    }
    if (distinct.size() > 1) {
      return ambiguous(distinct.values());
    }
    return invoke(hits.get(0), message);
  }

  /**
   * Books the model's tool decision as the session's pending task for the current message only (deferred mode):
   * the session's next message claims and runs it. The model may choose any tool it was shown, configured for
   * direct invocation or not; the arguments are checked against the variant it was shown before anything is
   * written.
   *
   * @param message the current message; the booking is tied to its id
   * @param shown the tool's variant as the model saw it, such as {@code turn.variant(name)}
   * @param arguments the model's arguments
   * @return {@link DirectDecision.Booked}, or Invalid, Busy, CoolingDown or Duplicate; never null
   */
  public DirectDecision book(IncomingMessage message, ToolSpec shown, ObjectNode arguments) {
    if (message == null || shown == null || arguments == null) {
      throw new IllegalArgumentException("book needs a message, a tool spec and arguments, but got " + message + ", "
          + shown + ", " + arguments);
    }
    String toolName = shown.name();
    List<String> violations = shown.argumentViolations(arguments);
    if (!violations.isEmpty()) {
      return new DirectDecision.Invalid(toolName, DirectDecision.InvalidReason.SCHEMA_VIOLATION,
          "arguments of tool [" + toolName + "] break its schema: " + String.join("; ", violations));
    }
    ToolTask task = new ToolTask(message.sessionKey(), UUID.randomUUID().toString(), toolName,
        ArgumentTemplate.MAPPER.writeValueAsString(arguments), message.messageId(), settings.generation(),
        ToolTask.State.PENDING, clock.instant());
    ClaimResult claim = store.claim(task, settings.cooldown(), settings.eventDeadline());
    return claim instanceof ClaimResult.Claimed c ? new DirectDecision.Booked(c.task()) : refused(toolName, claim);
  }

  /**
   * Shows what a sample message would trigger, in any mode, without touching the task store or calling anything.
   */
  public TriggerPreview preview(String text, boolean mentionsBot) {
    IncomingMessage sample = new IncomingMessage("preview", "preview", text, mentionsBot, false, false);
    String stripped = text.strip();
    List<TriggerPreview.Hit> out = new ArrayList<>();
    Hit command = command(stripped, text);
    if (command != null) {
      out.add(command.preview());
    }
    String skip = screen.skipReason(sample);
    if (skip == null) {
      ruleHits(stripped, mentionsBot).forEach(h -> out.add(h.preview()));
    }
    return new TriggerPreview(skip, out);
  }

  /**
   * Runs a claimed direct call through the prepared turn (interceptors, availability, schema, the tool) with the
   * tool's own budget, then completes the task (arguments cleared) whatever the outcome. A task that was
   * cancelled after its claim, or claimed under an older generation, does not run.
   *
   * @return the tool's result; never completes exceptionally for anything the tool does
   */
  public CompletionStage<ToolResult> run(DirectDecision.Invoke invoke, PreparedTurn turn) {
    ToolTask task = invoke.task();
    if (task.generation() != settings.generation()) {
      store.complete(task.sessionKey(), task.taskId());
      return CompletableFuture.completedFuture(ToolResult.failure(STALE_GENERATION,
          "the trigger settings changed since this task was booked, so it was not run", false));
    }
    Optional<ToolTask> current = store.find(task.sessionKey());
    if (current.isEmpty() || !current.get().taskId().equals(task.taskId())
        || current.get().state() != ToolTask.State.RUNNING) {
      return CompletableFuture.completedFuture(ToolResult.failure(CANCELLED, "the tool call was cancelled", false));
    }
    ToolCall call = ToolCall.of("direct-" + task.taskId(), invoke.toolName(),
        ArgumentTemplate.MAPPER.writeValueAsString(invoke.arguments()));
    Duration budget = settings.toolBudget();
    CompletableFuture<ToolResult> late = new CompletableFuture<>();
    timer.apply(budget).execute(() -> late.complete(ToolResult.failure(ToolResult.TIMEOUT,
        "the tool did not answer within " + budget.toMillis() + " ms", true)));
    return turn.execute(call).toCompletableFuture()
        .applyToEither(late, result -> result)
        .handle((result, error) -> {
          store.complete(task.sessionKey(), task.taskId());
          return error == null && result != null ? result
              : ToolResult.failure(ToolResult.TOOL_ERROR, "the tool failed", true);
        });
  }

  private DirectDecision pending(IncomingMessage message) {
    Optional<ToolTask> claimed = store.claimPending(message.sessionKey(), message.messageId(), settings.generation(),
        clock.instant());
    if (claimed.isEmpty()) {
      return new DirectDecision.NotMatched();
    }
    ToolTask task = claimed.get();
    try {
      JsonNode args = ArgumentTemplate.MAPPER.readTree(task.arguments() == null ? "{}" : task.arguments());
      if (args instanceof ObjectNode o) {
        return new DirectDecision.Invoke(task.toolName(), o, task, "pending");
      }
    } catch (JacksonException ignored) {
      // Only this library writes the column; a damaged row ends the task below instead of running.
    }
    store.complete(task.sessionKey(), task.taskId());
    return new DirectDecision.Invalid(task.toolName(), DirectDecision.InvalidReason.SCHEMA_VIOLATION,
        "the booked arguments of tool [" + task.toolName() + "] are not a JSON object");
  }

  private Hit command(String stripped, String original) {
    if (!stripped.startsWith("/")) {
      return null;
    }
    int end = 1;
    while (end < stripped.length() && !Character.isWhitespace(stripped.charAt(end))) {
      end++;
    }
    CompiledTool tool = end > 1 ? catalog.byCommand(stripped.substring(1, end)) : null;
    if (tool == null) {
      return null;
    }
    String input = stripped.substring(end).strip();
    return new Hit(tool, "/" + tool.config().command(), new ArgumentTemplate.Values(input, original, stripped, List.of()));
  }

  private List<Hit> ruleHits(String text, boolean mentioned) {
    List<Hit> hits = new ArrayList<>();
    for (CompiledTool tool : catalog.tools()) {
      if (!tool.config().enabled() || tool.template() == null) {
        continue;
      }
      for (CompiledRule rule : tool.rules()) {
        ArgumentTemplate.Values values = rule.match(text, mentioned);
        if (values != null) {
          hits.add(new Hit(tool, rule.toString(), values));
        }
      }
    }
    return hits;
  }

  private DirectDecision invoke(Hit hit, IncomingMessage message) {
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
    ClaimResult claim = store.claim(task, settings.cooldown(), settings.eventDeadline());
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

  private static DirectDecision ambiguous(Iterable<Hit> hits) {
    Map<String, DirectDecision.Candidate> byTool = new LinkedHashMap<>();
    for (Hit h : hits) {
      byTool.putIfAbsent(h.tool.spec().name(), new DirectDecision.Candidate(h.tool.spec().name(), h.tool.config().command()));
    }
    List<String> names = new ArrayList<>();
    byTool.values().forEach(c -> names.add(c.command() != null ? "/" + c.command() : c.toolName()));
    String reply = "This message matches several tools (" + String.join(", ", names)
        + "). Send the slash command of the one you mean.";
    return new DirectDecision.Ambiguous(new ArrayList<>(byTool.values()), reply);
  }

  /** A command or rule that matched, with its values; expanded on demand. */
  private static final class Hit {
    final CompiledTool tool;
    final String trigger;
    final ArgumentTemplate.Values values;
    private ArgumentTemplate.Expansion expansion;

    Hit(CompiledTool tool, String trigger, ArgumentTemplate.Values values) {
      this.tool = tool;
      this.trigger = trigger;
      this.values = values;
    }

    ArgumentTemplate.Expansion expansion() {
      if (expansion == null) {
        expansion = tool.template().expand(values);
      }
      return expansion;
    }

    TriggerPreview.Hit preview() {
      ArgumentTemplate.Expansion e = expansion();
      return new TriggerPreview.Hit(tool.spec().name(), trigger, e.arguments(), e.problem());
    }
  }

  @Override
  public String toString() {
    return "DirectRouter{mode=" + settings.mode() + ", generation=" + settings.generation() + ", " + catalog + "}";
  }
}
