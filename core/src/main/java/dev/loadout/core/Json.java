package dev.loadout.core;

import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The one JSON mapper Loadout uses internally. Jackson mappers are thread-safe once built. */
final class Json {
  static final JsonMapper MAPPER = JsonMapper.builder().build();
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** Writes trees of any depth: {@link #compact(JsonNode)} walks them itself, so the depth costs no stack. */
  private static final JsonMapper DEEP_WRITER = JsonMapper.builder(JsonFactory.builder()
      .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build()).build()).build();

  private Json() {}

  static ObjectNode object() {
    return NODES.objectNode();
  }

  static ArrayNode array() {
    return NODES.arrayNode();
  }

  /** Parses text, throwing {@link JacksonException} on malformed input. */
  static JsonNode parse(String text) {
    return MAPPER.readTree(text);
  }

  static byte[] bytes(JsonNode node) {
    return MAPPER.writeValueAsBytes(node);
  }

  static String text(JsonNode node) {
    return MAPPER.writeValueAsString(node);
  }

  /**
   * The compact JSON text of a tree the host built or parsed, whatever its depth: the same text as
   * {@link #text(JsonNode)}, which (like Jackson's own {@code toString}, {@code equals} and {@code deepCopy}) refuses
   * or overflows the stack on trees nested a few hundred or thousand levels deep. Iterative.
   */
  static String compact(JsonNode root) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = DEEP_WRITER.createGenerator(out)) {
      // Each open container: an iterator over its members (map entries for objects, elements for arrays).
      ArrayDeque<Iterator<?>> open = new ArrayDeque<>();
      JsonNode next = root;
      while (true) {
        if (next != null) {
          if (next.isObject()) {
            g.writeStartObject();
            open.push(next.properties().iterator());
          } else if (next.isArray()) {
            g.writeStartArray();
            open.push(next.values().iterator());
          } else {
            g.writeTree(next);
          }
          next = null;
        }
        Iterator<?> it = open.peek();
        if (it == null) {
          break;
        }
        if (!it.hasNext()) {
          open.pop();
          if (g.streamWriteContext().inObject()) {
            g.writeEndObject();
          } else {
            g.writeEndArray();
          }
          continue;
        }
        Object member = it.next();
        if (member instanceof Map.Entry) {
          Map.Entry<?, ?> e = (Map.Entry<?, ?>) member;
          g.writeName((String) e.getKey());
          next = (JsonNode) e.getValue();
        } else {
          next = (JsonNode) member;
        }
      }
    }
    return out.toString();
  }

  /** The string value of a node if it is a JSON string, else {@code null}. */
  static String string(JsonNode node) {
    return node != null && node.isString() ? node.stringValue() : null;
  }
}
