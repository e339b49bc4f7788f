package dev.loadout.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Small builders shared by the dialect tests: JSON from single-quoted text, tools, and real turns. */
final class RenderFixtures {
  /** One daemon thread for every test Loadout's deadlines; tools run on the calling thread. */
  private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "render-fixtures-deadline");
    t.setDaemon(true);
    return t;
  });

  private RenderFixtures() {}

  /** Parses JSON written with single quotes, so expected values read naturally in Java strings. */
  static JsonNode json(String singleQuoted) {
    return Json.parse(singleQuoted.replace('\'', '"'));
  }

  static ObjectNode object(String singleQuoted) {
    return (ObjectNode) json(singleQuoted);
  }

  static ToolSpec spec(String name, String description, String singleQuotedSchema) {
    return ToolSpec.builder(name, object(singleQuotedSchema)).description(description).build();
  }

  /** A tool that answers every call with {@code answer}. */
  static BaseTool tool(ToolSpec spec, Function<ToolCall, ToolResult> answer) {
    return new BaseTool() {
      @Override
      public ToolSpec spec() {
        return spec;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return CompletableFuture.completedFuture(answer.apply(call));
      }
    };
  }

  /** A tool that echoes its checked arguments back as data. */
  static BaseTool echo(ToolSpec spec) {
    return tool(spec, call -> ToolResult.success(call.argumentsJson()));
  }

  /** A prepared turn over these tools, through a real registry and Loadout. */
  static PreparedTurn turn(BaseTool... tools) {
    return turn(List.of(tools));
  }

  static PreparedTurn turn(List<BaseTool> tools) {
    ToolRegistry registry = ToolRegistry.builder().register("test tools", tools).build();
    Loadout loadout = Loadout.builder(registry).executor(Runnable::run).scheduler(DEADLINES).build();
    return loadout.prepare(TurnContext.builder("test", "test-model").build());
  }

  /** Runs one call to completion; the stage never fails for anything a model sends. */
  static ToolResult run(PreparedTurn turn, ToolCall call) {
    return turn.execute(call).toCompletableFuture().join();
  }
}
