package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.Interleaving;
import dev.loadout.core.store.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract on PostgreSQL, in a schema of its own per test; see {@link TestDatabases#postgres()}. */
class PostgresMcpRegistrationStoreTest extends JdbcMcpRegistrationStoreContract {
  TestDatabases.PostgresSchema schema;
  final List<TestDatabases.PostgresSchema> more = new ArrayList<>();

  @Override
  protected McpRegistrationStore newStore() {
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

  /**
   * Another process inserts into the guild between this insert's count and its write: the guild's lock makes it
   * wait for this insert to commit, so its own count sees the row and the limit holds.
   */
  @Test
  void anInsertBetweenAnotherInsertsCountAndWriteWaitsAndSeesTheLimit() throws Exception {
    store.insert(draft("g1", "a"));
    Interleaving between = Interleaving.on(schema.dataSource());
    McpRegistrationStore racing = JdbcMcpRegistrationStore.create(between.dataSource(), Keys.CIPHER);
    AtomicReference<McpRegistrationStore.InsertOutcome> other = new AtomicReference<>();
    between.after(sql -> sql.startsWith("SELECT COUNT(*)"), () -> other.set(store.insert(draft("g1", "c"), 2)));

    McpRegistrationStore.InsertOutcome mine = racing.insert(draft("g1", "b"), 2);
    between.awaitCompetitor();

    assertThat(mine).isInstanceOf(McpRegistrationStore.InsertOutcome.Stored.class);
    assertThat(other.get()).isEqualTo(new McpRegistrationStore.InsertOutcome.LimitReached(2));
    assertThat(store.list("g1")).extracting(McpRegistration::name).containsExactly("a", "b");
  }

  /**
   * The insert's lock stands for one guild, not the table: an insert into another guild, made while this one holds
   * its guild's lock between count and write, goes through at once instead of queueing, so it gets the lower id.
   * The two guild ids differ only in their first digit, as snowflakes of guilds made years apart can.
   */
  @Test
  void anInsertIntoAnotherGuildDoesNotWaitForThisGuildsLock() throws Exception {
    String mine = "100000000000000042";
    String theirs = "900000000000000042";
    Interleaving between = Interleaving.on(schema.dataSource());
    McpRegistrationStore racing = JdbcMcpRegistrationStore.create(between.dataSource(), Keys.CIPHER);
    AtomicReference<McpRegistrationStore.InsertOutcome> other = new AtomicReference<>();
    between.after(sql -> sql.startsWith("SELECT COUNT(*)"), () -> other.set(store.insert(draft(theirs, "b"), 1)));

    McpRegistration a = ((McpRegistrationStore.InsertOutcome.Stored) racing.insert(draft(mine, "a"), 1)).registration();
    between.awaitCompetitor();

    McpRegistration b = ((McpRegistrationStore.InsertOutcome.Stored) other.get()).registration();
    assertThat(b.id()).as("stored while the first insert still held its lock").isLessThan(a.id());
    assertThat(store.list(mine)).containsExactly(a);
    assertThat(store.list(theirs)).containsExactly(b);
  }

  @Test
  void itsStringNamesTheDatabaseAndNoSecret() {
    store.insert(draft("g1", "a"));
    assertThat(store).hasToString("JdbcMcpRegistrationStore{POSTGRESQL}");
  }

  /**
   * Two operators start the re-encryption at once, in two processes: one reads a batch, the other rewrites every
   * row before the first writes. Each row's update is conditional on the key it was read under, so every token is
   * rewritten once, and all stay readable under the new key alone.
   */
  @Test
  void twoRacingReencryptionsRewriteEachTokenOnce() throws Exception {
    byte[] k1 = Keys.random(32);
    byte[] k2 = Keys.random(32);
    JdbcMcpRegistrationStore before = JdbcMcpRegistrationStore.create(schema.dataSource(), TokenCipher.aesGcm("k1", k1));
    for (int i = 0; i < 5; i++) {
      before.insert(draft("g1", "r" + i));
    }
    TokenCipher rotated = TokenCipher.aesGcm("k2", k2).withOldKey("k1", k1);
    Interleaving between = Interleaving.on(schema.dataSource());
    JdbcMcpRegistrationStore first = JdbcMcpRegistrationStore.create(between.dataSource(), rotated);
    JdbcMcpRegistrationStore second = JdbcMcpRegistrationStore.create(schema.dataSource(), rotated);
    AtomicReference<JdbcMcpRegistrationStore.Reencryption> other = new AtomicReference<>();
    between.after(sql -> sql.startsWith("SELECT id, guild_id, token_key_id"), () -> other.set(second.reencryptTokens(10)));

    JdbcMcpRegistrationStore.Reencryption mine = first.reencryptTokens(10);
    between.awaitCompetitor();

    assertThat(mine.rewritten() + other.get().rewritten()).as("%s and %s", mine, other.get()).isEqualTo(5);
    assertThat(JdbcMcpRegistrationStore.create(schema.dataSource(), TokenCipher.aesGcm("k2", k2)).list("g1"))
        .hasSize(5).allSatisfy(r -> assertThat(r.token()).contains("s3cret-token"));
  }
}
