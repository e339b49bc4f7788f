package dev.loadout.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The change values and the in-process feed. */
class StoreChangesTest {
  @Test
  void aChangeNamesAKindAndAScopeOrEveryScope() {
    StoreChange one = StoreChange.of("mcp_registrations", "g1");
    assertThat(one.isEverything()).isFalse();
    assertThat(one.covers("g1")).isTrue();
    assertThat(one.covers("g2")).isFalse();
    StoreChange all = StoreChange.everything("mcp_registrations");
    assertThat(all.isEverything()).isTrue();
    assertThat(all.covers("g2")).isTrue();
    assertThat(StoreChange.of("k", "x".repeat(StoreChange.MAX_SCOPE_CHARS + 1)).isEverything())
        .as("a scope too long to announce becomes every scope").isTrue();
  }

  @Test
  void badKindsAndScopesAreRefusedNamingTheRule() {
    assertThatThrownBy(() -> StoreChange.of("Bad Kind", "g")).hasMessage(
        "change kind must be 1 to 64 of a-z 0-9 _, but was [Bad Kind]");
    assertThatThrownBy(() -> new StoreChange("k", "")).hasMessage(
        "change scope must be 1 to 1000 characters or null, but had 0");
    assertThatThrownBy(() -> StoreChange.of("k", null)).hasMessageContaining("StoreChange.everything");
  }

  @Test
  void theInProcessFeedDeliversToListenersOfTheKindUntilTheyUnsubscribe() {
    StoreChanges feed = StoreChanges.inProcess();
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    StoreChanges.Subscription s = feed.subscribe("a", heard::add);
    feed.subscribe("b", c -> heard.add(StoreChange.of("b", "wrong listener")));
    feed.publish(StoreChange.of("a", "x"));
    s.close();
    feed.publish(StoreChange.of("a", "y"));
    assertThat(heard).containsExactly(StoreChange.of("a", "x"));
    assertThat(feed.reachesOtherProcesses()).isFalse();
  }

  @Test
  void aListenerThatThrowsIsContainedAndTheOthersStillHear() {
    StoreChanges feed = StoreChanges.inProcess();
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    feed.subscribe("a", c -> {
      throw new IllegalStateException("broken listener");
    });
    feed.subscribe("a", heard::add);
    feed.publish(StoreChange.of("a", "x"));
    feed.publish(StoreChange.of("a", "y"));
    assertThat(heard).hasSize(2);
  }

  @Test
  void noneAnnouncesNothing() {
    StoreChanges none = StoreChanges.none();
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    none.subscribe("a", heard::add).close();
    none.publish(StoreChange.of("a", "x"));
    assertThat(heard).isEmpty();
    assertThat(none.reachesOtherProcesses()).isFalse();
  }
}
