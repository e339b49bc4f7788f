package dev.loadout.core;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Collection;
import tools.jackson.databind.node.ObjectNode;

/**
 * Bean Validation constraints on a typed tool's record components, as JSON Schema keywords.
 *
 * <p>Core must not depend on {@code jakarta.validation-api}: a host that has it on its class path annotates its
 * records with the real {@code @Min}, {@code @Size} and so on, and this class recognises them by their fully
 * qualified names and reads their members reflectively. The older {@code javax.validation} names are read the
 * same way. A constraint that the schema cannot express for the annotated type is a configuration error rather than
 * a silent gap between what the model is told and what the host believes is checked.
 */
final class Constraints {
  private static final String JAKARTA = "jakarta.validation.constraints.";
  private static final String JAVAX = "javax.validation.constraints.";

  private Constraints() {}

  /** The simple name of a Bean Validation constraint (such as {@code Min}), or null for any other annotation. */
  static String constraintName(Annotation a) {
    String n = a.annotationType().getName();
    if (n.startsWith(JAKARTA)) {
      return n.substring(JAKARTA.length());
    }
    if (n.startsWith(JAVAX)) {
      return n.substring(JAVAX.length());
    }
    return null;
  }

  /** Whether the annotations carry {@code @NotNull}. */
  static boolean notNull(Collection<Annotation> annotations) {
    return annotations.stream().anyMatch(a -> "NotNull".equals(constraintName(a)));
  }

  /**
   * Adds the keywords of every constraint among the annotations to a schema of the given JSON type.
   *
   * @param where the component's path, for messages
   * @throws IllegalArgumentException if a constraint does not fit the type or cannot be written as a schema
   */
  static void apply(ObjectNode schema, String jsonType, Collection<Annotation> annotations, String where) {
    for (Annotation a : annotations) {
      String name = constraintName(a);
      if (name == null) {
        continue;
      }
      switch (name) {
        case "NotNull":
          // Required and of a non-null type already; Optional with @NotNull is refused where optionality is decided.
          break;
        case "Min":
          numeric(name, jsonType, where);
          bound(schema, "minimum", (long) member(a, "value"));
          break;
        case "Max":
          numeric(name, jsonType, where);
          bound(schema, "maximum", (long) member(a, "value"));
          break;
        case "Positive":
          numeric(name, jsonType, where);
          schema.put("exclusiveMinimum", 0);
          break;
        case "PositiveOrZero":
          numeric(name, jsonType, where);
          schema.put("minimum", 0);
          break;
        case "Negative":
          numeric(name, jsonType, where);
          schema.put("exclusiveMaximum", 0);
          break;
        case "NegativeOrZero":
          numeric(name, jsonType, where);
          schema.put("maximum", 0);
          break;
        case "Size":
          size(name, schema, jsonType, (int) member(a, "min"), (int) member(a, "max"), where);
          break;
        case "NotEmpty":
          size(name, schema, jsonType, 1, Integer.MAX_VALUE, where);
          break;
        case "NotBlank":
          if (!"string".equals(jsonType)) {
            throw misplaced(name, jsonType, where);
          }
          schema.put("minLength", 1);
          schema.put("pattern", "\\S");
          break;
        case "Pattern":
          if (!"string".equals(jsonType)) {
            throw misplaced(name, jsonType, where);
          }
          if (((Object[]) member(a, "flags")).length > 0) {
            throw new IllegalArgumentException("@Pattern on " + where + " has flags, which a JSON Schema pattern cannot"
                + " carry; write them into the expression instead, such as (?i)");
          }
          if (schema.has("pattern")) {
            throw new IllegalArgumentException(where + " has two patterns (@Pattern and @NotBlank, or two @Pattern);"
                + " a JSON Schema property has one");
          }
          schema.put("pattern", (String) member(a, "regexp"));
          break;
        default:
          throw new IllegalArgumentException("@" + name + " on " + where + " has no JSON Schema form in typed tools;"
              + " supported are @NotNull, @Min, @Max, @Positive, @PositiveOrZero, @Negative, @NegativeOrZero, @Size,"
              + " @NotEmpty, @NotBlank and @Pattern");
      }
    }
  }

  /** An int node when the bound fits one, so the schema equals the same schema parsed from text. */
  private static void bound(ObjectNode schema, String keyword, long value) {
    if (value == (int) value) {
      schema.put(keyword, (int) value);
    } else {
      schema.put(keyword, value);
    }
  }

  private static void numeric(String name, String jsonType, String where) {
    if (!"integer".equals(jsonType) && !"number".equals(jsonType)) {
      throw misplaced(name, jsonType, where);
    }
  }

  private static void size(String name, ObjectNode schema, String jsonType, int min, int max, String where) {
    String prefix;
    switch (jsonType) {
      case "string":
        prefix = "Length";
        break;
      case "array":
        prefix = "Items";
        break;
      case "object":
        prefix = "Properties";
        break;
      default:
        throw misplaced(name, jsonType, where); // @Size or @NotEmpty, as the user wrote it
    }
    if (min > 0) {
      schema.put("min" + prefix, min);
    }
    if (max < Integer.MAX_VALUE) {
      schema.put("max" + prefix, max);
    }
  }

  private static IllegalArgumentException misplaced(String name, String jsonType, String where) {
    return new IllegalArgumentException("@" + name + " on " + where + " does not apply to a JSON " + jsonType);
  }

  private static Object member(Annotation a, String member) {
    try {
      Method m = a.annotationType().getMethod(member);
      return m.invoke(a);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalArgumentException("cannot read " + member + "() of " + a.annotationType().getName(), e);
    }
  }
}
