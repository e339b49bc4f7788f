package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.tool;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.MutableClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@link ToolLoop} against a scripted model: rounds, the round limit, the deadline, parallelism, callbacks, failures. */
class ToolLoopTest {
  private static final List<JsonNode> USER = List.of(json("{'role':'user','content':'Weather in Oslo and Bergen?'}"));

  /** A model that answers from a script of replies (each a function of the request) and records what it was asked. */
  static final class Script implements ToolLoop.Model {
    final Deque<Function<ToolLoop.Request, CompletionStage<ModelReply>>> replies = new ArrayDeque<>();
    final List<ToolLoop.Request> requests = new CopyOnWriteArrayList<>();

    Script body(String singleQuoted) {
      replies.add(r -> CompletableFuture.completedFuture(ModelReply.body(singleQuoted.replace('\'', '"'))));
      return this;
    }

    Script then(Function<ToolLoop.Request, CompletionStage<ModelReply>> reply) {
      replies.add(reply);
      return this;
    }

    @Override
    public CompletionStage<ModelReply> respond(ToolLoop.Request request) {
      requests.add(request);
      Function<ToolLoop.Request, CompletionStage<ModelReply>> next = replies.poll();
      if (next == null) {
        throw new AssertionError("no reply scripted for round " + request.round());
      }
      return next.apply(request);
    }
  }

  static String chatCalls(String... idNameArgs) {
    StringBuilder b = new StringBuilder("{'id':'chatcmpl-" + idNameArgs.length + idNameArgs[0] + "','choices':[{'message':"
        + "{'role':'assistant','content':null,'tool_calls':[");
    for (int i = 0; i < idNameArgs.length; i += 3) {
      b.append(i == 0 ? "" : ",").append("{").append(idNameArgs[i].isEmpty() ? "" : "'id':'" + idNameArgs[i] + "',")
          .append("'type':'function','function':{'name':'").append(idNameArgs[i + 1]).append("','arguments':'")
          .append(idNameArgs[i + 2].replace("'", "\\'")).append("'}}");
    }
    return b.append("]},'finish_reason':'tool_calls'}]}").toString();
  }

  static final String ANSWER = "{'choices':[{'message':{'role':'assistant','content':'Sunny in both.'},"
      + "'finish_reason':'stop'}]}";

  private static final ToolSpec WEATHER = spec("get_weather", "Weather", "{'type':'object','properties':{'city':"
      + "{'type':'string'}},'required':['city']}");

  private static BaseTool weather(List<PreparedTurn> seen) {
    return new BaseTool() {
      @Override
      public ToolSpec spec() {
        return WEATHER;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        seen.add(context.attribute(PreparedTurn.CURRENT).orElseThrow());
        return CompletableFuture.completedFuture(ToolResult.text("Sunny in " + call.argumentsJson().get("city").asString()));
      }
    };
  }

  private static ToolLoop.Result join(CompletionStage<ToolLoop.Result> stage) {
    return stage.toCompletableFuture().join();
  }

  @Test
  void roundsRunUntilTheModelAnswersOnTheSameTurnWithTheHistoryGrowing() {
    List<PreparedTurn> seen = new CopyOnWriteArrayList<>();
    PreparedTurn turn = turn(weather(seen));
    Script model = new Script()
        .body(chatCalls("call_1", "get_weather", "{'city':'Oslo'}"))
        .body(chatCalls("call_2", "get_weather", "{'city':'Bergen'}", "call_3", "get_weather", "{}"))
        .body(ANSWER);
    List<ToolLoop.Round> callbacks = new ArrayList<>();
    ToolLoop.Result result = join(ToolLoop.builder(Dialect.OPENAI_CHAT).onRound(callbacks::add).build()
        .run(turn, USER, model));

    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
    assertThat(seen).hasSize(2).allSatisfy(t -> assertThat(t).isSameAs(turn));
    assertThat(model.requests).extracting(r -> r.messages().size()).containsExactly(1, 3, 6);
    assertThat(model.requests.get(0).tools().json()).isEqualTo(turn.render(Dialect.OPENAI_CHAT).json());
    List<JsonNode> history = result.messages();
    assertThat(history).hasSize(7);
    assertThat(history.get(0)).isEqualTo(USER.get(0));
    assertThat(history.get(1).get("tool_calls").get(0).get("id").stringValue()).isEqualTo("call_1");
    assertThat(history.get(2)).isEqualTo(json("{'role':'tool','tool_call_id':'call_1','content':'Sunny in Oslo'}"));
    assertThat(history.get(5).get("tool_call_id").stringValue()).isEqualTo("call_3");
    assertThat(history.get(5).get("content").stringValue()).startsWith("Error (invalid_arguments)");
    assertThat(history.get(6).get("content").stringValue()).isEqualTo("Sunny in both.");
    assertThat(result.rounds()).extracting(ToolLoop.Round::number).containsExactly(1, 2);
    assertThat(result.rounds().get(1).outcomes()).hasSize(2);
    assertThat(callbacks).isEqualTo(result.rounds());
    assertThat(result.answer()).isPresent();
    assertThat(model.requests).extracting(ToolLoop.Request::lastRound).containsOnly(false);
  }

