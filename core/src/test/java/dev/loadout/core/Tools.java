package dev.loadout.core;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import tools.jackson.databind.node.ObjectNode;

/** Small tools and contexts for core's own tests. */
final class Tools {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  private Tools() {}

  static ObjectNode schema(String json) {
    return (ObjectNode) Json.parse(json);
  }

  static ToolSpec spec(String name) {
    return ToolSpec.builder(name, schema("{\"type\":\"object\",\"properties\":{}}")).description("The " + name + " tool.").build();
  }

  static TurnContext.Builder context() {
    return TurnContext.builder("openai", "test-model").guildId("g1").channelId("c1").userId("u1")
        .permissions(Set.of()).clock(CLOCK);
  }

  /** A tool whose execution and assembly are given as functions. */
  static class FnTool implements BaseTool {
    final ToolSpec spec;
    final BiFunction<ToolCall, TurnContext, CompletionStage<ToolResult>> run;
    final Function<TurnContext, Optional<ToolSpec>> assemble;

    FnTool(ToolSpec spec, BiFunction<ToolCall, TurnContext, CompletionStage<ToolResult>> run,
        Function<TurnContext, Optional<ToolSpec>> assemble) {
      this.spec = spec;
      this.run = run;
      this.assemble = assemble;
    }

    static FnTool echo(ToolSpec spec) {
      return new FnTool(spec, (call, ctx) -> CompletableFuture.completedFuture(ToolResult.success(call.argumentsJson())), null);
    }

    static FnTool of(ToolSpec spec, BiFunction<ToolCall, TurnContext, CompletionStage<ToolResult>> run) {
      return new FnTool(spec, run, null);
    }

    FnTool assembling(Function<TurnContext, Optional<ToolSpec>> assemble) {
      return new FnTool(spec, run, assemble);
    }

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public Optional<ToolSpec> assembleForContext(TurnContext context) {
      return assemble == null ? Optional.of(spec) : assemble.apply(context);
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      return run.apply(call, context);
    }
  }
}
