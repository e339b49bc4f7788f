package dev.loadout.tools.persona;

import dev.loadout.testkit.stores.PersonaBlockStoreContract;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.TestDatabases;
import java.nio.file.Path;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract on a real SQLite file. */
class SqlitePersonaBlockStoreTest extends PersonaBlockStoreContract {
  @TempDir
  Path folder;
  DataSource dataSource;

  @Override
  protected PersonaBlockStore newStore() {
    dataSource = TestDatabases.sqlite(folder);
    return JdbcPersonaBlockStore.create(dataSource);
  }

  @Test
  void blocksSurviveANewStoreOnTheSameFile() {
    PersonaBlock b = block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1));
    store.upsert(b);
    assertThat(JdbcPersonaBlockStore.create(dataSource).find(ALICE, T0)).contains(b);
  }
}
