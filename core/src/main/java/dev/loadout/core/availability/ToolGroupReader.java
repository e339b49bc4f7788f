package dev.loadout.core.availability;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads the owner's {@code tool_groups} settings leniently, the way the seed's bot does: a setting
 * that cannot be read turns its group off with one warning, a {@code tool_groups} value that is not a
 * mapping is ignored with one warning, and nothing here throws for bad content. Only YAML text that is
 * not YAML at all is refused, in {@link #yamlToJava(String)}.
 *
 * <p>YAML goes through Jackson's tree first so that integers keep every digit: a Discord id such as
 * {@code 123456789012345678} stays an exact integer and becomes the same text a host passes as
 * {@code channelId}. Floating-point numbers are refused as ids because a double has already rounded them.
 */
final class ToolGroupReader {
  static final String TOOL_GROUPS = "tool_groups";
  private static final String ENABLED = "enabled";
  private static final String CHANNELS = "channels";
  private static final String EXCLUDE_CHANNELS = "exclude_channels";
  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final int MAX_ECHO = 40;

  private final Pattern channelIdPattern;
  private final String idShape;
  private final ToolGroupWarnings warnings;

  ToolGroupReader(Pattern channelIdPattern, String idShape, ToolGroupWarnings warnings) {
    this.channelIdPattern = channelIdPattern;
    this.idShape = idShape;
    this.warnings = warnings;
  }

  /**
   * Parses YAML text into plain Java values (maps, lists, strings, booleans, {@link BigInteger} for
   * integers, {@link Double} for other numbers); null for an empty document.
   *
   * @throws IllegalArgumentException if the text is not YAML; the message names the problem and its line
   *     but quotes no text from the document, which may hold credentials next to {@code tool_groups}
   */
  static Object yamlToJava(String yaml) {
    JsonNode root;
    try {
      root = YAML.readTree(yaml);
    } catch (JacksonException e) {
      String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
          + e.getLocation().getColumnNr();
      throw new IllegalArgumentException("tool group configuration is not valid YAML" + where + ": " + problemLines(e), e);
    }
    return root == null || root.isMissingNode() ? null : toJava(root);
  }

  /** The parser's own sentences, without the quoted source lines and carets that follow them. */
  private static String problemLines(JacksonException e) {
    String original = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage();
    List<String> kept = new ArrayList<>();
    for (String line : original.split("\\R")) {
      if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
        kept.add(line.strip());
      }
    }
    String joined = String.join("; ", kept);
    return joined.length() > 200 ? joined.substring(0, 200) + "…" : joined;
  }

  private static Object toJava(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        map.put(e.getKey(), toJava(e.getValue()));
      }
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      for (JsonNode element : node) {
        list.add(toJava(element));
      }
      return list;
    }
    if (node.isIntegralNumber()) {
      return node.bigIntegerValue();
    }
    if (node.isNumber()) {
      // YAML floats were parsed as doubles and may already have lost digits; keep them doubles so ids refuse them.
      return node.doubleValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isNull()) {
      return null;
    }
    return node.isString() ? node.stringValue() : node.toString();
  }

  /** Reads a whole configuration document: a mapping whose {@code tool_groups} entry holds the groups. */
  Map<String, ToolGroupRule> readDocument(Object document) {
    if (document == null) {
      return Map.of();
    }
    if (!(document instanceof Map)) {
      warnings.warn("Tool group configuration must be a mapping with a " + TOOL_GROUPS + " entry, but was "
          + describe(document) + "; no tool group limits apply");
      return Map.of();
    }
    Object groups = ((Map<?, ?>) document).get(TOOL_GROUPS);
    if (groups == null) {
      // Absent, or "tool_groups:" with every entry commented out: no limits, nothing to warn about.
      return Map.of();
    }
    if (!(groups instanceof Map)) {
      warnings.warn(TOOL_GROUPS + " must be a mapping of group names to settings, but was " + describe(groups)
          + "; it is ignored and no tool group limits apply");
      return Map.of();
    }
    try {
      return readGroups((Map<?, ?>) groups);
    } catch (RuntimeException | StackOverflowError unreadable) {
      // A host's own mapping that cannot even be iterated; nothing of it can be trusted.
      warnings.warn(TOOL_GROUPS + " could not be read (" + unreadable.getClass().getSimpleName()
          + "); it is ignored and no tool group limits apply");
      return Map.of();
    }
  }

  private Map<String, ToolGroupRule> readGroups(Map<?, ?> groups) {
    Map<String, ToolGroupRule> rules = new LinkedHashMap<>();
    Map<String, String> spelling = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : groups.entrySet()) {
      String raw = keyText(e.getKey());
      String group = normalize(raw);
      if (group.isEmpty()) {
        warnings.warn(TOOL_GROUPS + " has an entry with a blank group name; it is ignored");
        continue;
      }
      String earlier = spelling.putIfAbsent(group, raw);
      ToolGroupRule rule = earlier == null ? readGroupSafely(group, e.getValue())
          : ToolGroupRule.unreadable(group, "the group is named twice ([" + echo(earlier) + "] and [" + echo(raw) + "])");
      rules.put(group, rule);
    }
    rules.values().forEach(rule -> rule.problem().ifPresent(problem -> warnings.warn("Tool group [" + rule.group()
        + "] is turned off in every channel because its " + TOOL_GROUPS + " settings cannot be read: " + problem)));
    return rules;
  }

  private ToolGroupRule readGroupSafely(String group, Object settings) {
    try {
      return readGroup(group, settings);
    } catch (RuntimeException | StackOverflowError unreadable) {
      return ToolGroupRule.unreadable(group, "its settings could not be read (" + unreadable.getClass().getSimpleName() + ")");
    }
  }

  private ToolGroupRule readGroup(String group, Object settings) {
    if (!(settings instanceof Map)) {
      return ToolGroupRule.unreadable(group, "its settings must be a mapping, but were " + describe(settings));
    }
    List<String> problems = new ArrayList<>();
    boolean enabled = true;
    Set<String> channels = new LinkedHashSet<>();
    Set<String> excluded = new LinkedHashSet<>();
    Set<String> given = new LinkedHashSet<>();
    for (Map.Entry<?, ?> e : ((Map<?, ?>) settings).entrySet()) {
      String raw = keyText(e.getKey());
      String key = normalize(raw);
      if (!given.add(key)) {
        problems.add("setting [" + key + "] is given twice");
        continue;
      }
      switch (key) {
        case ENABLED:
          Boolean on = readSwitch(e.getValue());
          if (on == null) {
            problems.add(ENABLED + ": " + describe(e.getValue()) + " is not one of true/false, yes/no, on/off, 1/0");
          } else {
            enabled = on;
          }
          break;
        case CHANNELS:
          readIds(CHANNELS, e.getValue(), channels, problems);
          break;
        case EXCLUDE_CHANNELS:
          readIds(EXCLUDE_CHANNELS, e.getValue(), excluded, problems);
          break;
        default:
          problems.add("unknown setting [" + echo(raw) + "] (known: " + ENABLED + ", " + CHANNELS + ", " + EXCLUDE_CHANNELS + ")");
      }
    }
    return problems.isEmpty() ? new ToolGroupRule(group, enabled, channels, excluded, null)
        : ToolGroupRule.unreadable(group, String.join("; ", problems));
  }

  /** true/false, yes/no, on/off, 1/0 as text in any case, a boolean, or the integers 1 and 0; else null. */
  private static Boolean readSwitch(Object value) {
    if (value instanceof Boolean) {
      return (Boolean) value;
    }
    String text = value instanceof String ? ((String) value).strip().toLowerCase(Locale.ROOT)
        : integer(value) != null ? integer(value).toString() : null;
    if (text == null) {
      return null;
    }
    switch (text) {
      case "true": case "yes": case "on": case "1":
        return Boolean.TRUE;
      case "false": case "no": case "off": case "0":
        return Boolean.FALSE;
      default:
        return null;
    }
  }

  /** A list of ids or a single id; every element must read, or the setting is a problem. */
  private void readIds(String setting, Object value, Set<String> into, List<String> problems) {
    if (value == null) {
      problems.add(setting + ": (empty) is not an id or a list of ids; write [] for none");
      return;
    }
    Collection<?> elements = value instanceof Collection ? (Collection<?>) value : List.of(value);
    for (Object element : elements) {
      String id = readId(element);
      if (id == null) {
        problems.add(setting + ": " + describe(element) + (element instanceof Double || element instanceof Float
            || element instanceof BigDecimal ? " is a floating-point number, which cannot hold an id exactly;"
            + " write it as a whole number or quote it" : " is not " + idShape));
        return;
      }
      into.add(id);
    }
  }

  private String readId(Object value) {
    BigInteger n = integer(value);
    String id = n != null ? n.toString() : value instanceof String ? ((String) value).strip() : null;
    return id != null && channelIdPattern.matcher(id).matches() ? id : null;
  }

  /** An exact integer of any Java integer type; null for anything else, including every double. */
  private static BigInteger integer(Object value) {
    if (value instanceof BigInteger) {
      return (BigInteger) value;
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return BigInteger.valueOf(((Number) value).longValue());
    }
    if (value instanceof BigDecimal) {
      try {
        return ((BigDecimal) value).toBigIntegerExact();
      } catch (ArithmeticException notWhole) {
        return null;
      }
    }
    return null;
  }

  static String normalize(String name) {
    return name.strip().toLowerCase(Locale.ROOT);
  }

  /** Names the kind of a value and echoes a short prefix of it, in brackets. */
  private static String describe(Object value) {
    if (value == null) {
      return "(empty)";
    }
    if (value instanceof String && ((String) value).isBlank()) {
      return "(blank)";
    }
    if (value instanceof Map) {
      return "a mapping";
    }
    if (value instanceof Collection) {
      return "a list [" + text(value) + "]";
    }
    return "[" + text(value) + "]";
  }

  /** A key as text: a string as it is, anything else as {@link #text(Object)} gives it. */
  private static String keyText(Object key) {
    return key == null ? "" : key instanceof String ? (String) key : text(key);
  }

  /**
   * Any value as at most {@value #MAX_ECHO} characters (plus an ellipsis), never by a collection's or mapping's
   * own {@code toString}: a host's YAML reader turns anchors into structures that contain themselves, whose
   * {@code toString} never ends. Lists show two levels, mappings none; a value whose {@code toString} fails is
   * named by its type.
   */
  static String text(Object value) {
    StringBuilder b = new StringBuilder();
    try {
      append(b, value, 0);
    } catch (RuntimeException | StackOverflowError e) {
      b.append("…");
    }
    return b.length() <= MAX_ECHO ? b.toString() : b.substring(0, MAX_ECHO) + "…";
  }

  private static void append(StringBuilder b, Object value, int depth) {
    if (b.length() > MAX_ECHO) {
      return;
    }
    if (value == null) {
      b.append("null");
    } else if (value instanceof Map) {
      b.append("{…}");
    } else if (value instanceof Collection) {
      if (depth >= 2) {
        b.append("[…]");
        return;
      }
      b.append('[');
      boolean first = true;
      for (Object element : (Collection<?>) value) {
        if (b.length() > MAX_ECHO) {
          break;
        }
        b.append(first ? "" : ", ");
        first = false;
        append(b, element, depth + 1);
      }
      b.append(']');
    } else {
      String s;
      try {
        s = String.valueOf(value);
      } catch (RuntimeException | StackOverflowError e) {
        s = "(a " + value.getClass().getName() + ")";
      }
      b.append(s.length() > MAX_ECHO ? s.substring(0, MAX_ECHO + 1) : s);
    }
  }

  /** Config text is the owner's, but a stray secret must not land whole in a log line. */
  private static String echo(String text) {
    return text.length() <= MAX_ECHO ? text : text.substring(0, MAX_ECHO) + "…";
  }
}
