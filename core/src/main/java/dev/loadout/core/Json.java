package dev.loadout.core;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The one JSON mapper Loadout uses internally. Jackson mappers are thread-safe once built. */
final class Json {
  static final JsonMapper MAPPER = JsonMapper.builder().build();
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

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

  /** The string value of a node if it is a JSON string, else {@code null}. */
  static String string(JsonNode node) {
    return node != null && node.isString() ? node.stringValue() : null;
  }
}
