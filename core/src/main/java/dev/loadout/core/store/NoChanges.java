package dev.loadout.core.store;

import java.time.Duration;
import java.util.function.Consumer;

/** {@link StoreChanges#none()}: stateless, so one instance serves everyone. */
final class NoChanges implements StoreChanges {
  static final NoChanges INSTANCE = new NoChanges();

  private NoChanges() {}

  @Override
  public Subscription subscribe(String kind, Consumer<StoreChange> listener) {
    StoreChange.everything(kind);
    return () -> {};
  }

  @Override
  public void publish(StoreChange change) {
    // Nobody listens.
  }

  @Override
  public Duration stalenessBound() {
    return Duration.ZERO;
  }

  @Override
  public boolean reachesOtherProcesses() {
    return false;
  }

  @Override
  public void close() {
    // Nothing held.
  }

  @Override
  public String toString() {
    return "StoreChanges.none";
  }
}
