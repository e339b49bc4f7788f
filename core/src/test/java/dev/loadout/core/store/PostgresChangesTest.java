package dev.loadout.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.internal.jdbc.Jdbc;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LISTEN/NOTIFY in one JVM: two feeds stand for two processes. Waits are for an arriving change, bounded. */
class PostgresChangesTest {
  @TempDir
  Path folder;

  @Test
  void aCommittedWriteIsHeardByTheOtherFeedAndARolledBackOneIsNot() throws Exception {
    try (TestDatabases.PostgresSchema db = TestDatabases.postgres();
        PostgresChanges mine = PostgresChanges.builder(db.dataSource()).build();
        PostgresChanges theirs = PostgresChanges.builder(db.dataSource()).build()) {
      assertThat(theirs.awaitListening(Duration.ofSeconds(10))).isTrue();
      LinkedBlockingQueue<StoreChange> heard = new LinkedBlockingQueue<>();
      theirs.subscribe("persona_user_blocks", c -> {
        if (!c.isEverything()) {
          heard.add(c);
        }
      });
      Jdbc jdbc = new Jdbc(db.dataSource(), "persona_user_blocks", mine);
      assertThatThrownBy(() -> jdbc.write("roll back", (c, d, changed) -> {
        changed.scope("rolled-back");
        throw new java.sql.SQLException("the write failed");
      })).isInstanceOf(StoreException.class);
      jdbc.write("commit", (c, d, changed) -> {
        changed.scope("committed");
        return null;
      });
      assertThat(heard.poll(PostgresChanges.BOUND_MS, TimeUnit.MILLISECONDS)).as("within the bound")
          .isEqualTo(StoreChange.of("persona_user_blocks", "committed"));
      assertThat(heard).as("the rolled-back write was never announced").isEmpty();
    }
  }

  @Test
  void anotherSchemasChangesAreNotHeard() throws Exception {
    try (TestDatabases.PostgresSchema one = TestDatabases.postgres(); TestDatabases.PostgresSchema two = TestDatabases.postgres();
        PostgresChanges inOne = PostgresChanges.builder(one.dataSource()).build();
        PostgresChanges inTwo = PostgresChanges.builder(two.dataSource()).build()) {
      assertThat(inTwo.awaitListening(Duration.ofSeconds(10))).isTrue();
      LinkedBlockingQueue<StoreChange> heard = new LinkedBlockingQueue<>();
      inTwo.subscribe("k", c -> {
        if (!c.isEverything()) {
          heard.add(c);
        }
      });
      inOne.publish(StoreChange.of("k", "from-one"));
      inTwo.publish(StoreChange.of("k", "from-two"));
      assertThat(heard.poll(PostgresChanges.BOUND_MS, TimeUnit.MILLISECONDS)).isEqualTo(StoreChange.of("k", "from-two"));
      // The feed's own publish is delivered locally at once and again from the server: drain both, then nothing else.
      StoreChange next;
      while ((next = heard.poll(200, TimeUnit.MILLISECONDS)) != null) {
        assertThat(next.scope()).isEqualTo("from-two");
      }
    }
  }

  @Test
  void aDataSourceThatIsNotPostgresIsRefusedAtBuild() {
    assertThatThrownBy(() -> PostgresChanges.builder(TestDatabases.sqlite(folder)).build())
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("not a connection of PostgreSQL's JDBC driver (org.postgresql)")
        .hasMessageContaining("use PollingChanges");
  }

  @Test
  void settingsAreCheckedAtOnce() {
    javax.sql.DataSource any = TestDatabases.sqlite(folder);
    assertThatThrownBy(() -> PostgresChanges.builder(any).channel("Bad-Channel"))
        .hasMessage("channel must be a lower-case identifier of 1 to 63 characters, but was [Bad-Channel]");
    assertThatThrownBy(() -> PostgresChanges.builder(any).reconnectBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .hasMessage("reconnectBackoff needs 0 < min <= max, but was PT2S, PT1S");
    assertThatThrownBy(() -> PostgresChanges.builder(null)).hasMessage("data source must not be null");
  }
}
