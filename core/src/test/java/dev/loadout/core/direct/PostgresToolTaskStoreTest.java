package dev.loadout.core.direct;

import static dev.loadout.core.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract on PostgreSQL, in a schema of its own per test; two stores stand for two processes. */
class PostgresToolTaskStoreTest extends ToolTaskStoreContract {
  TestDatabases.PostgresSchema schema;
  ToolTaskStore other;

  @Override
  ToolTaskStore newStore() {
    schema = TestDatabases.postgres();
    ToolTaskStore s = JdbcToolTaskStore.create(schema.dataSource());
    other = JdbcToolTaskStore.create(schema.dataSource());
    return s;
  }

  @Override
  ToolTaskStore otherProcess() {
    return other;
  }

  @Override
  int raceRounds() {
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
}
