package dev.loadout.mcp;

import java.util.regex.Pattern;

/** The input rules of a registration, shared by {@link McpRegistration} and {@link McpConfigOperations}. */
final class RegistrationRules {
  static final Pattern NAME = Pattern.compile("^[a-zA-Z0-9][a-zA-Z0-9-]{0,31}$");
  static final int MAX_URL_CHARS = 500;
  static final int MAX_TOKEN_CHARS = 500;
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private RegistrationRules() {}

  /** Trims and turns whitespace runs into {@code -}; null stays null. */
  static String normaliseName(String name) {
    return name == null ? null : WHITESPACE.matcher(name.strip()).replaceAll("-");
  }

  static boolean validName(String normalised) {
    return normalised != null && NAME.matcher(normalised).matches();
  }

  /** Trimmed, or null when null or blank. */
  static String trimToNull(String value) {
    if (value == null) {
      return null;
    }
    String t = value.strip();
    return t.isEmpty() ? null : t;
  }
}
