package dev.loadout.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.openai.core.JsonValue;
import com.openai.core.ObjectMappers;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one crossing between Loadout's JSON (Jackson 3) and the SDK's (Jackson 2): always through bytes, never through
 * either library's tree types, so neither Jackson leaks into the other's API. The SDK's own mapper is used on its side,
 * so its objects serialise exactly as the SDK would send them.
 */
final class SdkJson {
  private static final JsonMapper MAPPER = ObjectMappers.jsonMapper();

  private SdkJson() {}

  /** Loadout's rendered JSON as the SDK's value; object keys keep their order, so the SDK sends them in Loadout's. */
  static JsonValue value(byte[] json) {
    return JsonValue.fromJsonNode(tree(json));
  }

  /** A tree Loadout built (Jackson 3) as the SDK's value. */
  static JsonValue value(tools.jackson.databind.JsonNode loadoutTree) {
    return value(loadoutBytes(loadoutTree));
  }

  /** A tree Loadout built, as its compact UTF-8 JSON. */
  static byte[] loadoutBytes(tools.jackson.databind.JsonNode loadoutTree) {
    return tools.jackson.databind.json.JsonMapper.shared().writeValueAsBytes(loadoutTree);
  }

  /** JSON the SDK's side wrote, as Loadout's tree (Jackson 3). */
  static tools.jackson.databind.JsonNode loadoutTree(byte[] json) {
    return tools.jackson.databind.json.JsonMapper.shared().readTree(json);
  }

  static JsonNode tree(byte[] json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      // Loadout rendered these bytes itself: unreadable JSON here is a bug, not input.
      throw new UncheckedIOException("Loadout's own JSON did not parse", e);
    }
  }

  /** An SDK object (a response, a chunk) as the JSON the SDK would write for it. */
  static byte[] bytes(Object sdkObject) {
    try {
      return MAPPER.writeValueAsBytes(sdkObject);
    } catch (IOException e) {
      throw new UncheckedIOException("the SDK could not write its own " + sdkObject.getClass().getSimpleName(), e);
    }
  }

  static JsonNode treeOf(Object sdkObject) {
    return MAPPER.valueToTree(sdkObject);
  }

  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** Reads JSON Loadout wrote into one of the SDK's types, through the SDK's own deserialiser. */
  static <T> T read(byte[] json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (IOException e) {
      throw new UncheckedIOException("the SDK refused Loadout's " + type.getSimpleName(), e);
    }
  }

  static <T> T read(JsonNode json, Class<T> type) {
    try {
      return MAPPER.treeToValue(json, type);
    } catch (IOException e) {
      throw new UncheckedIOException("the SDK refused Loadout's " + type.getSimpleName(), e);
    }
  }
}
