package dev.loadout.core.internal.jdbc;

import dev.loadout.core.store.TestDatabases;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;

class PostgresJdbcTest extends JdbcContract {
  TestDatabases.PostgresSchema schema;

  @Override
  DataSource dataSource() {
    schema = TestDatabases.postgres();
    return schema.dataSource();
  }

  @Override
  JdbcDialect expectedDialect() {
    return JdbcDialect.POSTGRESQL;
  }

  @AfterEach
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }
}
