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
  protected McpRegistrationStore newStore() {
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
  void itsStringNamesTheDatabaseAndNoSecret() {
    store.insert(draft("g1", "a"));
    assertThat(store).hasToString("JdbcMcpRegistrationStore{SQLITE}");
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
    McpRegistration unknownKey = JdbcMcpRegistrationStore.create(dataSource, rotated).list("g1").get(0);
    assertThat(unknownKey.token()).isEmpty();
    assertThat(unknownKey.tokenUnreadable()).as("fails closed, not read as 'no token'").isTrue();
    McpRegistrationStore withOld = JdbcMcpRegistrationStore.create(dataSource, rotated.withOldKey("k1", KEY));
    assertThat(withOld.list("g1")).containsExactly(a);
  }

  @Test
  void reencryptionRewritesEveryTokenUnderTheCurrentKeyInBatchesAndCanRunAgain() throws Exception {
    for (int i = 0; i < 7; i++) {
      store.insert(draft("g" + (i % 3), "r" + i));
    }
    store.insert(McpRegistration.draft("g1", "tokenless", "https://a.example", null, ServerType.GENERAL, null));
    byte[] k2 = Keys.random(32);
    TokenCipher rotated = TokenCipher.aesGcm("k2", k2).withOldKey("k1", KEY);
    JdbcMcpRegistrationStore next = JdbcMcpRegistrationStore.create(dataSource, rotated);
    assertThat(next.reencryptTokens(3)).isEqualTo(new JdbcMcpRegistrationStore.Reencryption(7, 0, 3));
    assertThat(next.reencryptTokens(3)).as("resumable: nothing left").isEqualTo(new JdbcMcpRegistrationStore.Reencryption(0, 0, 0));
    JdbcMcpRegistrationStore newKeyOnly = JdbcMcpRegistrationStore.create(dataSource, TokenCipher.aesGcm("k2", k2));
    assertThat(newKeyOnly.list("g0")).isNotEmpty().allSatisfy(r -> assertThat(r.token()).contains("s3cret-token"));
    try (java.sql.Connection c = dataSource.getConnection(); java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rows = s.executeQuery("SELECT COUNT(*) FROM " + JdbcMcpRegistrationStore.TABLE
            + " WHERE token_key_id = 'k2'")) {
      rows.next();
      assertThat(rows.getInt(1)).isEqualTo(7);
    }
  }

  @Test
  void aUrlWithASecretIsStoredRedactedAndSealedAndReadBackWhole() throws Exception {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow(); // https://mcp.example.com/mcp?key=abc
    try (java.sql.Connection c = dataSource.getConnection(); java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rows = s.executeQuery("SELECT url, url_sealed FROM " + JdbcMcpRegistrationStore.TABLE)) {
      rows.next();
      assertThat(rows.getString(1)).isEqualTo("https://mcp.example.com/mcp?key=REDACTED");
      assertThat(rows.getString(2)).isNotBlank().doesNotContain("abc");
    }
    assertThat(store.list("g1").get(0).url()).isEqualTo("https://mcp.example.com/mcp?key=abc");
    McpRegistration locked = JdbcMcpRegistrationStore.create(dataSource, TokenCipher.aesGcm("k9", Keys.random(32)))
        .list("g1").get(0);
    assertThat(locked.tokenUnreadable()).isTrue();
    assertThat(locked.url()).as("without the key only the redacted form").isEqualTo("https://mcp.example.com/mcp?key=REDACTED");
    McpRegistration plain = store.insert(McpRegistration.draft("g1", "plain", "https://b.example/mcp", null,
        ServerType.GENERAL, null)).orElseThrow();
    assertThat(store.list("g1").get(1)).isEqualTo(plain);
    assertThat(a.url()).contains("key=abc");
  }

  @Test
  void reencryptionLeavesATokenItCannotReadAndCountsIt() {
    store.insert(draft("g1", "a"));
    TokenCipher stranger = TokenCipher.aesGcm("k3", Keys.random(32));
    assertThat(JdbcMcpRegistrationStore.create(dataSource, stranger).reencryptTokens(10))
        .isEqualTo(new JdbcMcpRegistrationStore.Reencryption(0, 1, 1));
    assertThat(store.list("g1").get(0).token()).as("still readable with the right key").contains("s3cret-token");
  }
}
