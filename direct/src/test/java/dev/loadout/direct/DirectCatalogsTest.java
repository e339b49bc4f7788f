package dev.loadout.direct;

import static dev.loadout.direct.DirectFixtures.LOOKUP;
import static dev.loadout.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each scope's catalog from the store, dropped when the store announces the scope or the TTL passes. */
class DirectCatalogsTest {
  final DirectFixtures.MutableClock clock = new DirectFixtures.MutableClock(T0);
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
