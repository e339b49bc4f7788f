package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.internal.settings.Settings;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;

// Over 400 lines on purpose: the loop's public vocabulary (Model, Request, Round, Stop, Result, Builder) is nested
// here so it reads as one API; the loop itself (Run) is about 160 lines.
/**
 * The tool loop of one user message: ask the model, run the calls it makes, append the results, and ask again, until
 * the model answers without calling a tool. The model call is the host's own function, so the loop works with any
 * LLM client; every round runs on the same {@link PreparedTurn}, so what was shown is what may be called throughout.
 *
 * <pre>{@code
 * ToolLoop loop = ToolLoop.builder(Dialect.OPENAI_CHAT).maxRounds(6).deadline(Duration.ofMinutes(2)).build();
 * ToolLoop.Result result = loop.run(turn, messages, request ->
 *     client.send(requestBody(request.messages(), request.tools().json()))   // CompletionStage<String>
 *         .thenApply(ModelReply::body)).toCompletableFuture().join();
 * List<JsonNode> history = result.messages();   // the answer is the last entry when result.stop() is ANSWERED
 * }</pre>
 *
 * <h2>A round</h2>
 * The model is given the messages so far ({@link Request#messages()}: the host's, then everything the loop appended)
 * and the turn's tools rendered in the loop's dialect (after a round whose tool search found tools, the
 * {@link PreparedTurn#nextRound()} that loads them). Its reply ({@link ModelReply}) is read: no calls ends the loop
 * ({@link Stop#ANSWERED}, the answer's entries appended). Otherwise the calls run through
 * {@link PreparedTurn#execute(ToolCall)} under the {@link Parallelism}, and the assistant's turn and
 * {@link Dialect#historyMessages(List)} of the outcomes are appended together, then the round callback runs. After
 * {@link Builder#maxRounds(int)} rounds that called tools the loop stops with {@link Stop#ROUND_LIMIT}; the last
 * round's results are appended, so the history is valid to send (with {@link ToolChoice#none()}, say, for a final
 * answer). {@link Request#lastRound()} tells the model call which round that is.
 *
 * <h2>The deadline</h2>
 * {@link Builder#deadline(Duration)} bounds the whole loop, from {@link #run} on the {@link Builder#clock(Clock)}, and
 * is enforced on the {@link Builder#scheduler(ScheduledExecutorService)} (the turn's {@link Loadout} scheduler unless
 * one is given): when it passes, the loop completes with {@link Stop#DEADLINE} at once, the model call in flight is
 * cancelled (its stage's {@code cancel}, which an HTTP client's future turns into an aborted request), and a round
 * whose results were not all in is left out of the history, which therefore never holds a call without its result.
 * Tools already running finish under their own deadlines.
 *
 * <h2>Failures</h2>
 * Nothing a model sends fails the loop: bad calls are failed results, as in {@code execute}. The returned stage fails
 * only when the host's model call does (with its exception), returns null, or returns a body that is not JSON.
 * A round callback that throws is logged and the loop goes on.
 *
 * <p>Immutable and thread-safe; one loop serves any number of turns at once.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolLoop {
  /** The default number of rounds that may call tools: 8. */
  public static final int DEFAULT_MAX_ROUNDS = 8;
  /** The largest round limit accepted: 100. */
  public static final int MAX_ROUNDS_LIMIT = 100;

  private final Dialect dialect;
  private final int maxRounds;
  private final Duration deadline;
  private final Clock clock;
  private final ScheduledExecutorService scheduler;
  private final Parallelism parallelism;
  private final Consumer<Round> onRound;

  private ToolLoop(Builder b) {
    this.dialect = b.dialect;
    this.maxRounds = b.maxRounds;
    this.deadline = b.deadline;
    this.clock = b.clock;
    this.scheduler = b.scheduler;
    this.parallelism = b.parallelism;
    this.onRound = b.onRound;
  }

  /**
   * Starts a loop speaking a provider's format.
   *
   * @param dialect the format of the model's replies and of the history; never null
   */
  public static Builder builder(Dialect dialect) {
    if (dialect == null) {
      throw new IllegalArgumentException("dialect must not be null");
    }
    return new Builder(dialect);
  }

  /** The host's model call: one request of the loop in, the provider's reply out. */
  @FunctionalInterface
  @API(status = EXPERIMENTAL, since = "0.1")
  public interface Model {
    /**
     * Asks the model. Called once per round, never concurrently for one run.
     *
     * @param request the messages so far and the tools; the messages must not be modified
     * @return the reply; never null
     */
    CompletionStage<ModelReply> respond(Request request);
  }

  /**
   * One request to the model.
   *
   * @param round the round, from 1
   * @param messages the history so far: the host's messages, then every entry the loop appended; immutable
   * @param tools the turn's tools in the loop's dialect, the request's {@code tools}
   * @param lastRound whether this is the last round that may still call tools
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Request(int round, List<JsonNode> messages, RenderedTools tools, boolean lastRound) {}

  /**
   * A round that called tools, as the round callback and {@link Result#rounds()} see it.
   *
   * @param number the round, from 1
   * @param outcomes the calls and their results, in the model's order
   * @param appended the entries appended to the history: the assistant's turn, then the results
   * @param elapsed the time since the loop started, on the loop's clock, when the round ended
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Round(int number, List<ToolOutcome> outcomes, List<JsonNode> appended, Duration elapsed) {}

  /** Why the loop stopped. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Stop {
    /** The model answered without calling a tool. */
    ANSWERED,
    /** The last round allowed called tools; their results are in the history. */
    ROUND_LIMIT,
    /** The deadline passed; the history holds the rounds that were complete by then. */
    DEADLINE
  }

  /**
   * How the loop ended.
   *
   * @param stop why it stopped
   * @param messages the whole history: the host's messages, then everything appended, the answer last when
   *     {@link Stop#ANSWERED}; immutable
   * @param rounds the rounds that called tools and completed, in order
   * @param answer the reply without calls, when {@link Stop#ANSWERED}
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Result(Stop stop, List<JsonNode> messages, List<Round> rounds, Optional<ModelReply> answer) {}

  /**
   * Runs the loop for one user message.
   *
   * @param turn the turn prepared for this message, used for every round; never null
   * @param messages the conversation so far in the dialect's shape (the user's message last); never null, no nulls
   * @param model the host's model call; never null
   * @return the result; the stage fails only as described above
   */
  public CompletionStage<Result> run(PreparedTurn turn, List<JsonNode> messages, Model model) {
    if (turn == null) {
      throw new IllegalArgumentException("turn must not be null");
    }
    if (!Checks.noNulls(messages)) {
      throw new IllegalArgumentException("messages must be a list without nulls, but was " + messages);
    }
    if (model == null) {
      throw new IllegalArgumentException("model must not be null");
    }
    return new Run(turn, messages, model).start();
  }

  /** The state of one run. Guarded by itself where the deadline's thread may race the loop's. */
  private final class Run {
    /** The round's turn: the prepared one, then {@link PreparedTurn#nextRound()} after each round. Guarded by this. */
    private PreparedTurn turn;
    private final Model model;
    private final CompletableFuture<Result> out = new CompletableFuture<>();
    private final Instant started;
    private final List<JsonNode> history;
    private final List<Round> rounds = new ArrayList<>();
    private CompletableFuture<ModelReply> asking;

    Run(PreparedTurn turn, List<JsonNode> messages, Model model) {
      this.turn = turn;
      this.model = model;
      this.history = new ArrayList<>(messages);
      this.started = clock.instant();
    }

    CompletionStage<Result> start() {
      if (deadline != null) {
        ScheduledExecutorService s = scheduler != null ? scheduler : turn.loadout().scheduler;
        ScheduledFuture<?> timer = s.schedule(this::expire, deadline.toNanos(), TimeUnit.NANOSECONDS);
        out.whenComplete((r, e) -> timer.cancel(false));
      }
      ask(1);
      return out;
    }

    private void expire() {
      CompletableFuture<ModelReply> pending;
      synchronized (this) {
        if (!stop(Stop.DEADLINE, null)) {
          return;
        }
        pending = asking;
      }
      if (pending != null) {
        pending.cancel(true);
      }
    }

    private void ask(int round) {
      Request request;
      synchronized (this) {
        if (out.isDone()) {
          return;
        }
        if (deadline != null && !clock.instant().isBefore(started.plus(deadline))) {
          stop(Stop.DEADLINE, null); // the clock says so before the timer ran
          return;
        }
        request = new Request(round, List.copyOf(history), turn.render(dialect), round == maxRounds);
      }
      CompletionStage<ModelReply> stage;
      try {
        stage = model.respond(request);
      } catch (RuntimeException | Error e) {
        out.completeExceptionally(e);
        return;
      }
      if (stage == null) {
        out.completeExceptionally(new IllegalStateException("model " + model.getClass().getName()
            + " returned null in round " + round));
        return;
      }
      CompletableFuture<ModelReply> f = stage.toCompletableFuture();
      synchronized (this) {
        asking = f;
      }
      f.whenComplete((reply, error) -> {
        if (error != null) {
          out.completeExceptionally(unwrap(error));
        } else if (reply == null) {
          out.completeExceptionally(new IllegalStateException("model " + model.getClass().getName()
              + " completed with null in round " + round));
        } else {
          answered(round, reply);
        }
      });
    }

    private void answered(int round, ModelReply reply) {
      if (out.isDone()) {
        return;
      }
      ModelReply.Read read;
      try {
        read = reply.read(dialect);
      } catch (RuntimeException e) {
        out.completeExceptionally(e);
        return;
      }
      if (read.calls().isEmpty()) {
        synchronized (this) {
          if (!out.isDone()) {
            history.addAll(read.entries());
            stop(Stop.ANSWERED, reply);
          }
        }
        return;
      }
      Batches.run(turn, parallelism.batches(turn, read.calls())).whenComplete((outcomes, error) -> {
        if (error != null) {
          out.completeExceptionally(unwrap(error));
          return;
        }
        List<JsonNode> appended = new ArrayList<>(read.entries());
        dialect.historyMessages(outcomes).forEach(appended::add);
        Round done = new Round(round, outcomes, Collections.unmodifiableList(appended),
            Duration.between(started, clock.instant()));
        synchronized (this) {
          if (out.isDone()) {
            return; // the deadline passed while the tools ran: this round stays out of the history
          }
          history.addAll(appended);
          rounds.add(done);
          // Tools a search found this round are loaded from the next, after the stable prefix.
          turn = turn.nextRound();
        }
        notifyRound(done);
        if (round == maxRounds) {
          synchronized (this) {
            stop(Stop.ROUND_LIMIT, null);
          }
        } else {
          ask(round + 1);
        }
      });
    }

    /** Completes the run; false when it was already complete. Callers hold the lock. */
    private boolean stop(Stop stop, ModelReply answer) {
      return out.complete(new Result(stop, List.copyOf(history), List.copyOf(rounds), Optional.ofNullable(answer)));
    }

    private void notifyRound(Round done) {
      if (onRound == null) {
        return;
      }
      try {
        onRound.accept(done);
      } catch (RuntimeException e) {
        Loadout.LOG.warn("Round callback {} threw in round {}; the loop goes on", onRound.getClass().getName(),
            done.number(), e);
      }
    }
  }

  private static Throwable unwrap(Throwable e) {
    return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
  }

  @Override
  public String toString() {
    return "ToolLoop{" + dialect + ", maxRounds=" + maxRounds + (deadline != null ? ", deadline="
        + Settings.describe(deadline) : "") + ", " + parallelism + "}";
  }

  /**
   * The settings of a loop. Each setter checks its value at once.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final Dialect dialect;
    private int maxRounds = DEFAULT_MAX_ROUNDS;
    private Duration deadline;
    private Clock clock = Clock.systemUTC();
    private ScheduledExecutorService scheduler;
    private Parallelism parallelism = Parallelism.ALL;
    private Consumer<Round> onRound;

    private Builder(Dialect dialect) {
      this.dialect = dialect;
    }

    /** How many rounds may call tools, from 1 to {@value #MAX_ROUNDS_LIMIT}; {@value #DEFAULT_MAX_ROUNDS} by default. */
    public Builder maxRounds(int rounds) {
      this.maxRounds = (int) Settings.whole("maxRounds", rounds, 1, MAX_ROUNDS_LIMIT);
      return this;
    }

    /** The time the whole loop may take, from 1 ms to 1 day; none by default. */
    public Builder deadline(Duration deadline) {
      this.deadline = Settings.deadline("deadline", deadline);
      return this;
    }

    /** The clock the deadline and {@link Round#elapsed()} are read on; the system's by default. */
    public Builder clock(Clock clock) {
      if (clock == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      this.clock = clock;
      return this;
    }

    /** The scheduler that enforces the deadline; the turn's {@link Loadout} scheduler by default. Never shut down. */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      if (scheduler == null) {
        throw new IllegalArgumentException("scheduler must not be null");
      }
      this.scheduler = scheduler;
      return this;
    }

    /** How the calls of one round run; {@link Parallelism#ALL} by default. */
    public Builder parallelism(Parallelism parallelism) {
      if (parallelism == null) {
        throw new IllegalArgumentException("parallelism must not be null");
      }
      this.parallelism = parallelism;
      return this;
    }

    /**
     * Called after each round that called tools, once its entries are in the history, on the thread that completed
     * the round. It must be quick; if it throws, the loop logs it and goes on.
     */
    public Builder onRound(Consumer<Round> onRound) {
      if (onRound == null) {
        throw new IllegalArgumentException("onRound must not be null");
      }
      this.onRound = onRound;
      return this;
    }

    /** The loop. */
    public ToolLoop build() {
      return new ToolLoop(this);
    }
  }
}
