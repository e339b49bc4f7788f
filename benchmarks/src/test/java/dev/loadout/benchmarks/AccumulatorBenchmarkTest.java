package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolCallAccumulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Keeps the benchmark honest: each stream really carries its two calls, split, and every adapter sets up. */
final class AccumulatorBenchmarkTest {
  @Test
  void bothStreamsYieldTheTwoCallsWithTheirArgumentsWhole() {
    for (Dialect dialect : List.of(Dialect.OPENAI_CHAT, Dialect.ANTHROPIC)) {
      List<byte[]> events = dialect == Dialect.OPENAI_CHAT ? StreamEvents.openAiChat() : StreamEvents.anthropic();
      ToolCallAccumulator acc = ToolCallAccumulator.of(dialect);
      List<ToolCall> calls = new ArrayList<>();
      events.forEach(e -> calls.addAll(acc.accept(e)));

      assertThat(acc.finish().isComplete()).as(dialect.name()).isTrue();
      assertThat(calls).extracting(ToolCall::arguments).as(dialect.name())
          .containsExactly(StreamEvents.ARGUMENTS);
      assertThat(events.size()).as(dialect.name()).isGreaterThan(60);
    }
  }

  @Test
  void everyAdapterSetsUpOnBothStreams() {
    for (AccumulatorBenchmark.Stream stream : AccumulatorBenchmark.Stream.values()) {
      for (AccumulatorBenchmark.Feed feed : AccumulatorBenchmark.Feed.values()) {
        AccumulatorBenchmark b = new AccumulatorBenchmark();
        b.stream = stream;
        b.feed = feed;
        b.setUp();
        assertThat(b.perEvent).isPositive();
      }
    }
  }
}
