package dev.loadout.core.blocking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.TestDatabases;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract on PostgreSQL, in a schema of its own per test; see {@link TestDatabases#postgres()}. */
class PostgresPersonaBlockStoreTest extends PersonaBlockStoreContract {
  TestDatabases.PostgresSchema schema;

  @Override
  PersonaBlockStore newStore() {
    schema = TestDatabases.postgres();
    return JdbcPersonaBlockStore.create(schema.dataSource());
  }

  @AfterEach
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }

  @Test
  void twoProcessesShareBlocksThroughOneDatabase() {
    PersonaBlockStore other = JdbcPersonaBlockStore.create(schema.dataSource());
    PersonaBlock b = block(ALICE, BlockType.MUTE, T0, Duration.ofHours(1));
    store.upsert(b);
    assertThat(other.find(ALICE, T0)).contains(b);
    assertThat(other.remove(ALICE, T0)).contains(b);
    assertThat(store.find(ALICE, T0)).isEmpty();
  }
}
