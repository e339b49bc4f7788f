package dev.loadout.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The polling feed on one SQLite file: two feeds stand for two processes. The test calls {@code poll()} itself
 * (the scheduler it passes never runs anything), so every step is exact.
 */
class PollingChangesTest {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  @TempDir
  Path folder;
  final ScheduledExecutorService idle = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void stop() {
    idle.shutdownNow();
  }

  PollingChanges feed(DataSource ds) {
    return TestDatabases.handPolledFeed(ds, idle);
  }

  @Test
  void aFeedStartedLaterDoesNotReplayOldChanges() {
    DataSource ds = TestDatabases.sqlite(folder);
    PollingChanges first = feed(ds);
    first.publish(StoreChange.of("direct_configs", "s1"));
    PollingChanges later = feed(ds);
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    later.subscribe("direct_configs", heard::add);
    later.poll();
    assertThat(heard).isEmpty();
    first.publish(StoreChange.of("direct_configs", "s2"));
    first.publish(StoreChange.everything("direct_configs"));
    later.poll();
    assertThat(heard).containsExactly(StoreChange.of("direct_configs", "s2"), StoreChange.everything("direct_configs"));
  }

  @Test
  void aWriteThatFailsAnnouncesNothing() {
    DataSource ds = TestDatabases.sqlite(folder);
    PollingChanges mine = feed(ds);
    PollingChanges theirs = feed(ds);
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    theirs.subscribe("persona_user_blocks", heard::add);
    dev.loadout.core.internal.jdbc.Jdbc jdbc = new dev.loadout.core.internal.jdbc.Jdbc(ds, "persona_user_blocks", mine);
    assertThatThrownBy(() -> jdbc.write("fail after announcing", (c, d, changed) -> {
      changed.scope("g1");
      throw new java.sql.SQLException("the write failed");
    })).isInstanceOf(StoreException.class);
    theirs.poll();
    assertThat(heard).as("rolled back with the write").isEmpty();
  }

  @Test
  void theIntervalIsCheckedAndTheBoundFollowsIt() {
    assertThatThrownBy(() -> PollingChanges.builder(TestDatabases.sqlite(folder)).interval(Duration.ofMillis(5)))
        .hasMessage("interval must be 10 ms to 10 minutes, but was PT0.005S");
    PollingChanges f = PollingChanges.builder(TestDatabases.sqlite(folder)).interval(Duration.ofMillis(250))
        .scheduler(idle).build();
    assertThat(f.stalenessBound()).isEqualTo(Duration.ofMillis(1250));
    assertThat(f.reachesOtherProcesses()).isTrue();
  }
}
