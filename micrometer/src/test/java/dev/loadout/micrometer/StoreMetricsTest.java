package dev.loadout.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolSpec;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectCatalogs;
import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.DirectConfigConflictException;
import dev.loadout.direct.InMemoryDirectConfigStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two admins save one guild's commands at once through two catalogs on one store; the loser's save is counted. */
class StoreMetricsTest {
  static final ToolSpec LOOKUP = ToolSpec.builder("lookup",
      "{\"type\":\"object\",\"properties\":{\"word\":{\"type\":\"string\"}},\"required\":[\"word\"]}").build();

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final InMemoryDirectConfigStore store = new InMemoryDirectConfigStore();

  DirectCatalogs catalogs() {
    return DirectCatalogs.builder(store, List.of(), n -> n.equals("lookup") ? LOOKUP : null)
        .listener(new StoreMetrics(registry)).build();
  }

  static DirectConfig command(String name) {
    return DirectCatalog.empty(List.of()).save(LOOKUP, DirectConfig.builder("lookup").command(name).build())
        .config("lookup").orElseThrow();
  }

  @Test
  void aRefusedSaveIsCountedByStoreAndAnAcceptedOneIsNot() {
    DirectCatalogs alice = catalogs();
    DirectCatalogs bob = catalogs();
    long aliceLoaded = alice.saved("g1").version();
    long bobLoaded = bob.saved("g1").version();

    alice.save("g1", aliceLoaded, List.of(command("/define")));
    assertThat(registry.find("loadout.store.conflicts").counter()).as("nothing refused yet").isNull();
    assertThatThrownBy(() -> bob.save("g1", bobLoaded, List.of(command("/lookup"))))
        .isInstanceOf(DirectConfigConflictException.class);

    assertThat(registry.get("loadout.store.conflicts").tag("store", "direct_configs").counter().count()).isEqualTo(1.0);
    assertThat(bob.catalog("g1").config("lookup").orElseThrow().commandName()).as("alice's save stays")
        .contains("define");
    bob.save("g1", bob.saved("g1").version(), List.of(command("/lookup")));
    assertThat(registry.get("loadout.store.conflicts").counter().count()).as("a reload and retry is no conflict")
        .isEqualTo(1.0);
  }
}
