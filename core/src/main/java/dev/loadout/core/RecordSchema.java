package dev.loadout.core;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of a typed tool's arguments, generated from a record class.
 *
 * <p>Why a generator of our own: the well-kept one (victools' jsonschema-generator) is built on Jackson 2, and core
 * stays on Jackson 3 alone. The shapes a tool's arguments need are few, so the generator is small and its output is
 * plain: every object inline (no {@code $ref}, which some provider dialects refuse), records closed with
 * {@code additionalProperties: false}, nothing a model would have to guess. What it produces is compiled by
 * {@link ToolSpec.Builder#build()} like any hand-written schema.
 *
 * <p>Mapping: {@code String} is a string; {@code boolean} a boolean; {@code byte}, {@code short}, {@code int},
 * {@code long} and {@code BigInteger} (boxed or not) an integer; {@code float}, {@code double} and
 * {@code BigDecimal} a number; an enum a string with the constants as Jackson writes them; {@code List}, a
 * {@code Set} ({@code uniqueItems}) or an array an array; {@code Map<String, V>} an object whose
 * {@code additionalProperties} is V's schema; a record an object. {@code Optional}, {@code OptionalInt},
 * {@code OptionalLong} and {@code OptionalDouble} are allowed only as a record component, where they make the
 * property optional. Anything else is refused with a message naming the component's path.
 *
 * <p>Recursion is bounded twice over: a record that refers to itself (directly or through others) is refused, since
 * a model cannot be shown an infinite schema inline, and nesting deeper than {@link #MAX_DEPTH} is refused, so a
 * long chain of distinct records cannot build a schema no model would fill in.
 */
final class RecordSchema {
  /** The deepest nesting of objects and arrays a generated schema may have. */
  static final int MAX_DEPTH = 16;

  private final Deque<Class<?>> records = new ArrayDeque<>();

  private RecordSchema() {}

  /**
   * The parameters schema for a record: an object of its components.
   *
   * @throws IllegalArgumentException naming the component path if a type cannot be mapped
   */
  static ObjectNode of(Class<?> type) {
    if (type == null || !type.isRecord()) {
      throw new IllegalArgumentException("typed tool arguments must be a record class, but was " + type);
    }
    ObjectNode root = new RecordSchema().record(type, type.getSimpleName(), 1);
    // The tool's description carries the record's; repeating it at the root would only cost tokens.
    root.remove("description");
    return root;
  }

  private ObjectNode record(Class<?> type, String where, int depth) {
    if (records.contains(type)) {
      throw new IllegalArgumentException("record " + type.getName() + " refers to itself at " + where
          + "; a typed tool's arguments must be a finite tree, so break the cycle (an id, or a separate record)");
    }
    if (depth > MAX_DEPTH) {
      throw new IllegalArgumentException(where + " nests deeper than " + MAX_DEPTH
          + " objects and arrays, the most a typed tool's arguments may");
    }
    records.push(type);
    ObjectNode schema = Json.object();
    schema.put("type", "object");
    describe(schema, type.getAnnotation(Description.class), where);
    ObjectNode properties = schema.putObject("properties");
    ArrayNode required = Json.array();
    for (RecordComponent c : type.getRecordComponents()) {
      String path = where + "." + c.getName();
      List<Annotation> declared = declarationAnnotations(type, c);
      DefaultValue dflt = c.getAnnotation(DefaultValue.class);
      Class<?> raw = c.getType();
      boolean optional = raw == Optional.class || raw == OptionalInt.class || raw == OptionalLong.class
          || raw == OptionalDouble.class;
      if (optional && (dflt != null || Constraints.notNull(declared))) {
        throw new IllegalArgumentException(path + " is Optional and also " + (dflt != null ? "@DefaultValue" : "@NotNull")
            + "; use one or the other");
      }
      ObjectNode property;
      if (raw == Optional.class) {
        AnnotatedType inner = typeArgument(c.getAnnotatedType(), 0, path);
        property = value(inner, path, depth + 1, declared);
      } else if (optional) {
        Class<?> primitive = raw == OptionalInt.class ? int.class : raw == OptionalLong.class ? long.class : double.class;
        property = scalar(primitive, path);
        Constraints.apply(property, property.get("type").stringValue(), declared, path);
      } else {
        property = value(c.getAnnotatedType(), path, depth + 1, declared);
      }
      describe(property, c.getAnnotation(Description.class), path);
      if (dflt != null) {
        property.set("default", defaultValue(dflt, property, path));
      } else if (!optional) {
        required.add(c.getName());
      }
      properties.set(c.getName(), property);
    }
    if (!required.isEmpty()) {
      schema.set("required", required);
    }
    schema.put("additionalProperties", false);
    records.pop();
    return schema;
  }

  /**
   * Annotations written on the component. A Bean Validation constraint targets fields, methods and parameters (and
   * type uses), not record components, so javac copies it to the field and the accessor: read both, and the
   * component itself for annotations that do target it.
   */
  private static List<Annotation> declarationAnnotations(Class<?> type, RecordComponent c) {
    Map<Class<?>, Annotation> out = new LinkedHashMap<>();
    for (Annotation a : c.getAnnotations()) {
      out.putIfAbsent(a.annotationType(), a);
    }
    for (Annotation a : c.getAccessor().getAnnotations()) {
      out.putIfAbsent(a.annotationType(), a);
    }
    try {
      Field f = type.getDeclaredField(c.getName());
      for (Annotation a : f.getAnnotations()) {
        out.putIfAbsent(a.annotationType(), a);
      }
    } catch (NoSuchFieldException e) {
      // Every record component has its field; nothing more to read if a tool rewrote the class.
    }
    return new ArrayList<>(out.values());
  }

  private ObjectNode value(AnnotatedType annotated, String where, int depth, Collection<Annotation> declared) {
    Map<Class<?>, Annotation> annotations = new LinkedHashMap<>();
    for (Annotation a : annotated.getAnnotations()) {
      annotations.putIfAbsent(a.annotationType(), a);
    }
    for (Annotation a : declared) {
      annotations.putIfAbsent(a.annotationType(), a);
    }
    Type type = annotated.getType();
    Class<?> raw = raw(type, where);
    ObjectNode schema;
    if (raw == Optional.class || raw == OptionalInt.class || raw == OptionalLong.class || raw == OptionalDouble.class) {
      throw new IllegalArgumentException(where + " is an Optional inside a container; Optional is allowed only as a"
          + " record component, where it makes the property optional");
    } else if (raw.isRecord()) {
      schema = record(raw, where, depth);
    } else if (raw.isEnum()) {
      if (raw.getEnumConstants().length == 0) {
        throw new IllegalArgumentException(where + " is the enum " + raw.getName() + ", which has no constants a model"
            + " could send");
      }
      schema = enumeration(raw);
    } else if (raw == List.class || raw == Set.class || raw == Collection.class) {
      schema = container(depth, where);
      schema.put("type", "array");
      schema.set("items", value(typeArgument(annotated, 0, where), where + "[]", depth + 1, List.of()));
      if (raw == Set.class) {
        schema.put("uniqueItems", true);
      }
    } else if (raw.isArray() && raw != byte[].class && annotated instanceof AnnotatedArrayType) {
      schema = container(depth, where);
      schema.put("type", "array");
      AnnotatedType element = ((AnnotatedArrayType) annotated).getAnnotatedGenericComponentType();
      schema.set("items", value(element, where + "[]", depth + 1, List.of()));
    } else if (raw == Map.class) {
      AnnotatedType key = typeArgument(annotated, 0, where);
      if (key.getType() != String.class) {
        throw new IllegalArgumentException(where + " is a map with keys of " + key.getType().getTypeName()
            + "; JSON object keys are strings, so use Map<String, V>");
      }
      schema = container(depth, where);
      schema.put("type", "object");
      schema.set("additionalProperties", value(typeArgument(annotated, 1, where), where + "{}", depth + 1, List.of()));
    } else {
      schema = scalar(raw, where);
    }
    Constraints.apply(schema, schema.get("type").stringValue(), annotations.values(), where);
    return schema;
  }

  private static ObjectNode container(int depth, String where) {
    if (depth > MAX_DEPTH) {
      throw new IllegalArgumentException(where + " nests deeper than " + MAX_DEPTH
          + " objects and arrays, the most a typed tool's arguments may");
    }
    return Json.object();
  }

  private static ObjectNode scalar(Class<?> raw, String where) {
    ObjectNode schema = Json.object();
    if (raw == String.class) {
      schema.put("type", "string");
    } else if (raw == boolean.class || raw == Boolean.class) {
      schema.put("type", "boolean");
    } else if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class
        || raw == short.class || raw == Short.class || raw == byte.class || raw == Byte.class || raw == BigInteger.class) {
      // No range keywords for int or long: they would cost every turn's tokens, and binding refuses an overflow anyway.
      schema.put("type", "integer");
    } else if (raw == double.class || raw == Double.class || raw == float.class || raw == Float.class
        || raw == BigDecimal.class) {
      schema.put("type", "number");
    } else {
      throw new IllegalArgumentException(where + " has type " + raw.getName() + ", which typed tools cannot describe;"
          + " use a String, a number, a boolean, an enum, a record, a List, a Set, an array or a Map<String, V>");
    }
    return schema;
  }

  private static ObjectNode enumeration(Class<?> type) {
    ObjectNode schema = Json.object();
    schema.put("type", "string");
    ArrayNode values = schema.putArray("enum");
    for (Object constant : type.getEnumConstants()) {
      // As Jackson writes it, so @JsonProperty or @JsonValue on the enum are what the model is offered.
      values.add(Json.MAPPER.valueToTree(constant).asString());
    }
    describe(schema, type.getAnnotation(Description.class), type.getName());
    return schema;
  }

  private static Class<?> raw(Type type, String where) {
    if (type instanceof Class) {
      return (Class<?>) type;
    }
    if (type instanceof ParameterizedType && ((ParameterizedType) type).getRawType() instanceof Class) {
      return (Class<?>) ((ParameterizedType) type).getRawType();
    }
    throw new IllegalArgumentException(where + " has type " + type.getTypeName()
        + "; typed tools need concrete types, not type variables or wildcards");
  }

  private static AnnotatedType typeArgument(AnnotatedType annotated, int index, String where) {
    if (!(annotated instanceof AnnotatedParameterizedType)) {
      throw new IllegalArgumentException(where + " has raw type " + annotated.getType().getTypeName()
          + "; give its type arguments, such as List<String>");
    }
    return ((AnnotatedParameterizedType) annotated).getAnnotatedActualTypeArguments()[index];
  }

  private static void describe(ObjectNode schema, Description description, String where) {
    if (description == null) {
      return;
    }
    if (description.value().isBlank()) {
      throw new IllegalArgumentException("@Description on " + where + " is blank; say what the value means or leave it out");
    }
    schema.put("description", description.value());
  }

  private static JsonNode defaultValue(DefaultValue dflt, ObjectNode property, String where) {
    JsonNode value;
    try {
      value = Json.parse(dflt.value());
    } catch (JacksonException e) {
      throw new IllegalArgumentException("@DefaultValue on " + where + " is not JSON text: " + dflt.value()
          + " (a string needs its quotes, such as \"\\\"metric\\\"\")", e);
    }
    List<ArgumentValidator.Violation> violations = ArgumentValidator.compile("default", property).violations(value);
    if (!violations.isEmpty()) {
      throw new IllegalArgumentException("@DefaultValue on " + where + " does not fit its own schema: "
          + violations.get(0).message());
    }
    return value;
  }

  /**
   * Writes every {@code default} of a generated schema into the arguments where the property is absent, at any
   * depth (records in records, in lists and in map values), so that binding sees the value {@link DefaultValue}
   * promised. Changes {@code value} in place; the depth is bounded by the schema's, which {@link #MAX_DEPTH} bounds.
   */
  static void fillDefaults(JsonNode schema, JsonNode value) {
    if (value == null || schema == null || !schema.isObject()) {
      return;
    }
    if (value.isObject()) {
      JsonNode properties = schema.get("properties");
      if (properties != null && properties.isObject()) {
        for (Map.Entry<String, JsonNode> p : properties.properties()) {
          JsonNode given = value.get(p.getKey());
          if (given == null && p.getValue().has("default")) {
            ((ObjectNode) value).set(p.getKey(), p.getValue().get("default").deepCopy());
          } else {
            fillDefaults(p.getValue(), given);
          }
        }
      }
      JsonNode additional = schema.get("additionalProperties");
      if (additional != null && additional.isObject()) {
        for (Map.Entry<String, JsonNode> e : value.properties()) {
          fillDefaults(additional, e.getValue());
        }
      }
    } else if (value.isArray()) {
      JsonNode items = schema.get("items");
      for (JsonNode element : value.values()) {
        fillDefaults(items, element);
      }
    }
  }
}
