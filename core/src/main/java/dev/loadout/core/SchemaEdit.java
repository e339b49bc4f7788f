package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A per-turn variant of a {@link ToolSpec}, described as edits so tools never hand-edit JSON.
 *
 * <p>Property paths name a property and, for nested objects, the properties inside it, separated by
 * {@code /}: {@code "size"} or {@code "options/size"}. Edits apply in the order they were added.
 * {@link #build()} returns the same {@code ToolSpec} object for the same base spec and the same edits,
 * so a variant built on every turn costs a lookup, not a schema rewrite and a re-render.
 *
 * <pre>{@code
 * ToolSpec variant = spec.edit()
 *     .narrowEnum("style", ctx.flag("nsfw") ? allStyles : safeStyles)
 *     .dropProperties("seed")
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe; use one edit per thread. The result is immutable and shareable.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class SchemaEdit {
  /**
   * JSON Schema keywords that explain rather than constrain, which {@link #withoutAnnotations()} removes.
   * {@code default} is not one of them: it changes what a call means when a property is left out.
   */
  public static final Set<String> ANNOTATIONS = Set.of("description", "title", "examples", "$comment", "deprecated",
      "readOnly", "writeOnly", "markdownDescription");

  /** Keywords whose object values map names to subschemas: the names are data, never annotations. */
  private static final Set<String> NAMED_SCHEMAS = Set.of("properties", "patternProperties", "$defs", "definitions",
      "dependentSchemas");

  /** Keywords whose values are data, not schemas: nothing inside them is an annotation. */
  private static final Set<String> DATA = Set.of("enum", "const", "default", "required", "examples");

  private final ToolSpec base;
  private final List<Edit> edits = new ArrayList<>(4);

  SchemaEdit(ToolSpec base) {
    this.base = base;
  }

  /**
   * Keeps only the listed values of a property's {@code enum} (or of its array items' {@code enum}), in
   * the schema's original order. Values the enum does not have are ignored.
   *
   * @throws IllegalArgumentException if {@code allowed} is null
   */
  public SchemaEdit narrowEnum(String propertyPath, Collection<?> allowed) {
    if (allowed == null) {
      throw new IllegalArgumentException("allowed values for '" + propertyPath + "' must not be null");
    }
    boolean allStrings = true;
    for (Object v : allowed) {
      allStrings &= v instanceof String;
    }
    List<String> values;
    if (allStrings) {
      @SuppressWarnings("unchecked")
      Collection<String> strings = (Collection<String>) allowed;
      values = List.copyOf(strings); // no copy when it is already an immutable list
    } else {
      List<String> converted = new ArrayList<>(allowed.size());
      for (Object v : allowed) {
        converted.add(String.valueOf(v));
      }
      values = List.copyOf(converted);
    }
    edits.add(new NarrowEnum(checkPath(propertyPath), values));
    return this;
  }

  /**
   * Removes properties, and every mention of them in {@code required}, {@code dependentRequired},
   * {@code dependencies} and {@code propertyOrdering} of their parent object. A call that still carries a
   * dropped property is refused ({@code invalid_arguments}, naming it), whatever the schema says about
   * additional properties: a property the variant took away never reaches the tool.
   */
  public SchemaEdit dropProperties(String... propertyPaths) {
    for (String path : propertyPaths) {
      edits.add(new DropProperty(checkPath(path)));
    }
    return this;
  }

  /** Replaces one property's description. */
  public SchemaEdit propertyDescription(String propertyPath, String description) {
    if (description == null) {
      throw new IllegalArgumentException("description for '" + propertyPath + "' must not be null");
    }
    edits.add(new PropertyDescription(checkPath(propertyPath), description));
    return this;
  }

  /**
   * Removes explanatory annotations ({@link #ANNOTATIONS}) from the input schema at every level, keeping every
   * real constraint ({@code type}, {@code enum}, {@code minimum}, {@code required}, {@code pattern}, …). A
   * property that happens to be called {@code description} stays. Used with {@link #description(String)} when
   * an operator's own wording replaces the tool's, so the schema's wording cannot contradict it.
   */
  public SchemaEdit withoutAnnotations() {
    edits.add(StripAnnotations.INSTANCE);
    return this;
  }

  /** Replaces the tool's description. */
  public SchemaEdit description(String description) {
    if (description == null) {
      throw new IllegalArgumentException("description of tool '" + base.name() + "' must not be null");
    }
    edits.add(new ToolDescription(description));
    return this;
  }

  /**
   * The variant. With no edits this is the base spec itself.
   *
   * @throws IllegalArgumentException if a path names a property the schema does not have, a narrowed
   *     property has no {@code enum}, or narrowing leaves no value (hide the tool instead)
   */
  public ToolSpec build() {
    if (edits.isEmpty()) {
      return base;
    }
    // The warm path: a lookup with the edit list as it is, no copy and no capturing lambda.
    ToolSpec known = base.variants().getIfPresent(edits);
    return known != null ? known : base.variants().get(List.copyOf(edits), this::apply);
  }

  private ToolSpec apply(List<Edit> edits) {
    ObjectNode schema = base.parameters();
    String description = base.description();
    List<String> dropped = new ArrayList<>();
    for (Edit edit : edits) {
      if (edit instanceof ToolDescription) {
        description = ((ToolDescription) edit).description;
      } else {
        edit.apply(base.name(), schema);
        if (edit instanceof DropProperty) {
          dropped.add(((DropProperty) edit).path);
        }
      }
    }
    ToolSpec variant = base.toBuilderWith(schema).description(description).build();
    return dropped.isEmpty() ? variant : variant.withDropped(dropped);
  }

  private static String checkPath(String path) {
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("property path must not be blank, but was " + (path == null ? "null" : "'" + path + "'"));
    }
    return path;
  }

  /** One edit; records so that equal edit lists are equal memo keys. */
  interface Edit {
    void apply(String tool, ObjectNode schema);
  }

  private static ObjectNode parentOf(String tool, ObjectNode schema, String[] path) {
    ObjectNode current = schema;
    for (int i = 0; i < path.length - 1; i++) {
      current = property(tool, current, path, i);
    }
    return current;
  }

  private static ObjectNode property(String tool, ObjectNode object, String[] path, int index) {
    JsonNode properties = object.get("properties");
    JsonNode p = properties == null ? null : properties.get(path[index]);
    if (!(p instanceof ObjectNode)) {
      throw new IllegalArgumentException("tool '" + tool + "' has no property '"
          + String.join("/", Arrays.copyOf(path, index + 1)) + "'");
    }
    return (ObjectNode) p;
  }

  private static final class NarrowEnum implements Edit {
    final String path;
    final List<String> allowed;

    NarrowEnum(String path, List<String> allowed) {
      this.path = path;
      this.allowed = allowed;
    }

    @Override
    public void apply(String tool, ObjectNode schema) {
      String[] p = path.split("/");
      ObjectNode property = property(tool, parentOf(tool, schema, p), p, p.length - 1);
      ObjectNode holder = property;
      if (!(holder.get("enum") instanceof ArrayNode) && holder.get("items") instanceof ObjectNode) {
        holder = (ObjectNode) holder.get("items");
      }
      if (!(holder.get("enum") instanceof ArrayNode)) {
        throw new IllegalArgumentException("property '" + path + "' of tool '" + tool + "' has no enum to narrow");
      }
      Set<String> keep = new HashSet<>(allowed);
      ArrayNode narrowed = Json.array();
      for (JsonNode v : holder.get("enum")) {
        if (keep.contains(v.isString() ? v.stringValue() : v.toString())) {
          narrowed.add(v);
        }
      }
      if (narrowed.isEmpty()) {
        throw new IllegalArgumentException("narrowing enum '" + path + "' of tool '" + tool
            + "' to " + allowed + " leaves no value; hide the tool instead");
      }
      holder.set("enum", narrowed);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof NarrowEnum && ((NarrowEnum) o).path.equals(path) && ((NarrowEnum) o).allowed.equals(allowed);
    }

    @Override
    public int hashCode() {
      return 31 * path.hashCode() + allowed.hashCode();
    }
  }

  private static final class DropProperty implements Edit {
    final String path;

    DropProperty(String path) {
      this.path = path;
    }

    @Override
    public void apply(String tool, ObjectNode schema) {
      String[] p = path.split("/");
      ObjectNode parent = parentOf(tool, schema, p);
      property(tool, parent, p, p.length - 1);
      String name = p[p.length - 1];
      ((ObjectNode) parent.get("properties")).remove(name);
      removeFromArray(parent, "required", name);
      removeFromArray(parent, "propertyOrdering", name);
      for (String key : List.of("dependentRequired", "dependencies")) {
        JsonNode deps = parent.get(key);
        if (deps instanceof ObjectNode) {
          ObjectNode d = (ObjectNode) deps;
          d.remove(name);
          for (String other : new ArrayList<>(d.propertyNames())) {
            removeFromArray(d, other, name);
          }
          if (d.isEmpty()) {
            parent.remove(key);
          }
        }
      }
    }

    private static void removeFromArray(ObjectNode holder, String key, String value) {
      JsonNode array = holder.get(key);
      if (array instanceof ArrayNode) {
        ArrayNode a = (ArrayNode) array;
        for (int i = a.size() - 1; i >= 0; i--) {
          if (value.equals(Json.string(a.get(i)))) {
            a.remove(i);
          }
        }
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof DropProperty && ((DropProperty) o).path.equals(path);
    }

    @Override
    public int hashCode() {
      return path.hashCode();
    }
  }

  private static final class PropertyDescription implements Edit {
    final String path;
    final String description;

    PropertyDescription(String path, String description) {
      this.path = path;
      this.description = description;
    }

    @Override
    public void apply(String tool, ObjectNode schema) {
      String[] p = path.split("/");
      property(tool, parentOf(tool, schema, p), p, p.length - 1).put("description", description);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PropertyDescription && ((PropertyDescription) o).path.equals(path)
          && ((PropertyDescription) o).description.equals(description);
    }

    @Override
    public int hashCode() {
      return 31 * path.hashCode() + description.hashCode();
    }
  }

  private static final class ToolDescription implements Edit {
    final String description;

    ToolDescription(String description) {
      this.description = description;
    }

    @Override
    public void apply(String tool, ObjectNode schema) {
      // Applied by SchemaEdit itself: it changes the spec, not the schema.
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ToolDescription && ((ToolDescription) o).description.equals(description);
    }

    @Override
    public int hashCode() {
      return description.hashCode();
    }
  }

  private static final class StripAnnotations implements Edit {
    static final StripAnnotations INSTANCE = new StripAnnotations();

    @Override
    public void apply(String tool, ObjectNode schema) {
      strip(schema);
    }

    /** Removes annotations from one schema object and the schemas nested in it. */
    private static void strip(JsonNode schema) {
      if (schema instanceof ArrayNode array) {
        array.forEach(StripAnnotations::strip); // allOf, anyOf, oneOf, prefixItems, tuple items
        return;
      }
      if (!(schema instanceof ObjectNode object)) {
        return;
      }
      List<String> annotations = new ArrayList<>(2);
      for (String name : object.propertyNames()) {
        if (ANNOTATIONS.contains(name)) {
          annotations.add(name);
        }
      }
      object.remove(annotations);
      for (java.util.Map.Entry<String, JsonNode> e : object.properties()) {
        if (DATA.contains(e.getKey())) {
          continue;
        }
        if (NAMED_SCHEMAS.contains(e.getKey())) {
          e.getValue().forEach(StripAnnotations::strip);
        } else {
          strip(e.getValue());
        }
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof StripAnnotations;
    }

    @Override
    public int hashCode() {
      return StripAnnotations.class.hashCode();
    }
  }
}
