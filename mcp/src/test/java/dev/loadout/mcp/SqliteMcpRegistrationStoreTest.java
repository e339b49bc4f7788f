package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract on a real SQLite file. */
class SqliteMcpRegistrationStoreTest extends McpRegistrationStoreContract {
  @TempDir
  Path folder;
  DataSource dataSource;

  @Override
  McpRegistrationStore newStore() {
    dataSource = TestDatabases.sqlite(folder);
    return JdbcMcpRegistrationStore.create(dataSource);
  }

  @Test
  void registrationsSurviveANewStoreOnTheSameFileAndTheSchemaStepRunsOnce() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(JdbcMcpRegistrationStore.create(dataSource).list("g1")).containsExactly(a);
  }
}
