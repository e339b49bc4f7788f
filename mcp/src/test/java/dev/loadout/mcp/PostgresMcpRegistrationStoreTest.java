package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract on PostgreSQL, in a schema of its own per test; see {@link TestDatabases#postgres()}. */
class PostgresMcpRegistrationStoreTest extends JdbcMcpRegistrationStoreContract {
  TestDatabases.PostgresSchema schema;
  final List<TestDatabases.PostgresSchema> more = new ArrayList<>();

  @Override
  McpRegistrationStore newStore() {
    schema = TestDatabases.postgres();
    return JdbcMcpRegistrationStore.create(schema.dataSource(), Keys.CIPHER);
  }

  @Override
  DataSource dataSource() {
    return schema.dataSource();
  }

  @Override
  DataSource freshDataSource() {
    TestDatabases.PostgresSchema fresh = TestDatabases.postgres();
    more.add(fresh);
    return fresh.dataSource();
  }

  @Override
  TokenCipher cipher() {
    return Keys.CIPHER;
  }

  @AfterEach
  void dropSchema() throws Exception {
    for (TestDatabases.PostgresSchema s : more) {
      s.close();
    }
    if (schema != null) {
      schema.close();
    }
  }

  @Test
  void twoProcessesShareRegistrationsThroughOneDatabase() {
    McpRegistrationStore other = JdbcMcpRegistrationStore.create(schema.dataSource(), Keys.CIPHER);
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(other.list("g1")).containsExactly(a);
    assertThat(other.insert(draft("g1", "A"))).isEmpty();
    assertThat(other.setEnabled("g1", a.id(), false)).isTrue();
    assertThat(store.list("g1").get(0).enabled()).isFalse();
  }
}
