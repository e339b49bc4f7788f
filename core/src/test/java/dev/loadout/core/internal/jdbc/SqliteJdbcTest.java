package dev.loadout.core.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.StoreException;
import dev.loadout.core.store.TestDatabases;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

class SqliteJdbcTest extends JdbcContract {
  @TempDir
  Path folder;

  @Override
  DataSource dataSource() {
    return TestDatabases.sqlite(folder);
  }

  @Override
  JdbcDialect expectedDialect() {
    return JdbcDialect.SQLITE;
  }

  @Test
  void unreachableDatabaseIsAStoreExceptionWithoutTheUrl() {
    SQLiteDataSource broken = new SQLiteDataSource();
    broken.setUrl("jdbc:sqlite:" + folder.resolve("no/such/folder/x.db"));
    assertThatThrownBy(() -> new Jdbc(broken, "items_store").dialect())
        .isInstanceOf(StoreException.class)
        .hasMessageStartingWith("store items_store could not detect the database: ");
  }

  @Test
  void versionsCompareByNumberNotByText() {
    org.assertj.core.api.Assertions.assertThat(Jdbc.compareVersions("3.35.0", Jdbc.MIN_SQLITE)).isZero();
    org.assertj.core.api.Assertions.assertThat(Jdbc.compareVersions("3.9.2", "3.35.0")).isNegative();
    org.assertj.core.api.Assertions.assertThat(Jdbc.compareVersions("3.54.1", "3.35.0")).isPositive();
    org.assertj.core.api.Assertions.assertThat(Jdbc.compareVersions("3.35", "3.35.0")).isZero();
    org.assertj.core.api.Assertions.assertThat(Jdbc.compareVersions("4.0.0", "3.35.0")).isPositive();
  }
}
