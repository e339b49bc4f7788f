package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;

class QuickStartTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  /** The lines between two marker lines, without the markers, with common indentation removed. */
  static String between(List<String> lines, String start, String end) {
    int from = -1;
    int to = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals(start) && from < 0) {
        from = i + 1;
      } else if (lines.get(i).strip().equals(end) && from >= 0) {
        to = i;
        break;
      }
    }
    assertThat(from).as("marker %s", start).isPositive();
    assertThat(to).as("marker %s", end).isGreaterThan(from);
    List<String> block = lines.subList(from, to);
    int indent = block.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
    return block.stream().map(l -> l.length() >= indent ? l.substring(indent) : l.strip()).collect(Collectors.joining("\n"));
  }

  @Test
  void theReadmeQuickStartIsTheCompiledOne() throws IOException {
    String readme = between(Files.readAllLines(ROOT.resolve("README.md")), "```java", "```");
    String source = between(Files.readAllLines(ROOT.resolve(
        "examples/src/main/java/dev/loadout/examples/QuickStart.java")), "// quickstart:start", "// quickstart:end");
    assertThat(readme).isEqualTo(source);
    assertThat(readme.split("\n")).hasSizeLessThanOrEqualTo(15);
    // The consumer project (built by CI against the installed artifacts) runs the same lines.
    String consumer = between(Files.readAllLines(ROOT.resolve(
        "examples/consumer/src/main/java/com/example/bot/ConsumerBot.java")), "// quickstart:start", "// quickstart:end");
    assertThat(consumer).isEqualTo(readme);
  }

  @Test
  void theQuickStartRendersTheToolAndAnswersTheModelsCall() {
    AtomicReference<String> sentTools = new AtomicReference<>();
    ArrayNode history = QuickStart.run(tools -> {
      sentTools.set(tools);
      return """
          {"choices":[{"message":{"role":"assistant","tool_calls":[
            {"id":"call_1","type":"function","function":{"name":"roll_dice","arguments":"{\\"sides\\":6}"}},
            {"id":"call_2","type":"function","function":{"name":"roll_dice","arguments":"{\\"sides\\":1}"}}]}}]}""";
    });
    assertThat(sentTools.get()).startsWith("[{\"type\":\"function\",\"function\":{\"name\":\"roll_dice\"");
    assertThat(history).hasSize(2);
    assertThat(history.get(0).get("role").stringValue()).isEqualTo("tool");
    assertThat(history.get(0).get("tool_call_id").stringValue()).isEqualTo("call_1");
    assertThat(history.get(0).get("content").stringValue()).matches("You rolled [1-6]");
    assertThat(history.get(1).get("content").stringValue()).startsWith("Error (invalid_arguments)").contains("/sides");
  }
}
