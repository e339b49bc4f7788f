package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.internal.jdbc.Jdbc;
import dev.loadout.mcp.testkit.McpRegistrationStoreContract;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * What the JDBC store must do beyond the contract, on each database: the schema step that added the tool
 * selection, its stored form, and the fail-closed read of a value that no longer parses.
 */
abstract class JdbcMcpRegistrationStoreContract extends McpRegistrationStoreContract {
  static final String TABLE = JdbcMcpRegistrationStore.TABLE;

  /** The data source of the store {@link #newStore()} made. */
  abstract DataSource dataSource();

  /** Another empty database of the same kind, never migrated. */
  abstract DataSource freshDataSource();

  abstract TokenCipher cipher();

  @Test
  void rowsWrittenBeforeTheSelectionColumnsReadAsAll() throws Exception {
    DataSource old = freshDataSource();
    new Jdbc(old, "mcp_registrations").migrate(JdbcMcpRegistrationStore.MIGRATIONS.subList(0, 1));
    execute(old, "INSERT INTO " + TABLE + " (guild_id, name, name_key, url, server_type, enabled, tool_names)"
        + " VALUES ('g1', 'Old', 'old', 'https://old.example/mcp', 'general', TRUE, 'read_x')");
    McpRegistrationStore upgraded = JdbcMcpRegistrationStore.create(old, cipher());
    McpRegistration row = upgraded.list("g1").get(0);
    assertThat(row.toolSelection()).isSameAs(ToolSelection.ALL);
    assertThat(row.name()).isEqualTo("Old");
    assertThat(row.toolNames()).contains(java.util.List.of("read_x"));
    assertThat(query(old, "SELECT version FROM " + Jdbc.VERSION_TABLE + " WHERE store = 'mcp_registrations'"))
        .isEqualTo(String.valueOf(JdbcMcpRegistrationStore.MIGRATIONS.size()));
    assertThat(upgraded.updateToolSelection("g1", row.id(), SELECTION)).isTrue();
    assertThat(JdbcMcpRegistrationStore.create(old, cipher()).list("g1").get(0).toolSelection()).isEqualTo(SELECTION);
  }

  @Test
  void theSelectionIsStoredAsLineFeedJoinedPatternsAndNullForNone() throws Exception {
    McpRegistration a = store.insert(draft("g1", "a").withToolSelection(SELECTION)).orElseThrow();
    McpRegistration b = store.insert(draft("g1", "b")).orElseThrow();
    assertThat(column("tool_allow", a.id())).isEqualTo("read_*\nfiles.list\nfs/*/get\nx**y");
    assertThat(column("tool_deny", a.id())).isEqualTo("*_secret\nread_admin");
    assertThat(column("tool_prefix", a.id())).isEqualTo("gh_");
    assertThat(column("tool_allow", b.id())).isNull();
    assertThat(column("tool_deny", b.id())).isNull();
    assertThat(column("tool_prefix", b.id())).isNull();
  }

  @Test
  void aHandEditWithCommasAndSpacesStillReads() throws Exception {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    execute(dataSource(), "UPDATE " + TABLE + " SET tool_allow = ' read_*, list_* ', tool_prefix = ' gh_' WHERE id = "
        + a.id());
    assertThat(store.list("g1").get(0).toolSelection())
        .isEqualTo(ToolSelection.builder().allow("read_*", "list_*").prefix("gh_").build());
  }

  @Test
  void aStoredSelectionThatNoLongerParsesHidesEveryToolOfThatRegistrationAndWarnsOnce() throws Exception {
    McpRegistration a = store.insert(draft("g1", "a").withToolSelection(SELECTION)).orElseThrow();
    McpRegistration b = store.insert(draft("g1", "b").withToolSelection(SELECTION)).orElseThrow();
    execute(dataSource(), "UPDATE " + TABLE + " SET tool_deny = 'delete_*\nrm!' WHERE id = " + a.id());
    String[] log = new String[1];
    java.util.List<McpRegistration> rows = captureStderr(log, () -> {
      java.util.List<McpRegistration> first = store.list("g1");
      store.list("g1");
      return first;
    });
    McpRegistration broken = rows.get(0);
    assertThat(broken.toolSelection().unreadable()).isTrue();
    assertThat(broken.toolSelection().decide("read_file").code()).isEqualTo(ToolSelection.SELECTION_UNREADABLE);
    // Everything else of the row, and the other row, reads as stored.
    assertThat(broken.withToolSelection(SELECTION)).isEqualTo(a);
    assertThat(rows.get(1)).isEqualTo(b);
    assertThat(log[0]).contains("Tool selection of MCP registration " + a.id() + " in guild g1 could not be read")
        .contains("denylist pattern [rm!]").doesNotContain("s3cret-token").doesNotContain("key=abc");
    assertThat(log[0].split("could not be read", -1)).as("warned once for two reads").hasSize(2);
    assertThat(store.updateToolSelection("g1", a.id(), ToolSelection.ALL)).isTrue();
    assertThat(store.list("g1").get(0)).isEqualTo(a.withToolSelection(ToolSelection.ALL));
  }

  @Test
  void aStoredPrefixThatNoLongerParsesFailsClosedToo() throws Exception {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    execute(dataSource(), "UPDATE " + TABLE + " SET tool_prefix = '9lives' WHERE id = " + a.id());
    String[] log = new String[1];
    ToolSelection read = captureStderr(log, () -> store.list("g1").get(0).toolSelection());
    assertThat(read.unreadable()).isTrue();
    assertThat(log[0]).contains("MCP registration " + a.id()).contains("tool-name prefix [9lives]");
  }

