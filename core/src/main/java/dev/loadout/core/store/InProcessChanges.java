package dev.loadout.core.store;

import java.time.Duration;
import java.util.function.Consumer;

/** {@link StoreChanges#inProcess()}: delivery on the publisher's thread, to this process's listeners. */
final class InProcessChanges implements StoreChanges {
  private final Subscribers subscribers = new Subscribers();

  @Override
  public Subscription subscribe(String kind, Consumer<StoreChange> listener) {
    return subscribers.add(kind, listener);
  }

  @Override
  public void publish(StoreChange change) {
    if (change == null) {
      throw new IllegalArgumentException("change must not be null");
    }
    subscribers.deliver(change);
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
    return "StoreChanges.inProcess";
  }
}
