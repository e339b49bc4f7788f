package dev.loadout.tools.image;

import java.util.ArrayList;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A ComfyUI workflow in API format with {@code {{name}}} placeholders, filled in on the JSON tree.
 *
 * <p>Substitution walks the parsed tree and replaces string values, never the JSON text, so a prompt with
 * quotes, braces or a whole JSON document inside stays one string. A string that is exactly one
 * placeholder becomes the value's own JSON type ({@code "{{width}}"} becomes the number 1024); a
 * placeholder inside a longer string is replaced by the value's text ({@code "masterpiece, {{prompt}}"}).
 * Only object values and array items are substituted: node ids and input names are keys and stay as
 * written. Unknown placeholder names are refused when the backend is built.
 */
final class ComfyUiWorkflow {
  /** Every name a workflow may use, and what it is filled with. */
  static final Set<String> NAMES = Set.of("prompt", "negative_prompt", "width", "height", "aspect_ratio", "seed",
      "denoise", "image", "image_2", "image_3", "mask", "expand_left", "expand_right", "expand_top", "expand_bottom");
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");

  private final ObjectNode tree;
  private final Set<String> used;

  private ComfyUiWorkflow(ObjectNode tree, Set<String> used) {
    this.tree = tree;
    this.used = used;
  }

  /**
   * Parses and checks a workflow.
   *
   * @param setting the setting's name for messages
   * @throws IllegalArgumentException naming the setting when the text is not a JSON object of nodes or uses an
   *     unknown placeholder
   */
  static ComfyUiWorkflow parse(String setting, String json) {
    if (json == null || json.isBlank()) {
      throw new IllegalArgumentException(setting + " must be a ComfyUI workflow in API format, but was blank");
    }
    JsonNode root;
    try {
      root = ImageHttp.JSON.readTree(json);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(setting + " is not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject() || root.isEmpty()) {
      throw new IllegalArgumentException(setting + " must be a JSON object of workflow nodes (ComfyUI's \"Save (API format)\")");
    }
    Set<String> used = new TreeSet<>();
    collect(root, used);
    Set<String> unknown = new TreeSet<>(used);
    unknown.removeAll(NAMES);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(setting + " uses unknown placeholders " + unknown + "; known are " + new TreeSet<>(NAMES));
    }
    return new ComfyUiWorkflow((ObjectNode) root, Set.copyOf(used));
  }

  /** The placeholder names the workflow uses. */
  Set<String> placeholders() {
    return used;
  }

  boolean uses(String name) {
    return used.contains(name);
  }

  /**
   * A copy with every placeholder filled.
   *
   * @param values a value for every name in {@link #placeholders()}
   */
  ObjectNode fill(Map<String, JsonNode> values) {
    ObjectNode copy = tree.deepCopy();
    substitute(copy, values);
    return copy;
  }

  private static void collect(JsonNode node, Set<String> into) {
    if (node.isString()) {
      Matcher m = PLACEHOLDER.matcher(node.stringValue());
      while (m.find()) {
        into.add(m.group(1));
      }
    }
    for (JsonNode child : node) {
      collect(child, into);
    }
  }

  private static void substitute(JsonNode node, Map<String, JsonNode> values) {
    if (node instanceof ObjectNode object) {
      for (String key : new ArrayList<>(object.propertyNames())) {
        JsonNode replaced = replacement(object.get(key), values);
        if (replaced != null) {
          object.set(key, replaced);
        } else {
          substitute(object.get(key), values);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode replaced = replacement(array.get(i), values);
        if (replaced != null) {
          array.set(i, replaced);
        } else {
          substitute(array.get(i), values);
        }
      }
    }
  }

  /** The value for a string holding placeholders, or null when the node is not such a string. */
  private static JsonNode replacement(JsonNode node, Map<String, JsonNode> values) {
    if (!node.isString()) {
      return null;
    }
    String text = node.stringValue();
    Matcher m = PLACEHOLDER.matcher(text);
    if (m.matches()) {
      return value(values, m.group(1)).deepCopy();
    }
    m.reset();
    StringBuilder out = new StringBuilder();
    boolean any = false;
    while (m.find()) {
      JsonNode v = value(values, m.group(1));
      m.appendReplacement(out, Matcher.quoteReplacement(v.isString() ? v.stringValue() : v.toString()));
      any = true;
    }
    if (!any) {
      return null;
    }
    m.appendTail(out);
    return ImageHttp.JSON.getNodeFactory().stringNode(out.toString());
  }

  private static JsonNode value(Map<String, JsonNode> values, String name) {
    JsonNode v = values.get(name);
    if (v == null) {
      throw new IllegalStateException("no value for workflow placeholder " + name);
    }
    return v;
  }
}
