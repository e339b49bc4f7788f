package dev.loadout;

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

  boolean warn(Logger log, String key, Supplier<String> message, Throwable error) {
    if (seen.contains(key)) {
      return false;
    }
    if (seen.size() < MAX_KEYS) {
      seen.add(key);
    }
    log.warn(message.get(), error);
    return true;
  }
}
