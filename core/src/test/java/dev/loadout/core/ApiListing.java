package dev.loadout.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public API of one module, as text: every public type outside {@code internal} packages and its public and
 * protected members, one line each, from the compiled classes. Each published module's {@code ApiListingTest}
 * compares it with the listing committed in the module's {@code api/} folder, so every change to public API is a
 * diff a reviewer sees (OkHttp commits its API dumps for the same reason).
 *
 * <p>To accept a change, run the module's tests with {@code -Dloadout.api.update=true}: the committed listing is
 * rewritten. Without it, the actual listing is written under {@code target/api/} and the test fails naming both.
 */
public final class ApiListing {
  /** The system property that rewrites the committed listing instead of failing. */
  public static final String UPDATE = "loadout.api.update";

  private ApiListing() {}

  /**
   * Checks the module built in the working directory (surefire runs each module's tests in its folder).
   *
   * @param artifactId the module's artifact, which names the listing file
   * @throws AssertionError when the compiled API differs from the committed listing
   */
  public static void check(String artifactId) {
    Path classes = Path.of("target", "classes");
    String actual = listing(classes);
    Path committed = Path.of("api", artifactId + ".api");
    try {
      if (Boolean.getBoolean(UPDATE)) {
        Files.createDirectories(committed.getParent());
        Files.writeString(committed, actual, StandardCharsets.UTF_8);
        return;
      }
      Path written = Path.of("target", "api", artifactId + ".api");
      Files.createDirectories(written.getParent());
      Files.writeString(written, actual, StandardCharsets.UTF_8);
      String expected = Files.exists(committed) ? Files.readString(committed, StandardCharsets.UTF_8) : "";
      if (!expected.equals(actual)) {
        throw new AssertionError("The public API of " + artifactId + " changed:\n" + difference(expected, actual)
            + "\nIf the change is meant, run this module's tests with -D" + UPDATE + "=true (or copy "
            + written.toAbsolutePath() + " to " + committed.toAbsolutePath() + ") and commit the listing.");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The listing of the classes under {@code root}, sorted, one line per type or member. */
  static String listing(Path root) {
    List<String> names;
    try (Stream<Path> files = Files.walk(root)) {
      names = files.map(root::relativize).map(Path::toString).filter(f -> f.endsWith(".class"))
          .filter(f -> !f.endsWith("package-info.class") && !f.endsWith("module-info.class"))
          .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.').replace('\\', '.'))
          .sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ClassLoader loader = ApiListing.class.getClassLoader();
    List<String> lines = new ArrayList<>();
    for (String name : names) {
      Class<?> type;
      try {
        type = Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new AssertionError("cannot load " + name + " from " + root, e);
      }
      if (!visible(type) || type.getPackageName().contains(".internal")) {
        continue;
      }
      lines.add(describe(type));
      members(type).forEach(m -> lines.add("  " + m));
    }
    return String.join("\n", lines) + "\n";
  }

  /** Public, and so are all the types it is nested in; never anonymous, local or synthetic. */
  private static boolean visible(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
      if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass() || t.isSynthetic()) {
        return false;
      }
    }
    return true;
  }

  private static String describe(Class<?> type) {
    StringBuilder b = new StringBuilder(type.toGenericString());
    java.lang.reflect.Type sup = type.getGenericSuperclass();
    if (sup != null && sup != Object.class && !type.isEnum() && !type.isRecord()) {
      b.append(" extends ").append(sup.getTypeName());
    }
    java.lang.reflect.Type[] interfaces = type.getGenericInterfaces();
    if (interfaces.length > 0 && !type.isAnnotation()) {
      b.append(type.isInterface() ? " extends " : " implements ").append(Arrays.stream(interfaces)
          .map(java.lang.reflect.Type::getTypeName).collect(Collectors.joining(", ")));
    }
    return b.toString();
  }

  private static List<String> members(Class<?> type) {
    List<String> out = new ArrayList<>();
    boolean extensible = !Modifier.isFinal(type.getModifiers()) && !type.isEnum() && !type.isRecord();
    for (Constructor<?> c : type.getDeclaredConstructors()) {
      if (shown(c, extensible) && !c.isSynthetic()) {
        out.add(c.toGenericString());
      }
    }
    for (Method m : type.getDeclaredMethods()) {
      if (shown(m, extensible) && !m.isSynthetic() && !m.isBridge()) {
        out.add(m.toGenericString());
      }
    }
    for (Field f : type.getDeclaredFields()) {
      if (shown(f, extensible) && !f.isSynthetic()) {
        out.add(f.toGenericString());
      }
    }
    out.sort(null);
    return out;
  }

  /** Public members, and protected ones of a type a caller can extend. */
  private static boolean shown(Member m, boolean extensible) {
    int mod = m.getModifiers();
    return Modifier.isPublic(mod) || (extensible && Modifier.isProtected(mod));
  }

  /** The lines only one side has, marked {@code -} (committed) and {@code +} (compiled). */
  private static String difference(String expected, String actual) {
    List<String> before = expected.lines().collect(Collectors.toList());
    List<String> after = actual.lines().collect(Collectors.toList());
    StringBuilder b = new StringBuilder();
    int shown = 0;
    for (String line : before) {
      if (!after.contains(line) && shown++ < 40) {
        b.append("- ").append(line).append('\n');
      }
    }
    for (String line : after) {
      if (!before.contains(line) && shown++ < 40) {
        b.append("+ ").append(line).append('\n');
      }
    }
    if (shown > 40) {
      b.append("… and ").append(shown - 40).append(" more lines\n");
    }
    return b.toString();
  }
}
