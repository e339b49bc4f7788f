package dev.loadout.direct;

import dev.loadout.core.store.TestDatabases;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;

/**
 * The contract on PostgreSQL, in a schema of its own per test; two stores stand for two processes. Skipped
 * without {@code LOADOUT_TEST_PG_URL}, except under {@code CI=true}, where that fails (see {@link TestDatabases}).
 */
class PostgresDirectConfigStoreTest extends JdbcDirectConfigStoreContract {
  TestDatabases.PostgresSchema schema;

  @Override
  DataSource dataSource() {
    if (schema == null) {
      schema = TestDatabases.postgres();
    }
    return schema.dataSource();
  }

  @AfterEach
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
