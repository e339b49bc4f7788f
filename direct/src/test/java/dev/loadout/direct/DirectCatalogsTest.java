package dev.loadout.direct;

import dev.loadout.core.store.MutableClock;
import static dev.loadout.direct.DirectFixtures.LOOKUP;
import static dev.loadout.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.StoreConflict;
import dev.loadout.core.store.StoreListener;
import dev.loadout.core.store.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each scope's catalog from the store, dropped when the store announces the scope or the TTL passes. */
class DirectCatalogsTest {
  final MutableClock clock = new MutableClock(T0);
  final InMemoryDirectConfigStore store = new InMemoryDirectConfigStore();
  final DirectCatalogs catalogs = DirectCatalogs.builder(store, List.of("help"), n -> n.equals("lookup") ? LOOKUP : null)
      .clock(clock).build();

  DirectConfig define() {
    return DirectCatalog.empty(List.of("help")).save(LOOKUP, DirectConfig.builder("lookup").command("/define").build())
        .config("lookup").orElseThrow();
  }

  @Test
  void aScopeIsRestoredOnceAndKeptUntilItChanges() {
    DirectCatalog first = catalogs.catalog("g1");
    assertThat(first.configs()).isEmpty();
    assertThat(catalogs.catalog("g1")).isSameAs(first);
    store.save("g1", 0, List.of(define()));
    assertThat(catalogs.catalog("g1").config("lookup")).as("announced by the store: restored again").isPresent();
    assertThat(catalogs.saved("g1").version()).isEqualTo(1);
  }

  @Test
  void savingThroughTheCatalogsDropsTheScopeAndAStaleSaveIsRefused() {
    catalogs.save("g1", 0, List.of(define()));
    assertThat(catalogs.catalog("g1").config("lookup")).isPresent();
    assertThatThrownBy(() -> catalogs.save("g1", 0, List.of())).isInstanceOf(DirectConfigConflictException.class);
    assertThat(catalogs.catalog("g1").config("lookup")).as("the refused save changed nothing").isPresent();
  }

  /**
   * Two admins edit one guild's commands through two bot processes sharing a SQLite file: both load version 0, the
   * first save wins, the second is refused, and the second process's listener hears the conflict with both
   * versions. The winner's command stays, in both processes.
   */
  @Test
  void aSaveThatLostTheRaceToAnotherProcessIsToldToTheListenerAndTheWinnerStays(@TempDir Path folder) {
    DataSource file = TestDatabases.sqlite(folder);
    List<StoreConflict> heard = new CopyOnWriteArrayList<>();
    DirectCatalogs first = DirectCatalogs.builder(JdbcDirectConfigStore.create(file, clock), List.of("help"),
        n -> n.equals("lookup") ? LOOKUP : null).clock(clock).build();
    DirectCatalogs second = DirectCatalogs.builder(JdbcDirectConfigStore.create(file, clock), List.of("help"),
        n -> n.equals("lookup") ? LOOKUP : null).clock(clock).listener(new StoreListener() {
          @Override
          public void conflict(StoreConflict conflict) {
            heard.add(conflict);
          }
        }).build();
    long loadedByFirst = first.saved("g1").version();
    long loadedBySecond = second.saved("g1").version();

    first.save("g1", loadedByFirst, List.of(define()));
    assertThatThrownBy(() -> second.save("g1", loadedBySecond, List.of()))
        .isInstanceOf(DirectConfigConflictException.class);

    assertThat(heard).containsExactly(new StoreConflict("direct_configs", "g1", 0, 1));
    assertThat(first.catalog("g1").config("lookup")).as("the winner's command, where it was saved").isPresent();
    assertThat(second.catalog("g1").config("lookup")).as("and in the process whose save was refused").isPresent();
    assertThat(second.saved("g1").version()).isEqualTo(1);
  }

  @Test
  void aListenerThatThrowsChangesNothingTheCallerHearsAndIsLoggedOnce() {
    DirectCatalogs noisy = DirectCatalogs.builder(store, List.of("help"), n -> n.equals("lookup") ? LOOKUP : null)
        .clock(clock).listener(new StoreListener() {
          @Override
          public void conflict(StoreConflict conflict) {
            throw new IllegalStateException("listener bug");
          }
        }).build();
    noisy.save("g1", 0, List.of(define()));
    PrintStream original = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    try {
      for (int i = 0; i < 2; i++) {
        assertThatThrownBy(() -> noisy.save("g1", 0, List.of())).isInstanceOf(DirectConfigConflictException.class)
            .hasMessageContaining("expected version 0");
      }
    } finally {
      System.setErr(original);
    }
    assertThat(noisy.catalog("g1").config("lookup")).isPresent();
    String written = log.toString(StandardCharsets.UTF_8);
    assertThat(written.split("threw on a conflict", -1)).as("one WARN for two throws: %s", written).hasSize(2);
    assertThatThrownBy(() -> DirectCatalogs.builder(store, List.of(), n -> null).listener(null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("StoreListener.NONE");
  }

  @Test
  void aStoreThatAnnouncesNothingIsReadAgainAfterTheTtl() {
    DirectConfigStore silent = new DirectConfigStore() {
      @Override
      public SavedDirectConfigs load(String scope) {
        return store.load(scope);
      }

      @Override
      public SavedDirectConfigs save(String scope, long expectedVersion, List<DirectConfig> configs) {
        return store.save(scope, expectedVersion, configs);
      }
    };
    DirectCatalogs cached = DirectCatalogs.builder(silent, List.of(), n -> n.equals("lookup") ? LOOKUP : null)
        .clock(clock).ttl(Duration.ofSeconds(30)).build();
    assertThat(cached.catalog("g1").configs()).isEmpty();
    silent.save("g1", 0, List.of(define()));
    assertThat(cached.catalog("g1").configs()).as("within the TTL").isEmpty();
    clock.advance(Duration.ofSeconds(30));
    assertThat(cached.catalog("g1").config("lookup")).isPresent();
  }

  @Test
  void settingsAreCheckedAtOnce() {
    assertThatThrownBy(() -> DirectCatalogs.builder(store, List.of(), n -> null).ttl(Duration.ZERO))
        .hasMessage("ttl must be positive, but was PT0S");
    assertThatThrownBy(() -> DirectCatalogs.builder(null, List.of(), n -> null)).isInstanceOf(IllegalArgumentException.class);
  }
}
