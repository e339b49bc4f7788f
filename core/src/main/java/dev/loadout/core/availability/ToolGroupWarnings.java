package dev.loadout.core.availability;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warning sink of one {@link ToolGroupsConfig}: each distinct problem goes to
 * SLF4J and the host's listener once. State lives in the config object, never in a static, so two
 * configs (a reload, two bots in one JVM) each warn about their own problems. Bounded by the size of
 * the configuration, so it needs no cap.
 */
final class ToolGroupWarnings {
  static final Logger LOG = LoggerFactory.getLogger(ToolGroupsConfig.class);

  private final Consumer<String> listener;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();
  private final AtomicInteger logged = new AtomicInteger();

  ToolGroupWarnings(Consumer<String> listener) {
    this.listener = listener;
  }

  /** Logs a problem that its sentence identifies; see {@link #warn(String, String)}. */
  void warn(String message) {
    warn(message, message);
  }

  /**
   * Logs the message unless this sink logged a problem with the same key before. The key names the problem
   * when the sentence carries context that may vary between calls.
   */
  void warn(String problemKey, String message) {
    if (!seen.add(problemKey)) {
      return;
    }
    logged.incrementAndGet();
    LOG.warn("{}", message);
    if (listener != null) {
      try {
        listener.accept(message);
      } catch (RuntimeException e) {
        // A host listener must not break configuration loading; its failure is itself worth one line.
        LOG.warn("Tool group warning listener {} failed", listener, e);
      }
    }
  }

  /** How many warnings were written; for tests that check "once, not twice". */
  int logged() {
    return logged.get();
  }
}
