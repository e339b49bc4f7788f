package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.TestDatabases;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract on a real SQLite file. */
class SqliteMcpRegistrationStoreTest extends JdbcMcpRegistrationStoreContract {
  static final byte[] KEY = Keys.random(32);
  static final TokenCipher CIPHER = TokenCipher.aesGcm("k1", KEY);
  @TempDir
  Path folder;
  DataSource dataSource;

  @Override
  McpRegistrationStore newStore() {
    dataSource = TestDatabases.sqlite(folder);
    return JdbcMcpRegistrationStore.create(dataSource, CIPHER);
  }

  @Override
  DataSource dataSource() {
    return dataSource;
  }

  @Override
  DataSource freshDataSource() {
    return TestDatabases.sqlite(folder);
  }

  @Override
  TokenCipher cipher() {
    return CIPHER;
  }

  @Test
  void registrationsSurviveANewStoreOnTheSameFileAndTheSchemaStepRunsOnce() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(JdbcMcpRegistrationStore.create(dataSource, CIPHER).list("g1")).containsExactly(a);
  }

  @Test
  void tokensAreEncryptedAtRestAndReadBackAfterAKeyRotation() throws Exception {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    try (java.sql.Connection c = dataSource.getConnection(); java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rows = s.executeQuery("SELECT auth_token, token_key_id FROM " + JdbcMcpRegistrationStore.TABLE)) {
      rows.next();
      assertThat(rows.getString(1)).doesNotContain("s3cret");
      assertThat(rows.getString(2)).isEqualTo("k1");
    }
    TokenCipher rotated = TokenCipher.aesGcm("k2", Keys.random(32));
    assertThat(JdbcMcpRegistrationStore.create(dataSource, rotated).list("g1").get(0).token()).isEmpty();
    McpRegistrationStore withOld = JdbcMcpRegistrationStore.create(dataSource, rotated.withOldKey("k1", KEY));
    assertThat(withOld.list("g1")).containsExactly(a);
  }
}
