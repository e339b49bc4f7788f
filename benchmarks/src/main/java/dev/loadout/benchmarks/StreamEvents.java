package dev.loadout.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Recorded-shape streams for {@link AccumulatorBenchmark}: one assistant reply of a short text and two tool calls
 * whose arguments (about 300 characters each, non-ASCII and escapes included) arrive in fragments of 4 to 12
 * characters, as OpenAI Chat Completions deltas and as Anthropic Messages events. The payloads are each SSE
 * {@code data:} line's JSON, as a client hands them over.
 */
final class StreamEvents {
  private StreamEvents() {}

  /** Arguments of the two calls, as the model writes them (JSON text, before the event's own escaping). */
  static final String[] ARGUMENTS = {
      "{\"query\":\"Zürich weather \\\"this week\\\" and the next\",\"limit\":10,\"filters\":{\"site\":"
          + "\"meteo.example\",\"tags\":[\"forecast\",\"wind\",\"rain\",\"snow\",\"föhn\"]},\"language\":\"de\","
          + "\"safe\":true,\"region\":\"CH\",\"since\":\"2026-11-30T00:00:00Z\",\"notes\":\"Prefer official "
          + "sources; skip forums and anything older than a day.\"}",
      "{\"city\":\"São Paulo\",\"unit\":\"c\",\"days\":5,\"include\":[\"hourly\",\"alerts\",\"uv\"],"
          + "\"location\":{\"lat\":-23.5505,\"lon\":-46.6333},\"format\":\"summary\",\"detail\":\"Short lines, "
          + "one per day, with \\u00b0C and a one-word sky.\",\"caller\":\"bench\",\"attempt\":1}"};

  static List<byte[]> openAiChat() {
    List<String> events = new ArrayList<>();
    events.add(chat("{\"role\":\"assistant\",\"content\":\"\"}", null));
    for (String word : new String[] {"Let ", "me ", "check ", "both."}) {
      events.add(chat("{\"content\":" + quote(word) + "}", null));
    }
    for (int c = 0; c < ARGUMENTS.length; c++) {
      events.add(chat("{\"tool_calls\":[{\"index\":" + c + ",\"id\":\"call_" + c + "\",\"type\":\"function\","
          + "\"function\":{\"name\":\"tool_" + c + "\",\"arguments\":\"\"}}]}", null));
      for (String fragment : fragments(ARGUMENTS[c])) {
        events.add(chat("{\"tool_calls\":[{\"index\":" + c + ",\"function\":{\"arguments\":" + quote(fragment)
            + "}}]}", null));
      }
    }
    events.add(chat("{}", "\"tool_calls\""));
    events.add("[DONE]");
    return bytes(events);
  }

  static List<byte[]> anthropic() {
    List<String> events = new ArrayList<>();
    events.add("{\"type\":\"message_start\",\"message\":{\"id\":\"msg_bench\",\"type\":\"message\",\"role\":"
        + "\"assistant\",\"model\":\"claude-bench\",\"content\":[],\"stop_reason\":null,\"usage\":"
        + "{\"input_tokens\":900,\"output_tokens\":1}}}");
    events.add("{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}");
    for (String word : new String[] {"Let ", "me ", "check ", "both."}) {
      events.add("{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":"
          + quote(word) + "}}");
    }
    events.add("{\"type\":\"content_block_stop\",\"index\":0}");
    for (int c = 0; c < ARGUMENTS.length; c++) {
      int index = c + 1;
      events.add("{\"type\":\"content_block_start\",\"index\":" + index + ",\"content_block\":{\"type\":"
          + "\"tool_use\",\"id\":\"toolu_" + c + "\",\"name\":\"tool_" + c + "\",\"input\":{}}}");
      for (String fragment : fragments(ARGUMENTS[c])) {
        events.add("{\"type\":\"content_block_delta\",\"index\":" + index + ",\"delta\":{\"type\":"
            + "\"input_json_delta\",\"partial_json\":" + quote(fragment) + "}}");
      }
      events.add("{\"type\":\"content_block_stop\",\"index\":" + index + "}");
    }
    events.add("{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},\"usage\":{\"output_tokens\":"
        + "180}}");
    events.add("{\"type\":\"message_stop\"}");
    return bytes(events);
  }

  /** Cuts text into fragments of 4 to 12 characters, in a fixed pattern, as providers cut arguments. */
  static List<String> fragments(String text) {
    List<String> out = new ArrayList<>();
    int[] sizes = {7, 4, 12, 9, 5, 11, 6, 8};
    int at = 0;
    for (int i = 0; at < text.length(); i++) {
      int end = Math.min(text.length(), at + sizes[i % sizes.length]);
      out.add(text.substring(at, end));
      at = end;
    }
    return out;
  }

  private static String chat(String delta, String finishReason) {
    return "{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-bench\","
        + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finishReason + "}]}";
  }

  private static String quote(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (char ch : text.toCharArray()) {
      switch (ch) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> out.append(ch);
      }
    }
    return out.append('"').toString();
  }

  private static List<byte[]> bytes(List<String> events) {
    List<byte[]> out = new ArrayList<>(events.size());
    for (String e : events) {
      out.add(e.getBytes(StandardCharsets.UTF_8));
    }
    return List.copyOf(out);
  }
}
