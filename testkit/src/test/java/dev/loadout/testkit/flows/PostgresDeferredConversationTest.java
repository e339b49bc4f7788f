package dev.loadout.testkit.flows;

import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.direct.ToolTaskStore;
import dev.loadout.core.store.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;

/**
 * The deferred conversations on PostgreSQL, in a schema of their own per store (skipped without
 * {@code LOADOUT_TEST_PG_URL}, failed under {@code CI=true}); a second store on the schema stands for another process.
 */
class PostgresDeferredConversationTest extends DeferredConversationContract {
  private final List<TestDatabases.PostgresSchema> schemas = new ArrayList<>();

  @Override
  ToolTaskStore newStore() {
    TestDatabases.PostgresSchema schema = TestDatabases.postgres();
    schemas.add(schema);
    return JdbcToolTaskStore.create(schema.dataSource());
  }

  @Override
  ToolTaskStore otherProcess() {
    return JdbcToolTaskStore.create(schemas.get(schemas.size() - 1).dataSource());
  }

  @AfterEach
  void dropSchemas() throws Exception {
    for (TestDatabases.PostgresSchema s : schemas) {
      s.close();
    }
  }
}
