package dev.loadout.direct;

import dev.loadout.core.store.MutableClock;
import static dev.loadout.direct.DirectFixtures.EXA;
import static dev.loadout.direct.DirectFixtures.EXA_TEMPLATE;
import static dev.loadout.direct.DirectFixtures.T0;
import static dev.loadout.direct.DirectFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.loadout.core.store.SqliteDatabase;

/** The contract on a real SQLite file; two stores on one file stand for two processes. */
class SqliteDirectConfigStoreTest extends JdbcDirectConfigStoreContract {
  @TempDir
  Path folder;

  @Override
  DataSource dataSource() {
    return SqliteDatabase.file(folder.resolve("configs.db")).dataSource();
  }

  @Test
  void aConfigSavedBeforeARestartIsRestoredAndRoutesTheSearchCommand() {
    DirectCatalog before = DirectFixtures.catalog().save(EXA, DirectConfig.builder("web_search_exa")
        .command("/search").template(EXA_TEMPLATE).build());
    SavedDirectConfigs empty = store.load(SCOPE);
    store.save(SCOPE, empty.version(), empty.with(before.config("web_search_exa").orElseThrow()).configs());

    DirectConfigStore restarted = JdbcDirectConfigStore.create(dataSource());
    SavedDirectConfigs saved = restarted.load(SCOPE);
    DirectCatalog catalog = DirectCatalog.restore(List.of("/help", "clear", "mcp-cancel"), saved.configs(),
        name -> name.equals(EXA.name()) ? EXA : null);
    DirectSettings settings = DirectSettings.defaults().withGeneration(saved.version());
    DirectRouter router = DirectRouter.of(catalog, new InMemoryToolTaskStore(), settings,
        new MutableClock(T0));

    DirectDecision decision = router.route(IncomingMessage.of("s1", "m1", "/search 冰雪奇缘最新官方消息"));

    assertThat(catalog.restoreProblems()).isEmpty();
    assertThat(decision).isInstanceOfSatisfying(DirectDecision.Invoke.class, invoke -> {
      assertThat(invoke.toolName()).isEqualTo("web_search_exa");
      assertThat(invoke.arguments()).isEqualTo(json(
          "{\"query\":\"冰雪奇缘最新官方消息\",\"objective\":\"Find the latest official news\",\"numResults\":3}"));
      assertThat(invoke.task().generation()).isEqualTo(1);
    });
  }
}
