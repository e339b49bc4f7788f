package dev.loadout.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Assertions on a tool's JSON Schema parameters, usually a variant's as the model saw it. Obtain one from
 * {@link PreparedTurnAssert#variantSchema(String)}.
 *
 * <pre>{@code
 * assertThat(turn).variantSchema("generate_image")
 *     .hasEnum("style", "photo", "anime")
 *     .doesNotHaveProperty("seed")
 *     .doesNotRequire("seed");
 * }</pre>
 *
 * <p>Property paths are written as in {@link dev.loadout.core.SchemaEdit}: a property name, and for nested
 * objects the names inside it separated by {@code /} ({@code "options/size"}). Enum values are compared
 * as text: a string's value, or any other value's JSON ({@code 1}, {@code true}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SchemaAssert extends AbstractAssert<SchemaAssert, ObjectNode> {
  private final String label;

  SchemaAssert(ObjectNode schema, String label) {
    super(schema, SchemaAssert.class);
    this.label = label;
  }

  /**
   * Checks that a property exists.
   *
   * @param path the property path
   * @return this assertion
   */
  public SchemaAssert hasProperty(String path) {
    isNotNull();
    if (find(path) == null) {
      failWithMessage("%nExpecting %s to have property [%s]%nbut %s", label, path, whyMissing(path));
    }
    return this;
  }

  /**
   * Checks that a property does not exist, for example after the variant dropped it.
   *
   * @param path the property path
   * @return this assertion
   */
  public SchemaAssert doesNotHaveProperty(String path) {
    isNotNull();
    JsonNode property = find(path);
    if (property != null) {
      failWithMessage("%nExpecting %s not to have property [%s]%nbut it has it:%n  %s", label, path, property);
    }
    return this;
  }

  /**
   * Checks a property's enum: exactly these values, in this order. For an array property whose items
   * carry the enum, checks the items' enum, as {@link dev.loadout.core.SchemaEdit#narrowEnum} narrows it.
   *
   * @param path the property path
   * @param values the expected values as text
   * @return this assertion
   */
  public SchemaAssert hasEnum(String path, String... values) {
    isNotNull();
    JsonNode property = find(path);
    if (property == null) {
      failWithMessage("%nExpecting %s to have property [%s] with enum %s%nbut %s", label, path,
          Arrays.toString(values), whyMissing(path));
    }
    JsonNode holder = property.has("enum") || !property.has("items") ? property : property.get("items");
    JsonNode actualEnum = holder.get("enum");
    if (actualEnum == null || !actualEnum.isArray()) {
      failWithMessage("%nExpecting property [%s] of %s to have enum %s%nbut it has no enum:%n  %s", path, label,
          Arrays.toString(values), property);
    }
    List<String> actual = new ArrayList<>();
    for (JsonNode v : actualEnum) {
      actual.add(v.isString() ? v.stringValue() : v.toString());
    }
    if (!actual.equals(Arrays.asList(values))) {
      failWithMessage("%nExpecting property [%s] of %s to have enum, in order:%n  %s%nbut had:%n  %s", path, label,
          Arrays.toString(values), actual);
    }
    return this;
  }

  /**
   * Checks that a property is listed in its parent object's {@code required}.
   *
   * @param path the property path
   * @return this assertion
   */
  public SchemaAssert requires(String path) {
    isNotNull();
    List<String> required = required(path);
    if (!required.contains(leaf(path))) {
      failWithMessage("%nExpecting %s to require [%s]%nbut required was %s", label, path, required);
    }
    return this;
  }

  /**
   * Checks that a property is not listed in its parent object's {@code required}, for example after the
   * variant dropped it together with its mentions.
   *
   * @param path the property path
   * @return this assertion
   */
  public SchemaAssert doesNotRequire(String path) {
    isNotNull();
    List<String> required = required(path);
    if (required.contains(leaf(path))) {
      failWithMessage("%nExpecting %s not to require [%s]%nbut required was %s", label, path, required);
    }
    return this;
  }

  private JsonNode find(String path) {
    JsonNode current = actual;
    for (String name : segments(path)) {
      JsonNode properties = current.get("properties");
      current = properties == null ? null : properties.get(name);
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  private String whyMissing(String path) {
    JsonNode current = actual;
    List<String> walked = new ArrayList<>();
    for (String name : segments(path)) {
      JsonNode properties = current.get("properties");
      JsonNode next = properties == null ? null : properties.get(name);
      if (next == null) {
        String where = walked.isEmpty() ? "the schema root" : "property [" + String.join("/", walked) + "]";
        return where + " has properties " + (properties == null ? List.of() : properties.propertyNames());
      }
      walked.add(name);
      current = next;
    }
    return "it exists";
  }

  private List<String> required(String path) {
    String[] names = segments(path);
    JsonNode parent = names.length == 1 ? actual : find(String.join("/", Arrays.copyOf(names, names.length - 1)));
    if (parent == null) {
      failWithMessage("%nExpecting %s to have the parent object of [%s]%nbut %s", label, path, whyMissing(path));
    }
    List<String> out = new ArrayList<>();
    for (JsonNode n : parent.path("required")) {
      out.add(n.isString() ? n.stringValue() : n.toString());
    }
    return out;
  }

  private static String leaf(String path) {
    String[] names = segments(path);
    return names[names.length - 1];
  }

  private static String[] segments(String path) {
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("property path must not be blank, but was "
          + (path == null ? "null" : "'" + path + "'"));
    }
    return path.split("/");
  }
}
