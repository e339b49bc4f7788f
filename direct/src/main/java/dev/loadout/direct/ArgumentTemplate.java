package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.internal.json.JsonTemplate;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON argument template, substituted structurally: the template is parsed once, and expansion replaces
 * placeholders inside string values of the parsed tree, so message text can never add keys, close a string
 * or change a type. No code runs.
 *
 * <table>
 * <caption>Placeholders</caption>
 * <tr><td>{@code {{input}}}</td><td>text after the slash command or prefix; regex group 1, or the whole match</td></tr>
 * <tr><td>{@code {{message}}}, {@code {{match}}}</td><td>the whole message; the matched text</td></tr>
 * <tr><td>{@code {{1}}} … {@code {{9}}}</td><td>regex capture groups, as strings</td></tr>
 * <tr><td>{@code "{{number:input}}"}, {@code "{{boolean:1}}"}</td><td>a JSON number or boolean; must be the
 * whole string value</td></tr>
 * </table>
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ArgumentTemplate {
  static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Pattern NAME = Pattern.compile("input|message|match|[1-9]");
  private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d{1,4})?");
  private static final Map<String, Boolean> BOOLEANS = Map.ofEntries(Map.entry("true", true), Map.entry("false", false),
      Map.entry("yes", true), Map.entry("no", false), Map.entry("on", true), Map.entry("off", false),
      Map.entry("1", true), Map.entry("0", false), Map.entry("是", true), Map.entry("否", false),
      Map.entry("开", true), Map.entry("关", false));

  private final ObjectNode tree;
  private final String text;
  private final int maxGroup;
  private final boolean usesInput;

  private ArgumentTemplate(ObjectNode tree, String text, int maxGroup, boolean usesInput) {
    this.tree = tree;
    this.text = text;
    this.maxGroup = maxGroup;
    this.usesInput = usesInput;
  }

  /**
   * Parses and checks a template.
   *
   * @throws IllegalArgumentException naming every problem, if the text is not a JSON object or a placeholder is
   *     unknown or misplaced
   */
  public static ArgumentTemplate of(String template) {
    List<String> problems = new ArrayList<>();
    ArgumentTemplate t = parse(template, problems);
    if (t == null) {
      throw new IllegalArgumentException("template " + String.join("; ", problems));
    }
    return t;
  }

  /**
   * The default template of a tool whose schema has exactly one required property, of type string:
   * {@code {"<property>":"{{input}}"}}. Other tools need an explicit template.
   */
  public static Optional<ArgumentTemplate> defaultFor(ObjectNode parameters) {
    JsonNode required = parameters.get("required");
    if (required == null || !required.isArray() || required.size() != 1 || !required.get(0).isString()) {
      return Optional.empty();
    }
    String name = required.get(0).stringValue();
    JsonNode property = parameters.path("properties").path(name);
    if (!property.path("type").isString() || !"string".equals(property.path("type").stringValue())) {
      return Optional.empty();
    }
    ObjectNode tree = NODES.objectNode();
    tree.put(name, "{{input}}");
    return Optional.of(new ArgumentTemplate(tree, MAPPER.writeValueAsString(tree), 0, true));
  }

  static ArgumentTemplate parse(String template, List<String> problems) {
    JsonNode tree;
    try {
      tree = JsonTemplate.read(template);
    } catch (JacksonException e) {
      problems.add("must be JSON, but " + e.getOriginalMessage());
      return null;
    }
    if (tree == null || !tree.isObject()) {
      problems.add("must be a JSON object, but was " + (tree == null ? "empty" : tree.getNodeType().toString().toLowerCase(Locale.ROOT)));
      return null;
    }
    int before = problems.size();
    Check check = new Check(problems);
    JsonTemplate.scan(tree, check);
    return problems.size() == before
        ? new ArgumentTemplate((ObjectNode) tree, MAPPER.writeValueAsString(tree), check.maxGroup, check.usesInput) : null;
  }

  /** The template's own rules on what the engine finds: known names, typed placeholders whole, no keys. */
  private static final class Check implements JsonTemplate.Visitor {
    private final List<String> problems;
    int maxGroup;
    boolean usesInput;

    Check(List<String> problems) {
      this.problems = problems;
    }

    @Override
    public void placeholderInKey(String path, String key) {
      problems.add("key [" + key + "] at " + path + " must not hold a placeholder; placeholders go in string values");
    }

    @Override
    public void placeholder(String path, String token, String body, String value, boolean whole) {
      int colon = body.indexOf(':');
      String name = colon < 0 ? body : body.substring(colon + 1).strip();
      if (colon >= 0) {
        String type = body.substring(0, colon).strip();
        if (!type.equals("number") && !type.equals("boolean")) {
          problems.add("placeholder [" + token + "] at " + path + " has an unknown type [" + type
              + "]; use number or boolean");
          return;
        }
        if (!whole) {
          problems.add("placeholder [" + token + "] at " + path + " must be the whole string value, but the value was ["
              + value + "]");
        }
      }
      if (!NAME.matcher(name).matches()) {
        problems.add("placeholder [" + token + "] at " + path + " is unknown; use input, message, match or 1…9");
        return;
      }
      if (Character.isDigit(name.charAt(0))) {
        maxGroup = Math.max(maxGroup, name.charAt(0) - '0');
      } else if (name.equals("input")) {
        usesInput = true;
      }
    }
  }

  /** The highest capture group the template uses, 0 for none. */
  public int maxGroup() {
    return maxGroup;
  }

  /** Whether the template uses {@code {{input}}}. */
  public boolean usesInput() {
    return usesInput;
  }

  /** The template as compact JSON. */
  public String text() {
    return text;
  }

  /**
   * Expands the template for one match.
   *
   * @return the arguments, or the problem (a missing parameter or a value of the wrong type)
   */
  Expansion expand(Values values) {
    try {
      return new Expansion((ObjectNode) JsonTemplate.fill(tree, body -> value(body, values)), null);
    } catch (MissingValue e) {
      return new Expansion(null, e.getMessage());
    } catch (IllegalArgumentException tooLarge) {
      return new Expansion(null, tooLarge.getMessage());
    }
  }

  /** What a match supplies: input, whole message, matched text, and groups 1… (null where a group took no part). */
  record Values(String input, String message, String match, List<String> groups) {
    String get(String name) {
      return switch (name) {
        case "input" -> input;
        case "message" -> message;
        case "match" -> match;
        default -> {
          int g = name.charAt(0) - '0';
          yield g <= groups.size() ? groups.get(g - 1) : null;
        }
      };
    }
  }

  /** Expanded arguments, or why there are none. */
  record Expansion(ObjectNode arguments, String problem) {}

  private static final class MissingValue extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingValue(String message) {
      super(message, null, false, false);
    }
  }

  /** A typed placeholder is always a whole string value ({@code parse} refuses others), so it may become a number. */
  private static JsonNode value(String body, Values values) {
    int colon = body.indexOf(':');
    String name = colon < 0 ? body : body.substring(colon + 1).strip();
    String value = required(name, values);
    return colon < 0 ? NODES.stringNode(value) : typed(body.substring(0, colon).strip(), name, value.strip());
  }

  private static String required(String name, Values values) {
    String v = values.get(name);
    if (v == null || v.isBlank()) {
      throw new MissingValue("missing parameter: {{" + name + "}} is empty");
    }
    return v;
  }

  private static JsonNode typed(String type, String name, String value) {
    if (type.equals("boolean")) {
      Boolean b = BOOLEANS.get(value.toLowerCase(Locale.ROOT));
      if (b == null) {
        throw new MissingValue("type error: {{" + name + "}} must be true or false, but was [" + value + "]");
      }
      return NODES.booleanNode(b);
    }
    if (!NUMBER.matcher(value).matches()) {
      throw new MissingValue("type error: {{" + name + "}} must be a number, but was [" + value + "]");
    }
    BigDecimal d = new BigDecimal(value.startsWith("+") ? value.substring(1) : value);
    try {
      long whole = d.longValueExact();
      // The node a JSON parser would make for the same digits, so expanded and parsed arguments compare equal.
      return whole == (int) whole ? NODES.numberNode((int) whole) : NODES.numberNode(whole);
    } catch (ArithmeticException notWhole) {
      return NODES.numberNode(d);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArgumentTemplate && ((ArgumentTemplate) o).text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return "ArgumentTemplate" + text;
  }
}
