package dev.loadout.testkit.flows;

import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.direct.ToolTaskStore;
import dev.loadout.core.store.TestDatabases;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.io.TempDir;

/** The deferred conversations on a SQLite file; a second store on the file stands for another bot process. */
class SqliteDeferredConversationTest extends DeferredConversationContract {
  @TempDir
  Path folder;
  private DataSource dataSource;

  @Override
  ToolTaskStore newStore() {
    dataSource = TestDatabases.sqlite(folder);
    return JdbcToolTaskStore.create(dataSource);
  }

  @Override
  ToolTaskStore otherProcess() {
    return JdbcToolTaskStore.create(dataSource);
  }
}
