package dev.loadout.direct;

import dev.loadout.testkit.stores.DirectConfigStoreContract;
import static dev.loadout.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.internal.jdbc.JdbcDialect;
import dev.loadout.core.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The contract on a real database, plus what only a database can hold: payloads written by someone else. */
abstract class JdbcDirectConfigStoreContract extends DirectConfigStoreContract {
  DirectConfigStore other;

  abstract DataSource dataSource() throws Exception;

  @Override
  protected DirectConfigStore newStore() throws Exception {
    DataSource ds = dataSource();
    other = JdbcDirectConfigStore.create(ds);
    return JdbcDirectConfigStore.create(ds, Clock.fixed(T0, ZoneOffset.UTC));
  }

  @Override
  protected DirectConfigStore otherProcess() {
    return other;
  }

  /** Writes a row as another Loadout (or a hand edit) would have. */
  void writeRaw(String scope, long version, int plan, String configs) throws Exception {
    try (Connection c = dataSource().getConnection();
        PreparedStatement s = c.prepareStatement("INSERT INTO " + JdbcDirectConfigStore.TABLE
            + " (scope, version, plan, configs, updated_at) VALUES (?, ?, ?, ?, ?)")) {
      s.setString(1, scope);
      s.setLong(2, version);
      s.setInt(3, plan);
      s.setString(4, configs);
      JdbcDialect.of(c).setInstant(s, 5, T0);
      s.executeUpdate();
    }
  }

  @Test
  void configsSavedByANewerPlanAreRefusedOnLoadAndNotOverwritten() throws Exception {
    writeRaw(SCOPE, 4, 2, "{\"plan\":2,\"configs\":[],\"aliases\":{}}");
    assertThatThrownBy(() -> store.load(SCOPE)).isInstanceOf(StoreException.class)
        .hasMessage("direct configs of scope [guild-42] were saved under config plan 2, but this Loadout knows plan 1;"
            + " upgrade Loadout, because saving them from here would drop the fields this version does not know");
    // A client that never loaded them cannot write over them either: it does not know version 4.
    assertThatThrownBy(() -> store.save(SCOPE, 0, List.of())).isInstanceOf(DirectConfigConflictException.class);
  }

  @Test
  void aMalformedPayloadIsAStoreErrorNamingTheScope() throws Exception {
    writeRaw(SCOPE, 1, 1, "{\"plan\":1,\"configs\":[{\"toolName\":\"calc\"");
    assertThatThrownBy(() -> store.load(SCOPE)).isInstanceOf(StoreException.class)
        .hasMessageStartingWith("direct configs of scope [guild-42] could not be read: ");
  }

  @Test
  void eachSaveIsStampedWithTheStoresClockAndItsPlan() throws Exception {
    store.save(SCOPE, 0, List.of(weather("/w")));
    try (Connection c = dataSource().getConnection();
        PreparedStatement s = c.prepareStatement("SELECT plan, updated_at FROM " + JdbcDirectConfigStore.TABLE
            + " WHERE scope = ?")) {
      s.setString(1, SCOPE);
      try (ResultSet rows = s.executeQuery()) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getInt("plan")).isEqualTo(DirectCatalog.PLAN_VERSION);
        assertThat(JdbcDialect.of(c).getInstant(rows, "updated_at")).isEqualTo(T0);
      }
    }
  }
}
