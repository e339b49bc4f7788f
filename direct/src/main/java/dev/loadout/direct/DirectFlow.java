package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole message flow of direct invocation, as a bot runs it: routing, the claim, the tool run, the one model
 * call for a short answer, the marker, the booking of a deferred task and its auto-continue. The host passes each
 * message to {@link #onMessage}, posts what the {@link FlowReply} says, and runs its ordinary chat turn only when
 * {@link FlowReply#runsOrdinaryTurn()} says so.
 *
 * <pre>{@code
 * FlowReply r = flow.onMessage(message, context).toCompletableFuture().join();
 * r.posts().forEach(channel::send);
 * if (r.runsOrdinaryTurn()) {                          // deferred mode: the booking turn
 *   PreparedTurn turn = loadout.prepare(context);
 *   String response = llm.call(history, flow.bookingInstruction(message), turn.render(dialect));
 *   FlowReply booked = flow.afterTurn(message, turn, textOf(response), dialect.parseToolCalls(response));
 *   booked.posts().forEach(channel::send);               // the waiting text + marker, after the save
 *   booked.continuation().ifPresent(c -> c.thenAccept(done -> done.posts().forEach(channel::send)));
 * }
 * }</pre>
 *
 * <h2>Deferred mode</h2>
 * The booking turn is the host's one model call, with {@link #bookingInstruction} marking the current message.
 * {@link #afterTurn} books the first tool call of the response ({@link DirectRouter#book}: shown on the turn,
 * arguments valid, the booking turn's identity stored with it) and only then gives the waiting text with the
 * marker; a missing or invalid decision books nothing and the reply is cleaned of fake waiting promises
 * ({@link ToolMarker#reply}). The session's next message claims the booking and runs it under the booking user's
 * context, whoever sent that message; the host's own commands may trigger it too (handle them as usual, and pass
 * them here as well). With {@link Builder#autoContinue(Executor)}, the booking is claimed and run on the host's
 * executor right after the save; if the executor refuses, it stays pending for the next message.
 *
 * <p>Thread-safe; immutable. Each tool run makes at most one {@link AnswerModel} call; without a model (the
 * host's AI switch off) a direct call still runs and answers with a data excerpt.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectFlow {
  private static final Logger LOG = LoggerFactory.getLogger(DirectFlow.class);

  private final DirectRouter router;
  private final Loadout loadout;
  private final AnswerModel model;
  private final Executor autoContinue;
  private final FlowTexts texts;
  private final ToolMarker marker;
  private final AnswerShaper shaper;

  private DirectFlow(Builder b) {
    this.router = b.router;
    this.loadout = b.loadout;
    this.model = b.model;
    this.autoContinue = b.autoContinue;
    this.texts = b.texts;
    this.marker = b.marker != null ? b.marker : ToolMarker.of(b.router.settings());
    this.shaper = AnswerShaper.of(b.router.settings());
  }

  /**
   * Starts a flow over a router and the Loadout whose turns run the tools.
   *
   * @param router routes messages and holds the task slots; never null
   * @param loadout prepares the turn each tool runs in; never null
   */
  public static Builder builder(DirectRouter router, Loadout loadout) {
    if (router == null || loadout == null) {
      throw new IllegalArgumentException("a flow needs a router and a Loadout, but got " + router + ", " + loadout);
    }
    return new Builder(router, loadout);
  }

  /** The same flow over another router, such as {@code router.withCatalog(saved)}. */
  public DirectFlow withRouter(DirectRouter router) {
    Builder b = new Builder(router, loadout);
    b.model = model;
    b.autoContinue = autoContinue;
    b.texts = texts;
    b.marker = marker;
    return new DirectFlow(b);
  }

  /** The router. */
  public DirectRouter router() {
    return router;
  }

  /** The instruction for deferred mode's booking turn, marking this message ({@link DirectPrompts}). */
  public String bookingInstruction(IncomingMessage message) {
    return DirectPrompts.bookingInstruction(message.messageId());
  }

  /**
   * Handles one incoming message: cancels, runs a direct call or a claimed booking, or hands the message to the
   * host's ordinary turn.
   *
   * @param message the message; never null
   * @param context the turn context of this message (its sender, place and permissions); never null
   * @return what to post; completes when the tool and the answer are done, never exceptionally for anything the
   *     tool or the model does
   */
  public CompletionStage<FlowReply> onMessage(IncomingMessage message, TurnContext context) {
    if (message == null || context == null) {
      throw new IllegalArgumentException("onMessage needs a message and a context, but got " + message + ", " + context);
    }
    return handle(router.route(message), context, message.text());
  }

  /**
   * Books the tool decision of deferred mode's booking turn, if the response holds one, and says what to post:
   * the model's waiting text with the marker once the booking is saved, or the model's text cleaned of fake
   * waiting promises when nothing was booked.
   *
   * @param message the message the turn answered
   * @param turn the booking turn, as prepared for that message
   * @param modelText the text of the model's response; may be null
   * @param calls the response's tool calls ({@link dev.loadout.core.Dialect#parseToolCalls}); the first is booked
   */
  public FlowReply afterTurn(IncomingMessage message, PreparedTurn turn, String modelText, List<ToolCall> calls) {
    if (message == null || turn == null || calls == null) {
      throw new IllegalArgumentException("afterTurn needs a message, a turn and the calls (possibly none), but got "
          + message + ", " + turn + ", " + calls);
    }
    if (calls.isEmpty() || router.settings().mode() != TriggerMode.DEFERRED) {
      DirectDecision none = new DirectDecision.NotMatched();
      return FlowReply.posting(none, nonEmpty(marker.reply(modelText, false)));
    }
    DirectDecision d = router.book(message, turn, calls.get(0));
    if (d instanceof DirectDecision.Booked booked) {
      String said = marker.clean(modelText, true);
      String post = said.isEmpty() ? texts.waiting() : said;
      if (router.settings().showMarker()) {
        post = marker.append(post, turn.externalSource(booked.task().toolName()).orElse(null), booked.task().toolName());
      }
      return new FlowReply(d, List.of(post), null, null, false, continueBooked(booked.task(), turn.context()));
    }
    List<String> posts = new ArrayList<>(nonEmpty(marker.reply(modelText, false)));
    if (d instanceof DirectDecision.Busy || d instanceof DirectDecision.CoolingDown) {
      posts.addAll(notice(d));
    } else if (d instanceof DirectDecision.Duplicate) {
      posts.clear();
    }
    return FlowReply.posting(d, posts);
  }

  /** Runs the booking on the host's executor right away; null when off or refused (it stays pending). */
  private CompletionStage<FlowReply> continueBooked(ToolTask booked, TurnContext bookingContext) {
    if (autoContinue == null) {
      return null;
    }
    CompletableFuture<FlowReply> out = new CompletableFuture<>();
    try {
      autoContinue.execute(() -> {
        try {
          Optional<DirectDecision> claimed = router.claimBooked(booked);
          if (claimed.isEmpty()) {
            out.complete(FlowReply.posting(new DirectDecision.NotMatched(), List.of()));
            return;
          }
          handle(claimed.get(), bookingContext, null).whenComplete((r, e) -> {
            if (e != null) {
              out.completeExceptionally(e);
            } else {
              out.complete(r);
            }
          });
        } catch (RuntimeException e) {
          // The store failed before the claim was decided: the booking stays for the next message.
          out.completeExceptionally(e);
        }
      });
    } catch (RejectedExecutionException refused) {
      LOG.debug("Auto-continue refused by the executor; the session's next message claims the booking");
      return null;
    }
    return out;
  }

  private CompletionStage<FlowReply> handle(DirectDecision d, TurnContext context, String messageText) {
    if (d instanceof DirectDecision.Invoke invoke) {
      return execute(invoke, context, messageText);
    }
    if (d instanceof DirectDecision.NotMatched) {
      return CompletableFuture.completedFuture(new FlowReply(d, List.of(), null, null, true, null));
    }
    return CompletableFuture.completedFuture(FlowReply.posting(d, notice(d)));
  }

  private List<String> notice(DirectDecision d) {
    if (d instanceof DirectDecision.Cancel c) {
      return c.cancelled().map(t -> List.of(FlowTexts.fill(texts.cancelled(), t.toolName(), null, 0))).orElse(List.of());
    }
    if (d instanceof DirectDecision.Ambiguous a) {
      return List.of(a.replyText());
    }
    if (d instanceof DirectDecision.Invalid i) {
      return List.of(FlowTexts.fill(texts.invalid(), i.toolName(), i.message(), 0));
    }
    if (d instanceof DirectDecision.Busy b) {
      return List.of(FlowTexts.fill(texts.busy(), b.toolName(), null, 0));
    }
    if (d instanceof DirectDecision.CoolingDown c) {
      return List.of(FlowTexts.fill(texts.coolingDown(), c.toolName(), null, c.secondsLeft()));
    }
    return List.of();
  }

  private CompletionStage<FlowReply> execute(DirectDecision.Invoke invoke, TurnContext claimant, String messageText) {
    TurnContext context = router.contextFor(invoke, claimant);
    PreparedTurn turn = loadout.prepare(context);
    String tool = invoke.toolName();
    String server = turn.externalSource(tool).orElse(null);
    String question = invoke.task().booking().map(BookedContext::messageText).orElse(messageText);
    return router.run(invoke, turn).thenCompose(result -> {
      if (result instanceof ToolResult.Failure f) {
        if (f.code().equals(DirectRouter.CANCELLED) || f.code().equals(DirectRouter.STALE_GENERATION)) {
          return CompletableFuture.completedFuture(new FlowReply(invoke, List.of(), null, result, false, null));
        }
        String notice = FlowTexts.fill(texts.failed(), tool, shaper.shape(f.message()), 0);
        return CompletableFuture.completedFuture(answered(invoke, notice, result, server));
      }
      return shortAnswer(context, question, tool, result, invoke.task())
          .thenApply(answer -> answered(invoke, answer, result, server));
    });
  }

  private FlowReply answered(DirectDecision.Invoke invoke, String answer, ToolResult result, String server) {
    String post = router.settings().showMarker() ? marker.append(answer, server, invoke.toolName()) : answer;
    return new FlowReply(invoke, List.of(post), answer, result, false, null);
  }

  /** The one model call, or the unverified excerpt when there is no model or it gives no usable answer. */
  private CompletionStage<String> shortAnswer(TurnContext context, String question, String tool, ToolResult result,
      ToolTask task) {
    if (model == null) {
      return CompletableFuture.completedFuture(shaper.excerpt(result));
    }
    DirectSettings s = router.settings();
    Duration elapsed = Duration.between(task.startedAt(), router.clock().instant());
    AnswerModel.Request request = new AnswerModel.Request(context, question, tool,
        ((ToolResult.Success) result).modelText(), DirectPrompts.answerInstruction(s), s.answerTokens(),
        s.modelBudget(elapsed.isNegative() ? Duration.ZERO : elapsed));
    CompletionStage<AnswerModel.Reply> asked;
    try {
      asked = model.answer(request);
    } catch (RuntimeException e) {
      asked = CompletableFuture.failedFuture(e);
    }
    if (asked == null) {
      asked = CompletableFuture.completedFuture(null);
    }
    return asked.handle((reply, error) -> {
      if (error != null || reply == null) {
        LOG.debug("Answer model {} gave no answer for tool '{}'; posting the unverified excerpt",
            model.getClass().getName(), tool);
        return shaper.excerpt(result);
      }
      return marker.clean(shaper.answer(reply.text(), reply.cutOff(), result), true);
    });
  }

  private static List<String> nonEmpty(String text) {
    return text == null || text.isBlank() ? List.of() : List.of(text);
  }

  @Override
  public String toString() {
    return "DirectFlow{" + router + ", model=" + (model != null) + ", autoContinue=" + (autoContinue != null) + "}";
  }

  /**
   * Configures a {@link DirectFlow}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final DirectRouter router;
    private final Loadout loadout;
    private AnswerModel model;
    private Executor autoContinue;
    private FlowTexts texts = FlowTexts.english();
    private ToolMarker marker;

    private Builder(DirectRouter router, Loadout loadout) {
      this.router = router;
      this.loadout = loadout;
    }

    /** The one model call that turns a tool result into a short answer; without one, answers are excerpts. */
    public Builder answerModel(AnswerModel model) {
      if (model == null) {
        throw new IllegalArgumentException("answer model must not be null; leave it unset for excerpts only");
      }
      this.model = model;
      return this;
    }

    /**
     * Runs each booking right after it is saved, on this executor (the host's), instead of waiting for the next
     * message; Loadout never shuts it down. If it refuses a run, the booking waits for the next message.
     */
    public Builder autoContinue(Executor executor) {
      if (executor == null) {
        throw new IllegalArgumentException("auto-continue executor must not be null; leave it unset to wait for the "
            + "next message");
      }
      this.autoContinue = executor;
      return this;
    }

    /** The notices, localised; {@link FlowTexts#english()} unless set. */
    public Builder texts(FlowTexts texts) {
      if (texts == null) {
        throw new IllegalArgumentException("texts must not be null; use FlowTexts.english()");
      }
      this.texts = texts;
      return this;
    }

    /** The marker (localised, with its honest line); {@code ToolMarker.of(router.settings())} unless set. */
    public Builder marker(ToolMarker marker) {
      if (marker == null) {
        throw new IllegalArgumentException("marker must not be null");
      }
      this.marker = marker;
      return this;
    }

    /** Builds the flow. */
    public DirectFlow build() {
      return new DirectFlow(this);
    }
  }
}
