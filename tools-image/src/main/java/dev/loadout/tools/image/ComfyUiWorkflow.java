package dev.loadout.tools.image;

import dev.loadout.core.internal.json.JsonTemplate;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A ComfyUI workflow in API format with {@code {{name}}} placeholders, filled in on the JSON tree.
 *
 * <p>Substitution walks the parsed tree and replaces string values, never the JSON text, so a prompt with
 * quotes, braces or a whole JSON document inside stays one string. A string that is exactly one
 * placeholder becomes the value's own JSON type ({@code "{{width}}"} becomes the number 1024); a
 * placeholder inside a longer string is replaced by the value's text ({@code "masterpiece, {{prompt}}"}).
 * Only object values and array items are substituted: node ids and input names are keys and stay as
 * written, and a key holding a placeholder is refused. Unknown placeholder names ({@code {{Prompt}}},
 * {@code {{ steps }}}) are refused when the backend is built. The finding, walking and bounds are core's one
 * placeholder engine, {@link JsonTemplate}.
 */
final class ComfyUiWorkflow {
  /** Every name a workflow may use, and what it is filled with. */
  static final Set<String> NAMES = Set.of("prompt", "negative_prompt", "width", "height", "aspect_ratio", "seed",
      "denoise", "image", "image_2", "image_3", "mask", "expand_left", "expand_right", "expand_top", "expand_bottom");

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
      root = JsonTemplate.read(json);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(setting + " is not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject() || root.isEmpty()) {
      throw new IllegalArgumentException(setting + " must be a JSON object of workflow nodes (ComfyUI's \"Save (API format)\")");
    }
    Set<String> used = new TreeSet<>();
    Set<String> keys = new TreeSet<>();
    JsonTemplate.scan(root, new JsonTemplate.Visitor() {
      @Override
      public void placeholder(String path, String token, String body, String value, boolean whole) {
        used.add(body);
      }

      @Override
      public void placeholderInKey(String path, String key) {
        keys.add(key);
      }
    });
    if (!keys.isEmpty()) {
      throw new IllegalArgumentException(setting + " has placeholders in keys " + keys
          + ", which are never filled; node ids and input names stay as written");
    }
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
   * @throws IllegalArgumentException when the filled values would pass the engine's size bound
   */
  ObjectNode fill(Map<String, JsonNode> values) {
    return (ObjectNode) JsonTemplate.fill(tree, name -> {
      JsonNode v = values.get(name);
      if (v == null) {
        throw new IllegalStateException("no value for workflow placeholder " + name);
      }
      return v;
    });
  }
}
