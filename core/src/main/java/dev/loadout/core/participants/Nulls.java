package dev.loadout.core.participants;

import java.util.Collection;

/** Null checks that also work on immutable collections, whose {@code contains(null)} throws. */
final class Nulls {
  private Nulls() {}

  static boolean any(Collection<?> values) {
    for (Object v : values) {
      if (v == null) {
        return true;
      }
    }
    return false;
  }
}