  @Test
  void reencryptionTakesBatchesOfOneToTenThousandRows() {
    byte[] k1 = Keys.random(32);
    byte[] k2 = Keys.random(32);
    JdbcMcpRegistrationStore before = JdbcMcpRegistrationStore.create(dataSource(), TokenCipher.aesGcm("k1", k1));
    for (int i = 0; i < 3; i++) {
      before.insert(draft("g1", "r" + i));
    }
    JdbcMcpRegistrationStore second = JdbcMcpRegistrationStore.create(dataSource(),
        TokenCipher.aesGcm("k2", k2).withOldKey("k1", k1));
    for (int refused : new int[] {0, 10_001}) {
      assertThatThrownBy(() -> second.reencryptTokens(refused)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("batchSize must be 1 to 10000, but was " + refused);
    }
    assertThat(second.reencryptTokens(1)).as("one row a batch").isEqualTo(new JdbcMcpRegistrationStore.Reencryption(3, 0, 3));
    JdbcMcpRegistrationStore third = JdbcMcpRegistrationStore.create(dataSource(),
        TokenCipher.aesGcm("k3", Keys.random(32)).withOldKey("k2", k2));
    assertThat(third.reencryptTokens(10_000)).as("all rows in one batch")
        .isEqualTo(new JdbcMcpRegistrationStore.Reencryption(3, 0, 1));
    assertThat(third.list("g1")).hasSize(3).allSatisfy(r -> assertThat(r.token()).contains("s3cret-token"));
  }

  /**
   * A row's secrets are its token, its URL when that holds a secret, or both: the rotation rewrites whichever the
   * row has, and afterwards each row reads back whole under the new key alone. A row with neither is not a secret
   * row and is left out of the count.
   */
  @Test
  void reencryptionRewritesASealedUrlAndATokenAloneOrTogether() {
    byte[] k1 = Keys.random(32);
    byte[] k2 = Keys.random(32);
    JdbcMcpRegistrationStore before = JdbcMcpRegistrationStore.create(dataSource(), TokenCipher.aesGcm("k1", k1));
    String secretUrl = "https://mcp.example.com/mcp?key=abc";
    String plainUrl = "https://plain.example/mcp";
    McpRegistration both = before.insert(draft("g1", "both")).orElseThrow();
    McpRegistration tokenOnly = before.insert(McpRegistration.draft("g1", "token-only", plainUrl, "tok-1",
        ServerType.GENERAL, null)).orElseThrow();
    McpRegistration urlOnly = before.insert(McpRegistration.draft("g1", "url-only", secretUrl, null,
        ServerType.GENERAL, null)).orElseThrow();
    McpRegistration neither = before.insert(McpRegistration.draft("g1", "neither", plainUrl, null,
        ServerType.GENERAL, null)).orElseThrow();

    JdbcMcpRegistrationStore rotating = JdbcMcpRegistrationStore.create(dataSource(),
        TokenCipher.aesGcm("k2", k2).withOldKey("k1", k1));
    assertThat(rotating.reencryptTokens(10)).isEqualTo(new JdbcMcpRegistrationStore.Reencryption(3, 0, 1));

    List<McpRegistration> read = JdbcMcpRegistrationStore.create(dataSource(), TokenCipher.aesGcm("k2", k2)).list("g1");
    assertThat(read).containsExactly(both, tokenOnly, urlOnly, neither);
    assertThat(read).noneMatch(McpRegistration::tokenUnreadable);
    assertThat(read.get(2).url()).isEqualTo(secretUrl);
    assertThat(read.get(2).token()).isEmpty();
    assertThat(read.get(1).token()).contains("tok-1");
  }

  @Test
  void anUnreadableSecretIsWarnedAboutOnceNamingTheRegistrationAndKeyNeverTheSecret() throws Exception {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    String[] readable = new String[1];
    captureStderr(readable, () -> store.list("g1"));
    assertThat(readable[0]).as("a row the cipher reads is not warned about").doesNotContain("could not be decrypted");

    McpRegistrationStore stranger = JdbcMcpRegistrationStore.create(dataSource(), TokenCipher.aesGcm("k9", Keys.random(32)));
    String[] first = new String[1];
    McpRegistration locked = captureStderr(first, () -> stranger.list("g1").get(0));
    assertThat(locked.tokenUnreadable()).isTrue();
    assertThat(first[0]).contains("Secrets (token or URL) of MCP registration " + a.id() + " in guild g1 could not be "
        + "decrypted (key id [" + cipher().currentKeyId() + "], this cipher knows [k9])")
        .contains(McpFailureCodes.TOKEN_UNREADABLE).doesNotContain("s3cret-token").doesNotContain("key=abc");
    String[] again = new String[1];
    captureStderr(again, () -> stranger.list("g1"));
    assertThat(again[0]).as("once per registration and key").doesNotContain("could not be decrypted");
  }

  String column(String name, long id) throws SQLException {
    return query(dataSource(), "SELECT " + name + " FROM " + TABLE + " WHERE id = " + id);
  }

  static void execute(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  static String query(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql); ResultSet rows = s.executeQuery()) {
      rows.next();
      return rows.getString(1);
    }
  }

  /** Runs work with System.err captured (slf4j-simple writes there and looks it up on each message). */
  static <T> T captureStderr(String[] into, java.util.function.Supplier<T> work) {
    PrintStream original = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      return work.get();
    } finally {
      System.setErr(original);
      into[0] = bytes.toString(StandardCharsets.UTF_8);
    }
  }
}
