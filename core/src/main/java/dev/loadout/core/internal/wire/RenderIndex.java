package dev.loadout.core.internal.wire;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which rendered tool a tool in an outgoing request body stands for, for the adapters of clients that build the body
 * themselves from their own tool types (LangChain4j, Spring AI) and so must be given Loadout's render back on the
 * wire: each tool is found by its name and its properties, compared canonically (keys sorted, numbers by value, and
 * {@code null} values left out when the client drops them), since the client writes them again with its own JSON
 * library. Two variants of one tool with different properties, say a narrowed enum, stay apart.
 *
 * <p>Bounded: the most recently used keys are kept, up to the capacity (a few MB at most at
 * {@value #DEFAULT_CAPACITY}); a host with more distinct tool variants in flight sees the oldest sent as the client
 * wrote them. One key seen with two different renders (variants differing only in a root keyword the client does
 * not keep) is ambiguous and is never rewritten.
 */
@API(status = INTERNAL, since = "0.1")
public final class RenderIndex {
  /** The capacity the adapters use. */
  public static final int DEFAULT_CAPACITY = 2048;
  private static final String AMBIGUOUS = "";
  private static final JsonMapper JSON = JsonMapper.shared();

  private final Map<String, String> renders;
  private final boolean nullsDropped;

  /**
   * An empty index.
   *
   * @param capacity the most keys kept
   * @param nullsDropped whether the client leaves {@code null} values out of the schemas it writes
   */
  public RenderIndex(int capacity, boolean nullsDropped) {
    this.nullsDropped = nullsDropped;
    this.renders = new LinkedHashMap<>(256, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
        return size() > capacity;
      }
    };
  }

  /** Registers each element of a rendered OpenAI Chat {@code tools} array. */
  public void register(JsonNode renderedTools) {
    List<String> keys = new ArrayList<>();
    List<String> jsons = new ArrayList<>();
    for (JsonNode tool : renderedTools) {
      keys.add(key(tool));
      jsons.add(JSON.writeValueAsString(tool));
    }
    register(keys, jsons);
  }

  /** Registers tools by their keys ({@link #key}) and rendered JSON, in matching order. */
  public void register(List<String> keys, List<String> jsons) {
    synchronized (renders) {
      for (int i = 0; i < keys.size(); i++) {
        String known = renders.get(keys.get(i));
        renders.put(keys.get(i), known == null || known.equals(jsons.get(i)) ? jsons.get(i) : AMBIGUOUS);
      }
    }
  }

  /** Loadout's render of each tool in the body's {@code tools} array, in order; empty when any is unknown. */
  public List<String> lookup(JsonNode tools) {
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

  /** The key of one tool of a {@code tools} array in OpenAI Chat's shape: its name and canonical properties. */
  public String key(JsonNode tool) {
    JsonNode function = tool.path("function");
    StringBuilder key = new StringBuilder(function.path("name").asString("")).append('\u0000');
    canonical(function.path("parameters").path("properties"), key);
    return key.toString();
  }

  private void canonical(JsonNode node, StringBuilder out) {
    if (node.isObject()) {
      Map<String, JsonNode> sorted = new TreeMap<>();
      node.properties().forEach(e -> sorted.put(e.getKey(), e.getValue()));
      out.append('{');
      sorted.forEach((k, v) -> {
        if (nullsDropped && v.isNull()) {
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
