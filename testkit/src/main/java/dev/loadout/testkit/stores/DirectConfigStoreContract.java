package dev.loadout.testkit.stores;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.DirectConfigConflictException;
import dev.loadout.direct.DirectConfigStore;
import dev.loadout.direct.KeywordRule;
import dev.loadout.direct.SavedDirectConfigs;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link DirectConfigStore} must do, as a JUnit 5 suite: extend it and return a fresh, empty store from
 * {@link #newStore()} (and {@link #otherProcess()} for a shared store). It checks that every field of every config
 * survives a save and a load elsewhere, versioned saves refuse a stale version, and concurrent saves never lose one.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class DirectConfigStoreContract {
  /** An argument template with a placeholder and fixed fields. */
  protected static final String EXA_TEMPLATE =
      "{\"query\":\"{{input}}\",\"objective\":\"Find the latest official news\",\"numResults\":3}";

  protected static final String SCOPE = "guild-42";

  /** The store under test, new for each test. */
  protected DirectConfigStore store;

  /** A new, empty store. */
  protected abstract DirectConfigStore newStore() throws Exception;

  /** A second store on the same data, as another process (or a restart) would have; the same store in memory. */
  protected DirectConfigStore otherProcess() {
    return store;
  }

  /** Makes the store for the next test. */
  @BeforeEach
  public void createStore() throws Exception {
    store = newStore();
  }

  /** Configs using every field, with each optional one both set and unset somewhere. */
  public static List<DirectConfig> everyField() {
    DirectConfig exa = DirectConfig.builder("web_search_exa").command("/search").template(EXA_TEMPLATE)
        .rule(KeywordRule.prefix("帮我搜索")).rule(KeywordRule.regex("^搜索\\s+(.+)$").mentionRequired())
        .rule(KeywordRule.prefix("find").disabled()).description("Search the web (operator's wording) \"quoted\"")
        .build();
    DirectConfig lookup = new DirectConfig("lookup", "define", null, List.of(), "", false, "fp-123",
        "the parameters schema of tool [lookup] changed since this config was saved; review it and enable it again");
    DirectConfig calc = new DirectConfig("calc", null, "{\"value\":\"{{number:input}}\"}",
        List.of(new KeywordRule(KeywordRule.Kind.REGEX, "^计算 (\\d+)$", true, false)), null, true, null, null);
    return List.of(exa, lookup, calc);
  }

  protected static DirectConfig weather(String command) {
    return DirectConfig.builder("weather").command(command).build();
  }

  @Test
  public void aScopeNeverSavedIsEmptyAtVersionZero() {
    assertThat(store.load(SCOPE)).isEqualTo(new SavedDirectConfigs(SCOPE, 0, List.of()));
  }

  @Test
  public void everyFieldOfEveryConfigSurvivesASaveAndALoadElsewhere() {
    SavedDirectConfigs saved = store.save(SCOPE, 0, everyField());
    assertThat(saved).isEqualTo(new SavedDirectConfigs(SCOPE, 1, everyField()));
    SavedDirectConfigs loaded = otherProcess().load(SCOPE);
    assertThat(loaded).isEqualTo(saved);
    assertThat(loaded.configs().get(1).description()).isEmpty();
    assertThat(loaded.configs().get(2).description()).isNull();
  }

  @Test
  public void eachSaveRaisesTheVersionByOne() {
    SavedDirectConfigs v1 = store.save(SCOPE, 0, List.of(weather("/w")));
    SavedDirectConfigs v2 = store.save(SCOPE, v1.version(), v1.with(weather("/wx")).configs());
    SavedDirectConfigs v3 = store.save(SCOPE, v2.version(), v2.without("weather").configs());
    assertThat(List.of(v1.version(), v2.version(), v3.version())).containsExactly(1L, 2L, 3L);
    assertThat(otherProcess().load(SCOPE)).isEqualTo(new SavedDirectConfigs(SCOPE, 3, List.of()));
  }

  @Test
  public void aStaleSaveIsRefusedAndTheOtherOperatorsConfigIsKept() {
    store.save(SCOPE, 0, List.of(weather("/w")));
    SavedDirectConfigs alice = store.load(SCOPE);
    SavedDirectConfigs bob = otherProcess().load(SCOPE);
    DirectConfig bobsCalc = everyField().get(2);
    SavedDirectConfigs bobSaved = otherProcess().save(SCOPE, bob.version(), bob.with(bobsCalc).configs());

    assertThatThrownBy(() -> store.save(SCOPE, alice.version(), alice.with(weather("/forecast")).configs()))
        .isInstanceOfSatisfying(DirectConfigConflictException.class, e -> {
          assertThat(e.scope()).isEqualTo(SCOPE);
          assertThat(e.expectedVersion()).isEqualTo(1);
          assertThat(e.actualVersion()).isEqualTo(2);
        })
        .hasMessage("direct configs of scope [guild-42] were not saved: expected version 1, but the store holds "
            + "version 2; someone else saved in between, so reload them and apply the change again");
    assertThat(store.load(SCOPE)).isEqualTo(bobSaved);
    assertThat(store.load(SCOPE).configs()).containsExactly(weather("/w"), bobsCalc);
  }

  @Test
  public void aSecondFirstSaveOfAScopeIsRefused() {
    store.save(SCOPE, 0, List.of(weather("/w")));
    assertThatThrownBy(() -> otherProcess().save(SCOPE, 0, List.of(weather("/x"))))
        .isInstanceOfSatisfying(DirectConfigConflictException.class, e -> assertThat(e.actualVersion()).isEqualTo(1));
    assertThat(store.load(SCOPE).configs()).containsExactly(weather("/w"));
  }

  @Test
  public void aSaveFromAVersionTheStoreNeverReachedIsRefused() {
    assertThatThrownBy(() -> store.save(SCOPE, 3, List.of(weather("/w"))))
        .isInstanceOfSatisfying(DirectConfigConflictException.class, e -> assertThat(e.actualVersion()).isZero());
    assertThat(store.load(SCOPE).version()).isZero();
  }

  @Test
  public void scopesAreKeptApart() {
    store.save(SCOPE, 0, List.of(weather("/w")));
    store.save("guild-7", 0, everyField());
    assertThat(otherProcess().load(SCOPE).configs()).containsExactly(weather("/w"));
    assertThat(otherProcess().load("guild-7").configs()).isEqualTo(everyField());
  }

  @Test
  public void badArgumentsAreRefusedNamingTheValue() {
    assertThatThrownBy(() -> store.load(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("scope must not be blank, but was [ ]");
    assertThatThrownBy(() -> store.save(SCOPE, -1, List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expectedVersion must be at least 0, but was -1");
    assertThatThrownBy(() -> store.save(SCOPE, 0, List.of(weather("/a"), weather("/b"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("configs must hold one config per tool, but tool [weather] had two");
    assertThat(store.load(SCOPE).version()).isZero();
  }

  @Test
  public void twoSavesRacingFromOneVersionHaveExactlyOneWinner() throws Exception {
    int rounds = 200;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < rounds; round++) {
        long version = store.load(SCOPE).version();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<SavedDirectConfigs>> results = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
          DirectConfigStore s = side == 0 ? store : otherProcess();
          List<DirectConfig> mine = List.of(weather("/r" + round + "s" + side));
          results.add(pool.submit(() -> {
            start.await();
            try {
              return s.save(SCOPE, version, mine);
            } catch (DirectConfigConflictException lost) {
              assertThat(lost.actualVersion()).isEqualTo(version + 1);
              return null;
            }
          }));
        }
        start.countDown();
        List<SavedDirectConfigs> winners = new ArrayList<>();
        for (Future<SavedDirectConfigs> f : results) {
          SavedDirectConfigs won = f.get();
          if (won != null) {
            winners.add(won);
          }
        }
        assertThat(winners).as("winners of round %d", round).hasSize(1);
        assertThat(store.load(SCOPE)).isEqualTo(winners.get(0));
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(store.load(SCOPE).version()).isEqualTo(rounds);
  }
}
