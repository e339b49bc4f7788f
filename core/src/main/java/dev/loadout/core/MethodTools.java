package dev.loadout.core;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The typed tools of an object's {@link LoadoutTool} methods ({@link TypedTool#fromMethods(Object)}). */
final class MethodTools {
  private MethodTools() {}

  static List<TypedTool<?>> of(Object target) {
    if (target == null) {
      throw new IllegalArgumentException("the object whose @LoadoutTool methods become tools must not be null");
    }
    List<TypedTool<?>> out = new ArrayList<>();
    for (Class<?> c = target.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        LoadoutTool annotation = m.getAnnotation(LoadoutTool.class);
        if (annotation != null && !m.isSynthetic() && !m.isBridge()) {
          out.add(tool(target, m, annotation));
        }
      }
    }
    out.sort(Comparator.comparing(t -> t.spec().name()));
    for (int i = 1; i < out.size(); i++) {
      if (out.get(i).spec().name().equals(out.get(i - 1).spec().name())) {
        throw new IllegalArgumentException("two @LoadoutTool methods of " + target.getClass().getName()
            + " are named '" + out.get(i).spec().name() + "'");
      }
    }
    return List.copyOf(out);
  }

  private static TypedTool<?> tool(Object target, Method m, LoadoutTool annotation) {
    String where = m.getDeclaringClass().getName() + "." + m.getName();
    Class<?>[] params = m.getParameterTypes();
    boolean withContext = params.length == 2 && params[1] == TurnContext.class;
    if (params.length < 1 || params.length > 2 || !params[0].isRecord() || (params.length == 2 && !withContext)
        || m.getReturnType() == void.class) {
      throw new IllegalArgumentException("@LoadoutTool method " + where + " must take a record of the arguments,"
          + " optionally followed by the TurnContext, and return a value");
    }
    try {
      m.setAccessible(true);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("@LoadoutTool method " + where + " cannot be made accessible: " + e.getMessage(), e);
    }
    Object receiver = Modifier.isStatic(m.getModifiers()) ? null : target;
    TypedTool.Handler<Record> handler = (arguments, context) -> {
      try {
        return withContext ? m.invoke(receiver, arguments, context) : m.invoke(receiver, arguments);
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Exception) {
          throw (Exception) cause;
        }
        throw e;
      }
    };
    @SuppressWarnings("unchecked")
    Class<Record> type = (Class<Record>) params[0];
    LoadoutTool onRecord = type.getAnnotation(LoadoutTool.class);
    String name = !annotation.name().isEmpty() ? annotation.name() : TypedTool.snakeCase(m.getName());
    String description = !annotation.description().isEmpty() ? annotation.description()
        : onRecord != null && !onRecord.description().isEmpty() ? onRecord.description() : null;
    try {
      return TypedTool.of(type, name, description, handler);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("@LoadoutTool method " + where + ": " + e.getMessage(), e);
    }
  }
}
