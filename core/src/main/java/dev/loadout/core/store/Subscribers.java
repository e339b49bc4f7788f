package dev.loadout.core.store;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The listeners of one feed and their delivery, shared by every implementation. */
final class Subscribers {
  private static final Logger LOG = LoggerFactory.getLogger(StoreChanges.class);

  private record Entry(String kind, Consumer<StoreChange> listener) {}

  private final List<Entry> entries = new CopyOnWriteArrayList<>();
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  StoreChanges.Subscription add(String kind, Consumer<StoreChange> listener) {
    StoreChange.everything(kind); // checks the kind
    if (listener == null) {
      throw new IllegalArgumentException("listener must not be null");
    }
    Entry e = new Entry(kind, listener);
    entries.add(e);
    return () -> entries.remove(e);
  }

  void deliver(StoreChange change) {
    for (Entry e : entries) {
      if (e.kind.equals(change.kind())) {
        try {
          e.listener.accept(change);
        } catch (RuntimeException failure) {
          String name = e.listener.getClass().getName();
          if (warned.add(name)) {
            LOG.warn("Store change listener {} threw {} on a change of {}; it stays subscribed", name,
                failure.getClass().getSimpleName(), change.kind());
          }
        }
      }
    }
  }

  /** Tells every listener that every scope of its kind may have changed. */
  void everything() {
    entries.stream().map(Entry::kind).distinct().forEach(k -> deliver(StoreChange.everything(k)));
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }
}