  @Test
  void theRoundLimitStopsAfterTheLastRoundsResultsAreIn() {
    PreparedTurn turn = turn(weather(new ArrayList<>()));
    Script model = new Script();
    for (int i = 0; i < 3; i++) {
      model.body(chatCalls("call_" + i, "get_weather", "{'city':'Oslo'}"));
    }
    ToolLoop.Result result = join(ToolLoop.builder(Dialect.OPENAI_CHAT).maxRounds(3).build().run(turn, USER, model));
    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ROUND_LIMIT);
    assertThat(result.rounds()).hasSize(3);
    assertThat(result.messages()).hasSize(7);
    assertThat(result.messages().get(6).get("tool_call_id").stringValue()).isEqualTo("call_2");
    assertThat(model.requests).extracting(ToolLoop.Request::lastRound).containsExactly(false, false, true);
    assertThat(result.answer()).isEmpty();
  }

  @Test
  void theDeadlineEndsTheLoopAtOnceCancelsTheModelCallAndKeepsOnlyWholeRounds() {
    MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");
    ManualScheduler scheduler = new ManualScheduler(clock);
    CompletableFuture<ModelReply> hanging = new CompletableFuture<>();
    Script model = new Script().body(chatCalls("call_1", "get_weather", "{'city':'Oslo'}")).then(r -> hanging);
    CompletionStage<ToolLoop.Result> stage = ToolLoop.builder(Dialect.OPENAI_CHAT).deadline(Duration.ofSeconds(30))
        .clock(clock).scheduler(scheduler).build().run(turn(weather(new ArrayList<>())), USER, model);
    assertThat(stage.toCompletableFuture()).isNotDone();
    scheduler.advance(Duration.ofSeconds(29));
    assertThat(stage.toCompletableFuture()).isNotDone();
    scheduler.advance(Duration.ofSeconds(1));
    ToolLoop.Result result = join(stage);
    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.DEADLINE);
    assertThat(result.messages()).hasSize(3);
    assertThat(hanging).isCancelled();
    assertThat(scheduler.pending()).isZero();
  }

  @Test
  void aRoundStillRunningAtTheDeadlineStaysOutOfTheHistory() {
    MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");
    ManualScheduler scheduler = new ManualScheduler(clock);
    CompletableFuture<ToolResult> slow = new CompletableFuture<>();
    PreparedTurn held = turn(new BaseTool() {
      private final ToolSpec own = RenderFixtures.spec("slow", "Slow", "{'type':'object'}");

      @Override
      public ToolSpec spec() {
        return own;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return slow;
      }
    });
    Script model = new Script().body(chatCalls("call_1", "slow", "{}"));
    CompletionStage<ToolLoop.Result> stage = ToolLoop.builder(Dialect.OPENAI_CHAT).deadline(Duration.ofSeconds(5))
        .clock(clock).scheduler(scheduler).build().run(held, USER, model);
    scheduler.advance(Duration.ofSeconds(5));
    ToolLoop.Result result = join(stage);
    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.DEADLINE);
    assertThat(result.messages()).containsExactlyElementsOf(USER); // no assistant call without its result
    slow.complete(ToolResult.text("late"));
    assertThat(model.requests).hasSize(1);
  }

  @Test
  void aClockPastTheDeadlineBetweenRoundsAsksTheModelNoMore() {
    MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");
    ManualScheduler scheduler = new ManualScheduler(clock);
    PreparedTurn turn = turn(tool(WEATHER, call -> {
      clock.advance(Duration.ofSeconds(10)); // the tool takes all the time there is
      return ToolResult.text("ok");
    }));
    Script model = new Script().body(chatCalls("call_1", "get_weather", "{'city':'Oslo'}"));
    ToolLoop.Result result = join(ToolLoop.builder(Dialect.OPENAI_CHAT).deadline(Duration.ofSeconds(10)).clock(clock)
        .scheduler(scheduler).build().run(turn, USER, model));
    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.DEADLINE);
    assertThat(result.rounds()).hasSize(1);
    assertThat(result.rounds().get(0).elapsed()).isEqualTo(Duration.ofSeconds(10));
    assertThat(model.requests).hasSize(1);
  }

  // ---- parallelism

  /** Tools whose calls the test completes by hand, recording which are running. */
  static final class Held {
    final List<String> started = new CopyOnWriteArrayList<>();
    final List<CompletableFuture<ToolResult>> pending = new CopyOnWriteArrayList<>();

    BaseTool tool(String name) {
      ToolSpec spec = spec(name, name, "{'type':'object'}");
      return new BaseTool() {
        @Override
        public ToolSpec spec() {
          return spec;
        }

        @Override
        public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
          started.add(call.id());
          CompletableFuture<ToolResult> f = new CompletableFuture<>();
          pending.add(f);
          return f;
        }
      };
    }

    void finishOldest() {
      pending.remove(0).complete(ToolResult.text("done"));
    }
  }

  private static CompletionStage<ToolLoop.Result> runHeld(Held held, Parallelism parallelism, String... idNameArgs) {
    PreparedTurn turn = turn(held.tool("a"), held.tool("b"), held.tool("x"));
    Script model = new Script().body(chatCalls(idNameArgs)).body(ANSWER);
    return ToolLoop.builder(Dialect.OPENAI_CHAT).parallelism(parallelism).build().run(turn, USER, model);
  }

  @Test
  void allAtOnceStartsEveryCallOfTheRoundTogether() {
    Held held = new Held();
    CompletionStage<ToolLoop.Result> stage = runHeld(held, Parallelism.ALL, "1", "a", "{}", "2", "b", "{}", "3", "a", "{}");
    assertThat(held.started).containsExactly("1", "2", "3");
    held.pending.forEach(f -> f.complete(ToolResult.text("done")));
    assertThat(join(stage).stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
  }

  @Test
  void serialStartsEachCallWhenTheOneBeforeHasFinished() {
    Held held = new Held();
    CompletionStage<ToolLoop.Result> stage = runHeld(held, Parallelism.SERIAL, "1", "a", "{}", "2", "b", "{}", "3", "a", "{}");
    assertThat(held.started).containsExactly("1");
    held.finishOldest();
    assertThat(held.started).containsExactly("1", "2");
    held.finishOldest();
    held.finishOldest();
    ToolLoop.Result result = join(stage);
    assertThat(result.rounds().get(0).outcomes()).extracting(o -> o.call().id()).containsExactly("1", "2", "3");
  }

  @Test
  void anExclusiveToolRunsAloneAndTheOthersTogetherAroundIt() {
    Held held = new Held();
    CompletionStage<ToolLoop.Result> stage = runHeld(held, Parallelism.exclusive(Set.of("x")),
        "1", "a", "{}", "2", "b", "{}", "3", "x", "{}", "4", "a", "{}", "5", "b", "{}");
    assertThat(held.started).containsExactly("1", "2");
    held.finishOldest();
    assertThat(held.started).containsExactly("1", "2");
    held.finishOldest();
    assertThat(held.started).containsExactly("1", "2", "3");
    held.finishOldest();
    assertThat(held.started).containsExactly("1", "2", "3", "4", "5");
    held.finishOldest();
    held.finishOldest();
    assertThat(join(stage).rounds().get(0).outcomes()).extracting(o -> o.call().id())
        .containsExactly("1", "2", "3", "4", "5");
  }

  @Test
  void thousandsOfSerialCallsAnsweredAtOnceCostNoStack() throws Exception {
    PreparedTurn turn = turn(tool(spec("a", "a", "{'type':'object'}"), call -> ToolResult.text("ok")));
    String[] calls = new String[3 * 3_000];
    for (int i = 0; i < 3_000; i++) {
      calls[3 * i] = "c" + i;
      calls[3 * i + 1] = "a";
      calls[3 * i + 2] = "{}";
    }
    Script model = new Script().body(chatCalls(calls)).body(ANSWER);
    ToolLoop loop = ToolLoop.builder(Dialect.OPENAI_CHAT).parallelism(Parallelism.SERIAL).build();
    List<ToolLoop.Result> out = new ArrayList<>();
    List<Throwable> failed = new ArrayList<>();
    Thread small = new Thread(null, () -> {
      try {
        // Every tool and the model answer on this thread, so the loop is over when run returns; a stack overflow
        // would be swallowed into a stage that never completes, hence no join.
        CompletableFuture<ToolLoop.Result> f = loop.run(turn, USER, model).toCompletableFuture();
        assertThat(f).isCompleted();
        out.add(f.join());
      } catch (Throwable t) {
        failed.add(t);
      }
    }, "small-stack", 256 * 1024);
    small.start();
    small.join();
    assertThat(failed).isEmpty();
    assertThat(out.get(0).rounds().get(0).outcomes()).hasSize(3_000);
  }

  // ---- ids, other dialects, host-read calls

  @Test
  void callsSentWithoutIdsGetTheirMadeUpIdsWrittenIntoTheAssistantMessage() {
    PreparedTurn turn = turn(weather(new ArrayList<>()));
    Script model = new Script().body(chatCalls("", "get_weather", "{'city':'Oslo'}")).body(ANSWER);
    ToolLoop.Result result = join(ToolLoop.builder(Dialect.OPENAI_CHAT).build().run(turn, USER, model));
    String id = result.messages().get(1).get("tool_calls").get(0).get("id").stringValue();
    assertThat(id).matches("call_[0-9a-f]{12}_0");
    assertThat(result.messages().get(2).get("tool_call_id").stringValue()).isEqualTo(id);
  }

  @Test
  void anthropicRoundsAppendTheAssistantContentThenTheToolResults() {
    PreparedTurn turn = turn(weather(new ArrayList<>()));
    Script model = new Script()
        .body("{'id':'msg_1','role':'assistant','content':[{'type':'text','text':'Checking.'},{'type':'tool_use',"
            + "'name':'get_weather','input':{'city':'Oslo'}}],'stop_reason':'tool_use'}")
        .body("{'id':'msg_2','role':'assistant','content':[{'type':'text','text':'Sunny.'}],'stop_reason':'end_turn'}");
    ToolLoop.Result result = join(ToolLoop.builder(Dialect.ANTHROPIC).build().run(turn, USER, model));
    List<JsonNode> h = result.messages();
    assertThat(h).hasSize(4);
    String id = h.get(1).get("content").get(1).get("id").stringValue();
    assertThat(id).matches("toolu_[0-9a-f]{12}_1");
    assertThat(h.get(1).get("role").stringValue()).isEqualTo("assistant");
    assertThat(h.get(2).get("content").get(0).get("tool_use_id").stringValue()).isEqualTo(id);
    assertThat(h.get(3)).isEqualTo(json("{'role':'assistant','content':[{'type':'text','text':'Sunny.'}]}"));
  }

  @Test
  void responsesRoundsAppendEveryOutputItemAndGeminiTheModelContent() {
    PreparedTurn turn = turn(weather(new ArrayList<>()));
    ToolLoop.Result responses = join(ToolLoop.builder(Dialect.OPENAI_RESPONSES).build().run(turn, USER, new Script()
        .body("{'output':[{'type':'reasoning','id':'rs_1','summary':[]},{'type':'function_call','id':'fc_1',"
            + "'call_id':'call_a','name':'get_weather','arguments':'{\\'city\\':\\'Oslo\\'}'}]}")
        .body("{'output':[{'type':'message','role':'assistant','content':[{'type':'output_text','text':'Sunny.'}]}]}")));
    assertThat(responses.messages()).extracting(n -> n.path("type").asString("")).containsExactly("", "reasoning",
        "function_call", "function_call_output", "message");
    ToolLoop.Result gemini = join(ToolLoop.builder(Dialect.GEMINI).build().run(turn, USER, new Script()
        .body("{'candidates':[{'content':{'role':'model','parts':[{'functionCall':{'name':'get_weather','args':"
            + "{'city':'Oslo'}}}]}}]}")
        .body("{'candidates':[{'content':{'role':'model','parts':[{'text':'Sunny.'}]}}]}")));
    assertThat(gemini.messages()).hasSize(4);
    assertThat(gemini.messages().get(1)).isEqualTo(json("{'role':'model','parts':[{'functionCall':{'name':"
        + "'get_weather','args':{'city':'Oslo'}}}]}"));
    assertThat(gemini.messages().get(2).get("parts").get(0).get("functionResponse").has("id")).isFalse();
  }

  @Test
  void callsTheHostReadItselfRunWithTheEntriesItGives() {
    PreparedTurn turn = turn(weather(new ArrayList<>()));
    JsonNode assistant = json("{'role':'assistant','tool_calls':[{'id':'h1','type':'function','function':"
        + "{'name':'get_weather','arguments':'{}'}}]}");
    Script model = new Script()
        .then(r -> CompletableFuture.completedFuture(ModelReply.calls(
            List.of(ToolCall.of("h1", "get_weather", "{\"city\":\"Oslo\"}")), List.of(assistant))))
        .then(r -> CompletableFuture.completedFuture(ModelReply.calls(List.of(), List.of(json("{'role':'assistant',"
            + "'content':'Sunny.'}")))));
    ToolLoop.Result result = join(ToolLoop.builder(Dialect.OPENAI_CHAT).build().run(turn, USER, model));
    assertThat(result.messages()).hasSize(4);
    assertThat(result.messages().get(1)).isSameAs(assistant);
    assertThat(result.messages().get(2).get("content").stringValue()).isEqualTo("Sunny in Oslo");
  }

  // ---- callbacks and failures

  @Test
  void aThrowingRoundCallbackIsContained() {
    PreparedTurn turn = turn(weather(new ArrayList<>()));
    Script model = new Script().body(chatCalls("call_1", "get_weather", "{'city':'Oslo'}")).body(ANSWER);
    ToolLoop.Result result = join(ToolLoop.builder(Dialect.OPENAI_CHAT).onRound(r -> {
      throw new IllegalStateException("callback bug");
    }).build().run(turn, USER, model));
    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
  }

  @Test
  void theModelsOwnFailuresFailTheLoopAndNothingElseDoes() {
    PreparedTurn turn = turn(weather(new ArrayList<>()));
    ToolLoop loop = ToolLoop.builder(Dialect.OPENAI_CHAT).build();
    IllegalStateException down = new IllegalStateException("HTTP 503");
    assertThatThrownBy(() -> join(loop.run(turn, USER, new Script().then(r -> CompletableFuture.failedFuture(down)))))
        .isInstanceOf(CompletionException.class).hasCause(down);
    assertThatThrownBy(() -> join(loop.run(turn, USER, r -> null))).hasCauseInstanceOf(IllegalStateException.class)
        .hasMessageContaining("returned null in round 1");
    assertThatThrownBy(() -> join(loop.run(turn, USER, new Script().body("<html>502</html>"))))
        .hasCauseInstanceOf(IllegalArgumentException.class).hasMessageContaining("not valid JSON");
    assertThatThrownBy(() -> join(loop.run(turn, USER, r -> {
      throw down;
    }))).hasCause(down);
    // A model that calls a tool it was not shown gets a failed result, and the loop goes on.
    ToolLoop.Result result = join(loop.run(turn, USER, new Script().body(chatCalls("c", "rm_rf", "{}")).body(ANSWER)));
    assertThat(result.messages().get(2).get("content").stringValue()).startsWith("Error (tool_not_available)");
  }

  @Test
  void settingsAreCheckedWhenSetNamingTheSetting() {
    assertThatThrownBy(() -> ToolLoop.builder(Dialect.GEMINI).maxRounds(0)).hasMessage("maxRounds must be from 1 to 100, but was 0");
    assertThatThrownBy(() -> ToolLoop.builder(Dialect.GEMINI).deadline(Duration.ZERO))
        .hasMessageStartingWith("deadline must be from 1 ms to 1 day, but was");
    assertThatThrownBy(() -> ToolLoop.builder(null)).hasMessage("dialect must not be null");
    assertThatThrownBy(() -> ToolLoop.builder(Dialect.GEMINI).parallelism(null)).hasMessage("parallelism must not be null");
    assertThatThrownBy(() -> Parallelism.exclusive(null)).isInstanceOf(IllegalArgumentException.class);
    ToolLoop loop = ToolLoop.builder(Dialect.GEMINI).build();
    assertThatThrownBy(() -> loop.run(null, USER, r -> null)).hasMessage("turn must not be null");
    assertThatThrownBy(() -> ModelReply.body((String) null)).hasMessage("response body must not be null");
  }
}
