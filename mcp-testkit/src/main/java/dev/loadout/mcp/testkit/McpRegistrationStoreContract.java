package dev.loadout.mcp.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.StoreChange;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.McpRegistrationStore;
import dev.loadout.mcp.ServerType;
import dev.loadout.mcp.ToolSelection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link McpRegistrationStore} must do, as a JUnit 5 suite: extend it and return a fresh, empty store
 * from {@link #newStore()}. It checks ids (positive, never reused), names unique per guild ignoring case, the
 * guild's registration limit, every field and the tool selection read back as written, writes scoped to their
 * guild, an announced change per write that changed something, and the fail-closed reading of an unreadable
 * selection. Loadout's in-memory, SQLite and PostgreSQL stores pass it.
 *
 * <pre>{@code
 * class MyRegistrationStoreTest extends McpRegistrationStoreContract {
 *   protected McpRegistrationStore newStore() { return new MyRegistrationStore(freshDatabase()); }
 * }
 * }</pre>
 *
 * <p>A store that seals tokens or URLs at rest should add tests of its own for that: the suite only reads back what
 * it wrote through the same store.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class McpRegistrationStoreContract {
  /** The store under test, new for each test. */
  protected McpRegistrationStore store;

  /** For subclasses. */
  protected McpRegistrationStoreContract() {}

  /** A new, empty store. */
  protected abstract McpRegistrationStore newStore() throws Exception;

  @BeforeEach
  void createStore() throws Exception {
    store = newStore();
  }

  /** A registration not yet stored, with a token and a URL that carries a secret. */
  protected static McpRegistration draft(String guild, String name) {
    return McpRegistration.draft(guild, name, "https://mcp.example.com/mcp?key=abc", "s3cret-token", ServerType.GENERAL,
        null);
  }

  @Test
  void insertAssignsPositiveIdsAndKeepsEveryField() {
    McpRegistration d = McpRegistration.draft("g1", "search-1", "https://mcp.example.com/x", "tok", ServerType.WEB_SEARCH,
        List.of("web_search", "über tool 🙃"));
    McpRegistration stored = store.insert(d).orElseThrow();
    assertThat(stored.id()).isPositive();
    assertThat(store.list("g1")).containsExactly(stored);
    assertThat(stored).isEqualTo(d.withId(stored.id()));
  }

  @Test
  void unknownAndEmptySnapshotsAreDistinct() {
    McpRegistration unknown = store.insert(draft("g1", "a")).orElseThrow();
    McpRegistration none = store.insert(draft("g1", "b").withToolNames(List.of())).orElseThrow();
    List<McpRegistration> rows = store.list("g1");
    assertThat(rows).extracting(McpRegistration::id).containsExactly(unknown.id(), none.id());
    assertThat(rows.get(0).toolNames()).isEmpty();
    assertThat(rows.get(1).toolNames()).contains(List.of());
  }

  @Test
  void aRegistrationWithoutTokenReadsBackWithout() {
    McpRegistration d = McpRegistration.draft("g1", "plain", "https://a.example", null, ServerType.URL_FETCHER, null);
    assertThat(store.insert(d).orElseThrow().token()).isEmpty();
    assertThat(store.list("g1").get(0).token()).isEmpty();
    assertThat(store.list("g1").get(0).type()).isEqualTo(ServerType.URL_FETCHER);
  }

  @Test
  void insertWithALimitStoresUntilTheGuildIsFullThenSaysWhichRuleRefused() {
    assertThat(store.insert(draft("g1", "a"), 2)).isInstanceOf(McpRegistrationStore.InsertOutcome.Stored.class);
    assertThat(store.insert(draft("g1", "A"), 2)).isEqualTo(new McpRegistrationStore.InsertOutcome.NameTaken("A"));
    assertThat(store.insert(draft("g1", "b"), 2)).isInstanceOf(McpRegistrationStore.InsertOutcome.Stored.class);
    assertThat(store.insert(draft("g1", "c"), 2)).isEqualTo(new McpRegistrationStore.InsertOutcome.LimitReached(2));
    assertThat(store.insert(draft("g2", "c"), 2)).as("another guild has its own count")
        .isInstanceOf(McpRegistrationStore.InsertOutcome.Stored.class);
    assertThat(store.list("g1")).extracting(McpRegistration::name).containsExactly("a", "b");
    assertThatThrownBy(() -> store.insert(draft("g1", "d"), 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aLimitOfOneAdmitsExactlyOneRegistrationPerGuild() {
    assertThat(store.insert(draft("g1", "a"), 1)).isInstanceOf(McpRegistrationStore.InsertOutcome.Stored.class);
    assertThat(store.insert(draft("g1", "b"), 1)).isEqualTo(new McpRegistrationStore.InsertOutcome.LimitReached(1));
    assertThat(store.list("g1")).extracting(McpRegistration::name).containsExactly("a");
  }

  @Test
  void everyWriteIsAnnouncedWithItsGuildAndAWriteThatChangedNothingIsNot() {
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    store.changes().subscribe(McpRegistrationStore.CHANGES, heard::add);
    McpRegistration r = store.insert(draft("g1", "a")).orElseThrow();
    store.setEnabled("g1", r.id(), false);
    store.updateToolSelection("g1", r.id(), ToolSelection.ALL);
    store.updateToolNames("g1", r.id(), List.of("x"));
    store.remove("g1", r.id());
    store.remove("g1", r.id());
    store.insert(draft("g2", "b"), 5);
    assertThat(heard).extracting(StoreChange::scope)
        .containsExactly("g1", "g1", "g1", "g1", "g1", "g2");
  }

  @Test
  void aWriteThatFindsNoRowOfThatGuildIsNotAnnounced() {
    McpRegistration r = store.insert(draft("g1", "a")).orElseThrow();
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    store.changes().subscribe(McpRegistrationStore.CHANGES, heard::add);
    // Each of these names a row that does not exist in that guild: the row is in g1, or the id is unknown.
    assertThat(store.remove("g2", r.id())).isFalse();
    assertThat(store.remove("g1", r.id() + 1_000)).isFalse();
    assertThat(store.setEnabled("g2", r.id(), false)).isFalse();
    assertThat(store.updateToolNames("g2", r.id(), List.of("x"))).isFalse();
    assertThat(store.updateToolSelection("g2", r.id(), SELECTION)).isFalse();
    assertThat(heard).as("nothing changed, so nothing is announced").isEmpty();
    assertThat(store.remove("g1", r.id())).isTrue();
    assertThat(heard).extracting(StoreChange::scope).containsExactly("g1");
  }

  @Test
  void namesAreUniquePerGuildIgnoringCase() {
    assertThat(store.insert(draft("g1", "Alpha"))).isPresent();
    assertThat(store.insert(draft("g1", "alpha"))).isEmpty();
    assertThat(store.insert(draft("g2", "alpha"))).isPresent();
    assertThat(store.list("g1")).hasSize(1);
  }

  @Test
  void idsAreNeverReusedAfterARemoval() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(store.remove("g1", a.id())).isTrue();
    McpRegistration b = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(b.id()).isNotEqualTo(a.id());
  }

  @Test
  void listShowsOnlyTheGuildsOwnRowsInIdOrder() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    store.insert(draft("g2", "b")).orElseThrow();
    McpRegistration c = store.insert(draft("g1", "c")).orElseThrow();
    assertThat(store.list("g1")).containsExactly(a, c);
    assertThat(store.list("nobody")).isEmpty();
  }

  @Test
  void setEnabledChangesOnlyThatRowOfThatGuild() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(store.setEnabled("g1", a.id(), false)).isTrue();
    assertThat(store.list("g1").get(0).enabled()).isFalse();
    assertThat(store.setEnabled("g2", a.id(), true)).isFalse();
    assertThat(store.list("g1").get(0).enabled()).isFalse();
    assertThat(store.setEnabled("g1", 9_999, true)).isFalse();
  }

  @Test
  void removeIsScopedToTheGuild() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(store.remove("g2", a.id())).isFalse();
    assertThat(store.list("g1")).hasSize(1);
    assertThat(store.remove("g1", a.id())).isTrue();
    assertThat(store.remove("g1", a.id())).isFalse();
    assertThat(store.list("g1")).isEmpty();
  }

  @Test
  void updateToolNamesReplacesTheSnapshotAndNothingElse() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(store.updateToolNames("g1", a.id(), List.of("one", "two"))).isTrue();
    assertThat(store.list("g1").get(0)).isEqualTo(a.withToolNames(List.of("one", "two")));
    assertThat(store.updateToolNames("g1", a.id(), List.of())).isTrue();
    assertThat(store.list("g1").get(0).toolNames()).contains(List.of());
    assertThat(store.updateToolNames("g2", a.id(), List.of("x"))).isFalse();
  }

  /** A selection with every part set: allow and deny patterns in a chosen order, and a prefix. */
  protected static final ToolSelection SELECTION = ToolSelection.builder().allow("read_*", "files.list", "fs/*/get", "x**y")
      .deny("*_secret", "read_admin").prefix("gh_").build();

  @Test
  void aDraftWithoutASelectionReadsBackAsAll() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(a.toolSelection()).isSameAs(ToolSelection.ALL);
    assertThat(store.list("g1").get(0).toolSelection()).isEqualTo(ToolSelection.ALL);
  }

  @Test
  void insertKeepsTheToolSelectionWithItsOrderAndPrefix() {
    McpRegistration a = store.insert(draft("g1", "a").withToolSelection(SELECTION)).orElseThrow();
    assertThat(a.toolSelection()).isEqualTo(SELECTION);
    McpRegistration read = store.list("g1").get(0);
    assertThat(read).isEqualTo(a);
    assertThat(read.toolSelection().allow()).containsExactly("read_*", "files.list", "fs/*/get", "x**y");
    assertThat(read.toolSelection().deny()).containsExactly("*_secret", "read_admin");
    assertThat(read.toolSelection().prefix()).contains("gh_");
    assertThat(read.toolSelection().unreadable()).isFalse();
  }

  @Test
  void listsAndPrefixAreStoredIndependently() {
    ToolSelection denyOnly = ToolSelection.builder().deny("delete_*").build();
    ToolSelection prefixOnly = ToolSelection.builder().prefix("jira-").build();
    ToolSelection allowOnly = ToolSelection.builder().allow("*").build();
    store.insert(draft("g1", "a").withToolSelection(denyOnly)).orElseThrow();
    store.insert(draft("g1", "b").withToolSelection(prefixOnly)).orElseThrow();
    store.insert(draft("g1", "c").withToolSelection(allowOnly)).orElseThrow();
    assertThat(store.list("g1")).extracting(McpRegistration::toolSelection).containsExactly(denyOnly, prefixOnly, allowOnly);
  }

  @Test
  void updateToolSelectionReplacesTheSelectionAndNothingElse() {
    McpRegistration a = store.insert(draft("g1", "a").withToolNames(List.of("read_x"))).orElseThrow();
    McpRegistration b = store.insert(draft("g1", "b")).orElseThrow();
    assertThat(store.updateToolSelection("g1", a.id(), SELECTION)).isTrue();
    assertThat(store.list("g1")).containsExactly(a.withToolSelection(SELECTION), b);
    ToolSelection other = ToolSelection.builder().allow("list_*").build();
    assertThat(store.updateToolSelection("g1", a.id(), other)).isTrue();
    assertThat(store.list("g1").get(0).toolSelection()).isEqualTo(other);
    assertThat(store.updateToolSelection("g1", a.id(), ToolSelection.ALL)).isTrue();
    assertThat(store.list("g1").get(0)).isEqualTo(a);
  }

  @Test
  void updateToolSelectionIsScopedToTheGuildAndNeedsAnExistingRow() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(store.updateToolSelection("g2", a.id(), SELECTION)).isFalse();
    assertThat(store.updateToolSelection("g1", 9_999, SELECTION)).isFalse();
    assertThat(store.list("g1").get(0).toolSelection()).isEqualTo(ToolSelection.ALL);
    assertThatThrownBy(() -> store.updateToolSelection("g1", a.id(), null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ToolSelection.ALL");
  }

  @Test
  void otherUpdatesKeepTheToolSelection() {
    McpRegistration a = store.insert(draft("g1", "a").withToolSelection(SELECTION)).orElseThrow();
    store.setEnabled("g1", a.id(), false);
    store.updateToolNames("g1", a.id(), List.of("one"));
    assertThat(store.list("g1").get(0).toolSelection()).isEqualTo(SELECTION);
  }

  @Test
  void theUnreadableSelectionIsStoredAsTheDenyAllItStandsFor() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThat(store.updateToolSelection("g1", a.id(), ToolSelection.unreadableStored())).isTrue();
    ToolSelection read = store.list("g1").get(0).toolSelection();
    assertThat(read.decide("anything").offered()).isFalse();
    assertThat(read.deny()).containsExactly("*");
  }

  @Test
  void insertRefusesARegistrationThatAlreadyHasAnId() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThatThrownBy(() -> store.insert(a)).isInstanceOf(IllegalArgumentException.class);
  }
}
