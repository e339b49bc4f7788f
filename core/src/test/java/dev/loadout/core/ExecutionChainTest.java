package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The two kinds of interceptor and where Loadout's own steps sit between them: application interceptors see every
 * call as the model sent it, tool interceptors only calls that were resolved, parsed and checked, inside the deadline.
 */
class ExecutionChainTest {
  private static final ToolSpec VOLUME = ToolSpec.builder("set_volume", Tools.schema(
      "{\"type\":\"object\",\"properties\":{\"level\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":10}},"
          + "\"required\":[\"level\"],\"additionalProperties\":false}")).description("Sets the volume.").build();

  /** Runs with the level it receives, counting runs. */
  private final AtomicInteger runs = new AtomicInteger();
  private final List<String> received = Collections.synchronizedList(new ArrayList<>());
  private final BaseTool setVolume = Tools.FnTool.of(VOLUME, (call, ctx) -> {
    runs.incrementAndGet();
    received.add(call.argumentsJson().toString());
    return CompletableFuture.completedFuture(ToolResult.text("volume " + call.argumentsJson().get("level")));
  }).assembling(ctx -> Optional.of(VOLUME.edit().description("Sets the volume in " + ctx.guildId().orElse("?"))
      .build()));
  private final ToolRegistry registry = ToolRegistry.builder().register(setVolume).build();

  /** Records what each kind of interceptor was shown, then passes the call on unchanged. */
  static final class Witness implements ToolInterceptor {
    final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    @Override
    public CompletionStage<ToolResult> intercept(Chain chain) {
      seen.add(chain.call().name() + " " + chain.call().arguments() + " tool=" + chain.tool().map(ToolSpec::description)
          .orElse("-"));
      return chain.proceed(chain.call());
    }
  }

  private static ToolResult run(PreparedTurn turn, String name, String args) {
    return turn.execute(ToolCall.of("c1", name, args)).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  private static String code(ToolResult r) {
    return r instanceof ToolResult.Failure f ? f.code() : "ok";
  }

  @Test
  void applicationInterceptorsSeeEveryCallAndToolInterceptorsOnlyCheckedOnes() {
    Witness application = new Witness();
    Witness tool = new Witness();
    try (Loadout loadout = Loadout.builder(registry).addInterceptor(application).addToolInterceptor(tool).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      assertThat(code(run(turn, "mute_everyone", "{}"))).isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
      assertThat(code(run(turn, "set_volume", "{\"level\":"))).isEqualTo(ToolResult.INVALID_ARGUMENTS);
      assertThat(code(run(turn, "set_volume", "{\"level\":11}"))).isEqualTo(ToolResult.INVALID_ARGUMENTS);
      assertThat(code(run(turn, "set_volume", "{\"level\":3}"))).isEqualTo("ok");

      assertThat(application.seen).containsExactly("mute_everyone {} tool=-", "set_volume {\"level\": tool=-",
          "set_volume {\"level\":11} tool=-", "set_volume {\"level\":3} tool=-");
      // The variant the turn showed, with this guild's description.
      assertThat(tool.seen).containsExactly("set_volume {\"level\":3} tool=Sets the volume in g1");
      assertThat(runs).hasValue(1);
    }
  }

  @Test
  void aToolInterceptorRunsInsideTheDeadline() {
    ManualScheduler scheduler = new ManualScheduler(new MutableClock(Tools.CLOCK.instant()));
    ToolInterceptor stalls = chain -> new CompletableFuture<>();
    try (Loadout loadout = Loadout.builder(registry).addToolInterceptor(stalls).scheduler(scheduler)
        .defaultTimeout(Duration.ofSeconds(5)).build()) {
      CompletableFuture<ToolResult> call = loadout.prepare(Tools.context().build())
          .execute(ToolCall.of("c1", "set_volume", "{\"level\":3}")).toCompletableFuture();
      assertThat(call).isNotDone();

      scheduler.advance(Duration.ofSeconds(5));

      assertThat(call).isCompletedWithValueMatching(r -> code(r).equals(ToolResult.TIMEOUT), "a timeout");
      assertThat(runs).hasValue(0);
    }
  }

  @Test
  void anApplicationInterceptorThatStallsIsNotUnderTheToolsDeadline() {
    ManualScheduler scheduler = new ManualScheduler(new MutableClock(Tools.CLOCK.instant()));
    CompletableFuture<ToolResult> held = new CompletableFuture<>();
    try (Loadout loadout = Loadout.builder(registry).addInterceptor(chain -> held).scheduler(scheduler)
        .defaultTimeout(Duration.ofSeconds(5)).build()) {
      CompletableFuture<ToolResult> call = loadout.prepare(Tools.context().build())
          .execute(ToolCall.of("c1", "set_volume", "{\"level\":3}")).toCompletableFuture();

      scheduler.advance(Duration.ofSeconds(60));

      assertThat(call).as("the host owns what wraps everything").isNotDone();
      assertThat(scheduler.pending()).isZero();
      held.complete(ToolResult.text("answered by the host"));
      assertThat(call.join().modelText()).isEqualTo("answered by the host");
    }
  }

  @Test
  void argumentsAToolInterceptorChangesAreCheckedAgain() {
    ToolInterceptor louder = chain -> chain.proceed(ToolCall.of(chain.call().id(), chain.call().name(),
        "{\"level\":" + (chain.call().argumentsJson().get("level").asInt() + 5) + "}"));
    try (Loadout loadout = Loadout.builder(registry).addToolInterceptor(louder).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      assertThat(run(turn, "set_volume", "{\"level\":3}").modelText()).isEqualTo("volume 8");
      ToolResult refused = run(turn, "set_volume", "{\"level\":7}");

      assertThat(code(refused)).isEqualTo(ToolResult.INVALID_ARGUMENTS);
      assertThat(received).containsExactly("{\"level\":8}");
    }
  }

  @Test
  void aToolInterceptorCannotSendTheCallToAnotherTool() {
    BaseTool ban = Tools.FnTool.echo(Tools.spec("ban_member"));
    ToolInterceptor redirect = chain -> chain.proceed(ToolCall.of(chain.call().id(), "ban_member", "{}"));
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(setVolume, ban).build())
        .addToolInterceptor(redirect).build()) {
      CompletableFuture<ToolResult> call = loadout.prepare(Tools.context().build())
          .execute(ToolCall.of("c1", "set_volume", "{\"level\":3}")).toCompletableFuture();

      assertThat(call).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
          .havingCause().isInstanceOf(IllegalStateException.class)
          .withMessageContaining("'ban_member' in place of one to 'set_volume'");
      assertThat(runs).hasValue(0);
    }
  }

  @Test
  void aToolInterceptorsOwnAnswerIsCappedAndHeardAsAShortCircuit() {
    ToolInterceptor verbose = chain -> CompletableFuture.completedFuture(ToolResult.text("x".repeat(5_000)));
    LoadoutListenerTest.Recorder recorder = new LoadoutListenerTest.Recorder();
    try (Loadout loadout = Loadout.builder(registry).addToolInterceptor(verbose).maxResultChars(1_000)
        .listener(recorder).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      ToolResult r = run(turn, "set_volume", "{\"level\":3}");

      // Shaped exactly as the same text from the tool itself would be.
      BaseTool verboseTool = Tools.FnTool.of(VOLUME, (call, ctx) -> CompletableFuture.completedFuture(
          ToolResult.text("x".repeat(5_000))));
      try (Loadout plain = Loadout.builder(ToolRegistry.builder().register(verboseTool).build()).maxResultChars(1_000)
          .build()) {
        assertThat(r.modelText()).isEqualTo(run(plain.prepare(Tools.context().build()), "set_volume",
            "{\"level\":3}").modelText()).hasSizeLessThan(2_000);
      }
      assertThat(r).isInstanceOfSatisfying(ToolResult.Success.class, s -> assertThat(s.isTruncated()).isTrue());
      assertThat(recorder.events).anySatisfy(e -> assertThat(e).startsWith("shortCircuit c1 by").endsWith(" ok"));
      assertThat(runs).hasValue(0);
    }
  }

  @Test
  void aToolInterceptorThatProceedsTwiceIsNamed() {
    ToolInterceptor twice = new ToolInterceptor() {
      @Override
      public CompletionStage<ToolResult> intercept(Chain chain) {
        chain.proceed(chain.call());
        return chain.proceed(chain.call());
      }
    };
    try (Loadout loadout = Loadout.builder(registry).addToolInterceptor(twice).build()) {
      CompletableFuture<ToolResult> call = loadout.prepare(Tools.context().build())
          .execute(ToolCall.of("c1", "set_volume", "{\"level\":3}")).toCompletableFuture();

      assertThat(call).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
          .havingCause().isInstanceOf(IllegalStateException.class).withMessageContaining("at most once")
          .withMessageContaining(twice.getClass().getName());
    }
  }

  @Test
  void interceptorsOfBothKindsNestInTheOrderAdded() {
    List<String> order = Collections.synchronizedList(new ArrayList<>());
    class Named implements ToolInterceptor {
      final String name;

      Named(String name) {
        this.name = name;
      }

      @Override
      public CompletionStage<ToolResult> intercept(Chain chain) {
        order.add(name + " in");
        return chain.proceed(chain.call()).thenApply(r -> {
          order.add(name + " out");
          return r;
        });
      }
    }
    try (Loadout loadout = Loadout.builder(registry).addToolInterceptor(new Named("tool1")).addInterceptor(new Named("app1"))
        .addToolInterceptor(new Named("tool2")).addInterceptor(new Named("app2")).executor(Runnable::run).build()) {
      run(loadout.prepare(Tools.context().build()), "set_volume", "{\"level\":3}");

      assertThat(order).containsExactly("app1 in", "app2 in", "tool1 in", "tool2 in", "tool2 out", "tool1 out",
          "app2 out", "app1 out");
    }
  }
}
