package dev.loadout.benchmarks;

import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolCallAccumulator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@link ToolCallAccumulator} costs per stream event: one whole streamed reply ({@link StreamEvents}: a short
 * text, then two tool calls whose arguments arrive in 4–12-character fragments) through a fresh accumulator, then
 * {@code finish()}. The time and {@code -prof gc}'s bytes are per event: the run reports per invocation and divides by
 * the stream's events (the largest stream's count; see {@link #perEvent}).
 *
 * <p>Adapters, in one run: {@code BYTES} feeds each event's UTF-8 bytes (what an SSE reader holds),
 * {@code TREE} feeds a tree the host's client already parsed (parsing not timed: the accumulator's own share), and
 * the baseline {@code PARSE_ONLY} parses each event into a Jackson 3 tree and nothing else, the floor any reader of
 * the events pays.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class AccumulatorBenchmark {
  /** The provider's stream. */
  public enum Stream {
    OPENAI_CHAT, ANTHROPIC
  }

  /** How the events reach the accumulator. */
  public enum Feed {
    BYTES, TREE, PARSE_ONLY
  }

  @Param
  public Stream stream;

  @Param
  public Feed feed;

  private Dialect dialect;
  private List<byte[]> bytes;
  private List<JsonNode> trees;
  /** Events in this stream; the score is per invocation, divided by it in {@code benchmarks/README.md}. */
  public int perEvent;

  @Setup(Level.Trial)
  public void setUp() {
    dialect = stream == Stream.OPENAI_CHAT ? Dialect.OPENAI_CHAT : Dialect.ANTHROPIC;
    bytes = stream == Stream.OPENAI_CHAT ? StreamEvents.openAiChat() : StreamEvents.anthropic();
    trees = new ArrayList<>(bytes.size());
    for (byte[] event : bytes) {
      String text = new String(event, java.nio.charset.StandardCharsets.UTF_8);
      trees.add(text.equals("[DONE]") ? JsonMapper.shared().createObjectNode() : JsonMapper.shared().readTree(event));
    }
    perEvent = bytes.size();
    List<ToolCall> calls = feed == Feed.PARSE_ONLY ? List.of() : run(new ArrayList<>());
    if (feed != Feed.PARSE_ONLY && calls.size() != StreamEvents.ARGUMENTS.length) {
      throw new IllegalStateException(stream + " stream gave " + calls.size() + " calls");
    }
    for (int i = 0; feed != Feed.PARSE_ONLY && i < calls.size(); i++) {
      String want = StreamEvents.ARGUMENTS[i];
      if (!calls.get(i).arguments().equals(want)) {
        throw new IllegalStateException("call " + i + " arguments " + calls.get(i).arguments() + " != " + want);
      }
    }
    System.out.println("# " + stream + ": " + perEvent + " events per stream");
  }

  @Benchmark
  public Object stream(Blackhole bh) {
    if (feed == Feed.PARSE_ONLY) {
      for (byte[] event : bytes) {
        if (event[0] == '{') {
          bh.consume(JsonMapper.shared().readTree(event));
        }
      }
      return bh;
    }
    return run(new ArrayList<>(2));
  }

  private List<ToolCall> run(List<ToolCall> out) {
    ToolCallAccumulator acc = ToolCallAccumulator.of(dialect);
    if (feed == Feed.TREE) {
      for (int i = 0; i < trees.size(); i++) {
        boolean done = i == trees.size() - 1 && dialect == Dialect.OPENAI_CHAT;
        out.addAll(done ? acc.accept("[DONE]") : acc.accept(trees.get(i)));
      }
    } else {
      for (byte[] event : bytes) {
        out.addAll(acc.accept(event));
      }
    }
    acc.finish();
    return out;
  }
}
