package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link McpRegistrationStore} must do; a subclass makes a fresh, empty store per test. */
abstract class McpRegistrationStoreContract {
  McpRegistrationStore store;

  abstract McpRegistrationStore newStore() throws Exception;

  @BeforeEach
  void createStore() throws Exception {
    store = newStore();
  }

  static McpRegistration draft(String guild, String name) {
    return McpRegistration.draft(guild, name, "https://mcp.example.com/mcp?key=abc", "s3cret-token", ServerType.GENERAL, null);
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

  @Test
  void insertRefusesARegistrationThatAlreadyHasAnId() {
    McpRegistration a = store.insert(draft("g1", "a")).orElseThrow();
    assertThatThrownBy(() -> store.insert(a)).isInstanceOf(IllegalArgumentException.class);
  }
}
