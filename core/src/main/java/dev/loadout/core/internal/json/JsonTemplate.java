package dev.loadout.core.internal.json;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one placeholder engine for JSON written by people (a direct rule's argument template, a ComfyUI workflow):
 * {@code {{ body }}} is found inside string values of the parsed tree and replaced there, never in the JSON text, so
 * a filled value with quotes, braces or a whole JSON document inside stays one string and can never add a key or
 * change the shape.
 *
 * <p>A string that is exactly one placeholder becomes the filled node itself, of whatever JSON type the caller
 * resolves it to; a placeholder inside a longer string is replaced by the node's text (a string's value, any other
 * node's JSON). What a body means (which names exist, typed prefixes, what a missing value is) is each caller's;
 * this class only finds, walks and fills.
 *
 * <p>Hostile input is bounded three ways, each failing with a plain message instead of running out of stack or
 * memory: the text is at most {@link #MAX_TEMPLATE_CHARS} characters, the tree at most {@link #MAX_DEPTH} levels
 * deep (at parse time through Jackson's read constraints, and again on every walk, for trees built in code), and one
 * fill substitutes at most {@link #MAX_FILLED_CHARS} characters in all, so many copies of a long message cannot
 * multiply into a huge request.
 */
@API(status = INTERNAL, since = "0.1")
public final class JsonTemplate {
  /** Deepest nesting a template may have; real workflows and argument templates are under ten levels. */
  public static final int MAX_DEPTH = 64;
  /** Longest template text; a large ComfyUI workflow in API format is a few hundred kilobytes. */
  public static final int MAX_TEMPLATE_CHARS = 2_000_000;
  /** Characters one fill may substitute, summed over every placeholder. */
  public static final int MAX_FILLED_CHARS = 4_000_000;

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([^{}]*?)\\s*\\}\\}");
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
          .maxDocumentLength(MAX_TEMPLATE_CHARS).build())
      .build()).build();

  private JsonTemplate() {}

  /** What {@link #scan} reports to; the caller's rules on names and places live in its implementation. */
  @API(status = INTERNAL, since = "0.1")
  public interface Visitor {
    /**
     * A placeholder in a string value.
     *
     * @param path where the string is, {@code /a/0/b} (keys as written, not escaped), empty for the root
     * @param token the placeholder as written, braces included
     * @param body the text between the braces, stripped
     * @param value the whole string value that holds it
     * @param whole whether the placeholder is the whole string value
     */
    void placeholder(String path, String token, String body, String value, boolean whole);

    /**
     * A key that holds <code>&#123;&#123;</code>: keys are never filled, so each caller decides whether that is an error.
     *
     * @param path the path of the object holding the key, {@code /} for the root
     */
    void placeholderInKey(String path, String key);
  }

  /**
   * Parses template text under the bounds.
   *
   * @throws JacksonException when the text is not JSON, is longer than {@link #MAX_TEMPLATE_CHARS} or nests deeper
   *     than {@link #MAX_DEPTH}; its original message says which
   */
  public static JsonNode read(String text) {
    return MAPPER.readTree(text);
  }

  /** The tree as compact JSON. */
  public static String write(JsonNode tree) {
    return MAPPER.writeValueAsString(tree);
  }

  /**
   * Reports every placeholder in string values and every key holding <code>&#123;&#123;</code>, in document order.
   *
   * @throws IllegalArgumentException when the tree nests deeper than {@link #MAX_DEPTH}
   */
  public static void scan(JsonNode tree, Visitor visitor) {
    scan(tree, "", visitor, 0);
  }

  private static void scan(JsonNode node, String path, Visitor visitor, int depth) {
    if (node.isObject()) {
      checkDepth(depth);
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        if (e.getKey().contains("{{")) {
          visitor.placeholderInKey(path.isEmpty() ? "/" : path, e.getKey());
        }
        scan(e.getValue(), path + "/" + e.getKey(), visitor, depth + 1);
      }
    } else if (node.isArray()) {
      checkDepth(depth);
      for (int i = 0; i < node.size(); i++) {
        scan(node.get(i), path + "/" + i, visitor, depth + 1);
      }
    } else if (node.isString() && node.stringValue().contains("{{")) {
      String s = node.stringValue();
      Matcher m = PLACEHOLDER.matcher(s);
      while (m.find()) {
        visitor.placeholder(path, m.group(), m.group(1), s, m.start() == 0 && m.end() == s.length());
      }
    }
  }

  /**
   * A new tree with every placeholder filled; the template is not changed. Keys are copied as written.
   *
   * @param values the node for a placeholder body; may throw, and the exception passes through unchanged. A node
   *     it returns is copied, never shared with the result.
   * @throws IllegalArgumentException when the tree nests deeper than {@link #MAX_DEPTH} or the substituted text
   *     would pass {@link #MAX_FILLED_CHARS}
   */
  public static JsonNode fill(JsonNode tree, Function<String, JsonNode> values) {
    return fill(tree, values, new int[1], 0);
  }

  private static JsonNode fill(JsonNode node, Function<String, JsonNode> values, int[] filled, int depth) {
    if (node.isObject()) {
      checkDepth(depth);
      ObjectNode out = NODES.objectNode();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        out.set(e.getKey(), fill(e.getValue(), values, filled, depth + 1));
      }
      return out;
    }
    if (node.isArray()) {
      checkDepth(depth);
      ArrayNode out = NODES.arrayNode(node.size());
      for (JsonNode item : node) {
        out.add(fill(item, values, filled, depth + 1));
      }
      return out;
    }
    if (!node.isString() || !node.stringValue().contains("{{")) {
      return node;
    }
    String s = node.stringValue();
    Matcher m = PLACEHOLDER.matcher(s);
    if (m.matches()) {
      JsonNode v = values.apply(m.group(1));
      count(filled, v.isString() ? v.stringValue().length() : 0);
      return v.deepCopy();
    }
    m.reset();
    StringBuilder out = new StringBuilder(s.length() + 32);
    while (m.find()) {
      JsonNode v = values.apply(m.group(1));
      String text = v.isString() ? v.stringValue() : write(v);
      count(filled, text.length());
      m.appendReplacement(out, Matcher.quoteReplacement(text));
    }
    m.appendTail(out);
    return NODES.stringNode(out.toString());
  }

  private static void count(int[] filled, int more) {
    if (more > MAX_FILLED_CHARS - filled[0]) {
      throw new IllegalArgumentException("the filled template would substitute more than " + MAX_FILLED_CHARS
          + " characters");
    }
    filled[0] += more;
  }

  private static void checkDepth(int depth) {
    if (depth >= MAX_DEPTH) {
      throw new IllegalArgumentException("the template nests deeper than " + MAX_DEPTH + " levels");
    }
  }
}
