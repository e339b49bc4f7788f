package dev.loadout.direct;

import dev.loadout.core.store.StoreException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A scope's configs as the JSON text a {@link DirectConfigStore} keeps:
 * {@code {"plan":1,"configs":[{"toolName":…,"rules":[{"kind":"prefix",…}],…}]}}, every field written, nulls
 * included, so a description that is empty stays apart from one that is absent.
 *
 * <p>Reading is strict on purpose. A payload under a higher plan than {@link DirectCatalog#PLAN_VERSION}, or with
 * a field this code does not know, would lose data on the next save, so it is refused rather than read; a
 * malformed one is refused naming the scope and the JSON path. Either way the caller gets a {@link StoreException},
 * never a half-read list.
 */
final class DirectConfigCodec {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Set<String> TOP_FIELDS = Set.of("plan", "configs");
  private static final Set<String> CONFIG_FIELDS = Set.of("toolName", "command", "template", "rules", "description",
      "enabled", "reviewedSchema", "disabledReason");
  private static final Set<String> RULE_FIELDS = Set.of("kind", "pattern", "requireMention", "enabled");

  private DirectConfigCodec() {}

  /** The configs as JSON under this library's plan. */
  static String encode(List<DirectConfig> configs) {
    ObjectNode root = NODES.objectNode();
    root.put("plan", DirectCatalog.PLAN_VERSION);
    ArrayNode list = root.putArray("configs");
    for (DirectConfig c : configs) {
      ObjectNode o = list.addObject();
      o.put("toolName", c.toolName());
      o.put("command", c.command());
      o.put("template", c.template());
      ArrayNode rules = o.putArray("rules");
      for (KeywordRule r : c.rules()) {
        rules.addObject()
            .put("kind", r.kind().name().toLowerCase(Locale.ROOT))
            .put("pattern", r.pattern())
            .put("requireMention", r.requireMention())
            .put("enabled", r.enabled());
      }
      o.put("description", c.description());
      o.put("enabled", c.enabled());
      o.put("reviewedSchema", c.reviewedSchema());
      o.put("disabledReason", c.disabledReason());
    }
    return ArgumentTemplate.MAPPER.writeValueAsString(root);
  }

  /**
   * The configs stored for a scope.
   *
   * @throws StoreException naming the scope, if the text is not configs of a plan this library knows
   */
  static SavedDirectConfigs decode(String scope, long version, String json) {
    try {
      JsonNode root = ArgumentTemplate.MAPPER.readTree(json == null ? "" : json);
      if (root == null || !root.isObject()) {
        throw new Malformed("the payload must be a JSON object");
      }
      JsonNode plan = root.get("plan");
      if (plan == null || !plan.isIntegralNumber()) {
        throw new Malformed("/plan must be an integer, but was " + plan);
      }
      if (plan.longValue() > DirectCatalog.PLAN_VERSION) {
        throw new StoreException("direct configs of scope [" + scope + "] were saved under config plan "
            + plan.longValue() + ", but this Loadout knows plan " + DirectCatalog.PLAN_VERSION
            + "; upgrade Loadout, because saving them from here would drop the fields this version does not know", null);
      }
      if (plan.longValue() < 1) {
        throw new Malformed("/plan must be between 1 and " + DirectCatalog.PLAN_VERSION + ", but was " + plan);
      }
      onlyKnownFields(root, TOP_FIELDS, "");
      JsonNode list = root.get("configs");
      if (list == null || !list.isArray()) {
        throw new Malformed("/configs must be an array, but was " + list);
      }
      List<DirectConfig> configs = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        configs.add(config(list.get(i), "/configs/" + i));
      }
      return new SavedDirectConfigs(scope, version, configs);
    } catch (Malformed | JacksonException | IllegalArgumentException e) {
      throw new StoreException("direct configs of scope [" + scope + "] could not be read: " + e.getMessage(), e);
    }
  }

  private static DirectConfig config(JsonNode o, String path) {
    if (!o.isObject()) {
      throw new Malformed(path + " must be an object, but was " + o.getNodeType());
    }
    onlyKnownFields(o, CONFIG_FIELDS, path);
    JsonNode rules = o.get("rules");
    if (rules == null || !rules.isArray()) {
      throw new Malformed(path + "/rules must be an array, but was " + rules);
    }
    List<KeywordRule> out = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      out.add(rule(rules.get(i), path + "/rules/" + i));
    }
    return new DirectConfig(string(o, "toolName", path), string(o, "command", path), string(o, "template", path), out,
        string(o, "description", path), bool(o, "enabled", path), string(o, "reviewedSchema", path),
        string(o, "disabledReason", path));
  }

  private static KeywordRule rule(JsonNode o, String path) {
    if (!o.isObject()) {
      throw new Malformed(path + " must be an object, but was " + o.getNodeType());
    }
    onlyKnownFields(o, RULE_FIELDS, path);
    String kind = string(o, "kind", path);
    KeywordRule.Kind k;
    if ("prefix".equals(kind)) {
      k = KeywordRule.Kind.PREFIX;
    } else if ("regex".equals(kind)) {
      k = KeywordRule.Kind.REGEX;
    } else {
      throw new Malformed(path + "/kind must be \"prefix\" or \"regex\", but was " + kind);
    }
    return new KeywordRule(k, string(o, "pattern", path), bool(o, "requireMention", path), bool(o, "enabled", path));
  }

  /** A string field; absent or JSON null reads as null. */
  private static String string(JsonNode o, String field, String path) {
    JsonNode v = o.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isString()) {
      throw new Malformed(path + "/" + field + " must be a string, but was " + v.getNodeType());
    }
    return v.stringValue();
  }

  private static boolean bool(JsonNode o, String field, String path) {
    JsonNode v = o.get(field);
    if (v == null || !v.isBoolean()) {
      throw new Malformed(path + "/" + field + " must be true or false, but was " + (v == null ? "absent" : v));
    }
    return v.booleanValue();
  }

  private static void onlyKnownFields(JsonNode o, Set<String> known, String path) {
    for (Iterator<Map.Entry<String, JsonNode>> it = o.properties().iterator(); it.hasNext(); ) {
      String name = it.next().getKey();
      if (!known.contains(name)) {
        throw new Malformed(path + "/" + name + " is not a field of config plan " + DirectCatalog.PLAN_VERSION
            + "; refusing it rather than dropping it on the next save");
      }
    }
  }

  /** A payload that does not have the shape of the plan; becomes a {@link StoreException} naming the scope. */
  private static final class Malformed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message, null, false, false);
    }
  }
}
