package dev.loadout.core.internal.digest;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * SHA-256 and the one fingerprint Loadout puts on a JSON schema or spec: the first 128 bits of the SHA-256 of a
 * canonical form, in lower-case hex (32 digits). Core's {@code ToolSpec.fingerprint()} takes it over name,
 * description and parameters in the order a model sees them (key order is part of what a prompt cache keys on);
 * direct's saved configs take {@link #schemaFingerprint} over the parameters with keys sorted, since moving a key
 * must not disable a reviewed config. Both values are stored or compared across processes, so neither form may
 * change without a migration.
 */
@API(status = INTERNAL, since = "0.1")
public final class Digests {
  /** Deepest schema {@link #schemaFingerprint} sorts; a schema deeper than this is not one a tool can declare. */
  public static final int MAX_SCHEMA_DEPTH = 1_000;

  private static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Digests() {}

  /** The SHA-256 of the bytes. */
  public static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by the Java platform", e);
    }
  }

  /** The SHA-256 of the text's UTF-8 bytes. */
  public static byte[] sha256(String text) {
    return sha256(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The fingerprint of a canonical form: 32 hex digits, the first 128 bits of its SHA-256. */
  public static String fingerprint(byte[] canonical) {
    return HexFormat.of().formatHex(sha256(canonical), 0, 16);
  }

  /**
   * The fingerprint of a schema that ignores key order: of its compact JSON with every object's keys sorted.
   *
   * @throws IllegalArgumentException when the schema nests deeper than {@link #MAX_SCHEMA_DEPTH}
   */
  public static String schemaFingerprint(JsonNode schema) {
    return fingerprint(MAPPER.writeValueAsBytes(sorted(schema, 0)));
  }

  private static JsonNode sorted(JsonNode node, int depth) {
    if (depth > MAX_SCHEMA_DEPTH) {
      throw new IllegalArgumentException("a schema to fingerprint must nest at most " + MAX_SCHEMA_DEPTH + " levels");
    }
    if (node.isObject()) {
      Map<String, JsonNode> keys = new TreeMap<>();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        keys.put(e.getKey(), sorted(e.getValue(), depth + 1));
      }
      ObjectNode out = NODES.objectNode();
      keys.forEach(out::set);
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = NODES.arrayNode();
      for (JsonNode item : node) {
        out.add(sorted(item, depth + 1));
      }
      return out;
    }
    return node;
  }
}
