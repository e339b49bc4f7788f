package dev.loadout.core.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolRequirements;
import dev.loadout.core.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Custom tool descriptions: replacing a tool's description also strips explanatory annotations from its input
 * schema; and the schema fingerprint a direct config is reviewed against, so a changed schema is noticed.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CustomDescriptions {
  /**
   * Keywords that explain rather than constrain. {@code default} stays: it changes what a call means when a
   * property is left out.
   */
  public static final Set<String> ANNOTATIONS = Set.of("description", "title", "examples", "$comment", "deprecated",
      "readOnly", "writeOnly", "markdownDescription");

  /** Keywords whose object values map names to subschemas: the names are data, never annotations. */
  private static final Set<String> NAMED_SCHEMAS = Set.of("properties", "patternProperties", "$defs", "definitions",
      "dependentSchemas");

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private CustomDescriptions() {}

  /**
   * A digest of a tool's parameters schema that ignores key order: a config saved against one fingerprint is
   * disabled when the tool comes back with another.
   */
  public static String fingerprint(ObjectNode parameters) {
    try {
      byte[] canonical = ArgumentTemplate.MAPPER.writeValueAsBytes(sorted(parameters));
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical), 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      Map<String, JsonNode> keys = new TreeMap<>();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        keys.put(e.getKey(), sorted(e.getValue()));
      }
      ObjectNode out = NODES.objectNode();
      keys.forEach(out::set);
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = NODES.arrayNode();
      node.forEach(item -> out.add(sorted(item)));
      return out;
    }
    return node;
  }

  /**
   * A copy of a schema without explanatory annotations ({@link #ANNOTATIONS}), at every level; every real
   * constraint ({@code type}, {@code enum}, {@code minimum}, {@code required}, {@code pattern}, …) stays, and a
   * property that happens to be called {@code description} stays too.
   */
  public static ObjectNode withoutAnnotations(ObjectNode schema) {
    return (ObjectNode) strip(schema, true);
  }

  private static JsonNode strip(JsonNode node, boolean isSchema) {
    if (node.isArray()) {
      ArrayNode out = NODES.arrayNode();
      node.forEach(item -> out.add(strip(item, isSchema)));
      return out;
    }
    if (!node.isObject()) {
      return node;
    }
    ObjectNode out = NODES.objectNode();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String key = e.getKey();
      if (isSchema && ANNOTATIONS.contains(key)) {
        continue;
      }
      if (!isSchema) {
        out.set(key, strip(e.getValue(), true));
      } else if (NAMED_SCHEMAS.contains(key)) {
        out.set(key, strip(e.getValue(), false));
      } else if (key.equals("enum") || key.equals("const") || key.equals("default") || key.equals("required")) {
        out.set(key, e.getValue().deepCopy());
      } else {
        out.set(key, strip(e.getValue(), true));
      }
    }
    return out;
  }

  /**
   * The spec a model is shown for a tool with a custom description: the description replaced (empty for none)
   * and the input schema {@linkplain #withoutAnnotations stripped of annotations}; everything else as the
   * tool declared it. A config without a replacement description returns the spec unchanged.
   */
  public static ToolSpec customized(ToolSpec spec, DirectConfig config) {
    if (config.description() == null) {
      return spec;
    }
    ToolRequirements r = spec.requirements();
    ToolSpec.Builder b = ToolSpec.builder(spec.name(), withoutAnnotations(spec.parameters()))
        .description(config.description())
        .requiredPermissions(r.permissions())
        .providers(r.providers().toArray(String[]::new))
        .refusedProviders(r.refusedProviders().toArray(String[]::new));
    spec.group().ifPresent(b::group);
    spec.family().ifPresent(b::family);
    spec.timeout().ifPresent(b::timeout);
    r.providerCheck().ifPresent(b::providerCheck);
    r.capabilities().forEach(b::requiredCapability);
    r.featureFlags().forEach(b::requiredFlag);
    spec.metadata().forEach(b::metadata);
    return b.build();
  }
}
