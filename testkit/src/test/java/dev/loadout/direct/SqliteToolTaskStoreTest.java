package dev.loadout.direct;

import dev.loadout.testkit.stores.ToolTaskStoreContract;
import static dev.loadout.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.loadout.core.store.SqliteDatabase;
import javax.sql.DataSource;

/** The contract on a real SQLite file; two stores on one file stand for two processes. */
class SqliteToolTaskStoreTest extends ToolTaskStoreContract {
  @TempDir
  Path folder;
  DataSource dataSource;
  ToolTaskStore other;

  @Override
  protected ToolTaskStore newStore() {
    // The embedded default: WAL, a busy timeout, synchronous=NORMAL.
    dataSource = SqliteDatabase.file(folder.resolve("tasks.db")).dataSource();
    ToolTaskStore s = JdbcToolTaskStore.create(dataSource);
    other = JdbcToolTaskStore.create(dataSource);
    return s;
  }

  @Override
  protected ToolTaskStore otherProcess() {
    return other;
  }

  @Test
  void slotsSurviveANewStoreOnTheSameFile() {
    ToolTask t = running("t1", "m1", T0);
    store.claim(t, COOLDOWN, STALE);
    assertThat(JdbcToolTaskStore.create(dataSource).find("s1")).contains(t);
  }
}
