package dev.loadout.core;

import java.util.Collection;

/** Argument checks shared by builders. */
final class Checks {
  private Checks() {}

  /**
   * Whether a collection is non-null and holds no null. Iterates instead of calling {@code contains(null)},
   * which immutable JDK collections answer with a NullPointerException.
   */
  static boolean noNulls(Collection<?> values) {
    if (values == null) {
      return false;
    }
    for (Object v : values) {
      if (v == null) {
        return false;
      }
    }
    return true;
  }
}
