package dev.loadout.core;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * Logs each distinct problem once per {@link Loadout}, so a broken filter does not flood the log on
 * every turn. Bounded: past {@value #MAX_KEYS} distinct problems, new ones are still logged, just not
 * remembered.
 */
final class WarnOnce {
  static final int MAX_KEYS = 4096;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();
  private final java.util.concurrent.atomic.AtomicInteger logged = new java.util.concurrent.atomic.AtomicInteger();

  boolean warn(Logger log, String key, Supplier<String> message, Throwable error) {
    if (seen.contains(key) || (seen.size() < MAX_KEYS && !seen.add(key))) {
      return false;
    }
    logged.incrementAndGet();
    log.warn(message.get(), error);
    return true;
  }

  /** How many warnings were written; for tests that check "once, not twice". */
  int logged() {
    return logged.get();
  }
}
