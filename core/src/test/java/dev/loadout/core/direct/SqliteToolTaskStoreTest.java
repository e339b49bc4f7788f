package dev.loadout.core.direct;

import static dev.loadout.core.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/** The contract on a real SQLite file; two stores on one file stand for two processes. */
class SqliteToolTaskStoreTest extends ToolTaskStoreContract {
  @TempDir
  Path folder;
  SQLiteDataSource dataSource;
  ToolTaskStore other;

  @Override
  ToolTaskStore newStore() {
    SQLiteConfig config = new SQLiteConfig();
    // Concurrent writers wait for the lock instead of failing with SQLITE_BUSY, as the Javadoc advises.
    config.setBusyTimeout(10_000);
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    dataSource = new SQLiteDataSource(config);
    dataSource.setUrl("jdbc:sqlite:" + folder.resolve("tasks.db"));
    ToolTaskStore s = JdbcToolTaskStore.create(dataSource);
    other = JdbcToolTaskStore.create(dataSource);
    return s;
  }

  @Override
  ToolTaskStore otherProcess() {
    return other;
  }

  @Test
  void slotsSurviveANewStoreOnTheSameFile() {
    ToolTask t = running("t1", "m1", T0);
    store.claim(t, COOLDOWN, STALE);
    assertThat(JdbcToolTaskStore.create(dataSource).find("s1")).contains(t);
  }
}
