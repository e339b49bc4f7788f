package dev.loadout.springai;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which rendered tool a tool in Spring AI's outgoing request body stands for, found by its name and its properties
 * compared canonically (keys sorted, numbers by value, {@code null} values left out, since Spring AI drops them).
 * The same idea as {@code loadout-langchain4j}'s index of that name, kept per adapter rather than in core because each
 * client changes the schema its own way.
 *
 * <p>Bounded: the most recently used {@value #CAPACITY} keys are kept (a few MB at most); a host with more distinct
 * tool variants in flight sees the oldest sent as the client wrote them. One key seen with two different renders
 * is ambiguous and is never rewritten.
 */
final class RenderIndex {
  static final int CAPACITY = 2048;
  static final RenderIndex SHARED = new RenderIndex(CAPACITY);
  private static final String AMBIGUOUS = "";
  private static final JsonMapper JSON = JsonMapper.shared();

  private final Map<String, String> renders;

  RenderIndex(int capacity) {
    this.renders = new LinkedHashMap<>(256, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
        return size() > capacity;
      }
    };
  }

  /** Registers tools by their keys ({@link #key}) and rendered JSON, in matching order. */
  void register(List<String> keys, List<String> jsons) {
    synchronized (renders) {
      for (int i = 0; i < keys.size(); i++) {
        String known = renders.get(keys.get(i));
        renders.put(keys.get(i), known == null || known.equals(jsons.get(i)) ? jsons.get(i) : AMBIGUOUS);
      }
    }
  }

  /** Loadout's render of each tool in the body's {@code tools} array, in order; empty when any is unknown. */
  List<String> lookup(JsonNode tools) {
    List<String> out = new ArrayList<>(tools.size());
    synchronized (renders) {
      for (JsonNode tool : tools) {
        String json = renders.get(key(tool));
        if (json == null || json.isEmpty()) {
          return List.of();
        }
        out.add(json);
      }
    }
    return out;
  }

  static String key(JsonNode tool) {
    JsonNode function = tool.path("function");
    StringBuilder key = new StringBuilder(function.path("name").asString("")).append('\u0000');
    canonical(function.path("parameters").path("properties"), key);
    return key.toString();
  }

  private static void canonical(JsonNode node, StringBuilder out) {
    if (node.isObject()) {
      Map<String, JsonNode> sorted = new TreeMap<>();
      node.properties().forEach(e -> sorted.put(e.getKey(), e.getValue()));
      out.append('{');
      sorted.forEach((k, v) -> {
        if (v.isNull()) {
          return;
        }
        out.append(JSON.writeValueAsString(k)).append(':');
        canonical(v, out);
        out.append(',');
      });
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      for (JsonNode v : node) {
        canonical(v, out);
        out.append(',');
      }
      out.append(']');
    } else if (node.isNumber()) {
      BigDecimal value = node.decimalValue();
      out.append(value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString());
    } else if (node.isMissingNode()) {
      out.append("{}");
    } else {
      out.append(JSON.writeValueAsString(node));
    }
  }
}
