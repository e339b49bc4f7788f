package dev.loadout.direct;

import dev.loadout.testkit.stores.ToolTaskStoreContract;
import static dev.loadout.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.Interleaving;
import dev.loadout.core.store.TestDatabases;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract on PostgreSQL, in a schema of its own per test; two stores stand for two processes. */
class PostgresToolTaskStoreTest extends ToolTaskStoreContract {
  TestDatabases.PostgresSchema schema;
  ToolTaskStore other;

  @Override
  protected ToolTaskStore newStore() {
    schema = TestDatabases.postgres();
    ToolTaskStore s = JdbcToolTaskStore.create(schema.dataSource());
    other = JdbcToolTaskStore.create(schema.dataSource());
    return s;
  }

  @Override
  protected ToolTaskStore otherProcess() {
    return other;
  }

  @Override
  protected int raceRounds() {
    return 1000;
  }

  @AfterEach
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }

  @Test
  void twoProcessesShareSlotsThroughOneDatabase() {
    ToolTask t = running("t1", "m1", T0);
    store.claim(t, COOLDOWN, STALE);
    assertThat(other.find("s1")).contains(t);
    assertThat(other.cancel("s1")).contains(t);
    assertThat(store.find("s1").orElseThrow().state()).isEqualTo(ToolTask.State.CANCELLED);
  }

  /**
   * A cancel reads the slot, then cancels the task it read; another process claims that pending task in between.
   * Serially, either the cancel comes first (it cancels a pending task, and the claim finds none) or the claim does
   * (the cancel stops a running task). The cancel must never report a pending task that another process is running.
   */
  @Test
  void aCancelRacingTheClaimOfItsPendingTaskReportsTheStateItCancelled() throws Exception {
    ToolTask booked = task("s1", "t1", "m1", ToolTask.State.PENDING, T0);
    store.claim(booked, COOLDOWN, STALE);
    Interleaving between = Interleaving.on(schema.dataSource());
    ToolTaskStore cancelling = JdbcToolTaskStore.create(between.dataSource());
    AtomicReference<Optional<ToolTask>> claimed = new AtomicReference<>();
    between.after(sql -> sql.startsWith("SELECT") && sql.contains(JdbcToolTaskStore.TABLE),
        () -> claimed.set(other.claimPending("s1", "m2", 0, T0.plusSeconds(1))));

    ToolTask cancelled = cancelling.cancel("s1").orElseThrow();
    between.awaitCompetitor();

    assertThat(claimed.get().isPresent()).as("claimed %s, cancel reported %s", claimed.get(), cancelled)
        .isEqualTo(cancelled.state() == ToolTask.State.RUNNING);
    assertThat(store.find("s1").orElseThrow().state()).isEqualTo(ToolTask.State.CANCELLED);
  }
}
