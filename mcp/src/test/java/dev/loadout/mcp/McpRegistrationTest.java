package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class McpRegistrationTest {
  static final ToolSelection SELECTION = ToolSelection.builder().allow("read_*", "list_*").deny("*_admin").prefix("gh_")
      .build();

  static McpRegistration draft() {
    return McpRegistration.draft("g1", "files", "https://mcp.example.com/mcp?key=abc", "s3cret", ServerType.GENERAL,
        List.of("read_a"));
  }

  @Test
  void theOldFactoriesOfferEveryToolAndTheNewOnesKeepTheSelection() {
    assertThat(draft().toolSelection()).isSameAs(ToolSelection.ALL);
    assertThat(McpRegistration.stored(3, "g1", "files", "https://a.example", null, ServerType.GENERAL, true, null)
        .toolSelection()).isSameAs(ToolSelection.ALL);
    McpRegistration d = McpRegistration.draft("g1", "files", "https://a.example", null, ServerType.GENERAL, null, SELECTION);
    assertThat(d.toolSelection()).isEqualTo(SELECTION);
    McpRegistration s = McpRegistration.stored(3, "g1", "files", "https://a.example", null, ServerType.GENERAL, true, null,
        SELECTION);
    assertThat(s.toolSelection()).isEqualTo(SELECTION);
    assertThat(d.withId(3)).isEqualTo(s);
  }

  @Test
  void everyDerivedRegistrationKeepsTheSelection() {
    McpRegistration r = draft().withToolSelection(SELECTION);
    assertThat(r.withId(7).toolSelection()).isEqualTo(SELECTION);
    assertThat(r.withEnabled(false).toolSelection()).isEqualTo(SELECTION);
    assertThat(r.withToolNames(List.of()).toolSelection()).isEqualTo(SELECTION);
    assertThat(r.withToolSelection(ToolSelection.ALL)).isEqualTo(draft());
  }

  @Test
  void equalityIncludesTheSelection() {
    McpRegistration r = draft().withToolSelection(SELECTION);
    assertThat(r).isNotEqualTo(draft());
    assertThat(r).isEqualTo(draft().withToolSelection(SELECTION.newBuilder().build())).hasSameHashCodeAs(
        draft().withToolSelection(SELECTION.newBuilder().build()));
    assertThat(r).isNotEqualTo(draft().withToolSelection(SELECTION.newBuilder().prefix(null).build()));
  }

  @Test
  void aNullSelectionIsAClearError() {
    assertThatThrownBy(() -> draft().withToolSelection(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool selection must not be null; use ToolSelection.ALL for every tool");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "f", "https://a.example", null, ServerType.GENERAL, null, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ToolSelection.ALL");
  }

  @Test
  void toStringShowsTheSelectionShortAndStillNoSecret() {
    assertThat(draft().toString()).doesNotContain("selection").doesNotContain("s3cret").doesNotContain("key=abc");
    assertThat(draft().withToolSelection(SELECTION).toString()).endsWith(", tools=1, selection=allow 2, deny 1, prefix gh_}")
        .doesNotContain("s3cret").doesNotContain("read_*");
    assertThat(draft().withToolSelection(ToolSelection.builder().deny("x").build()).toString())
        .endsWith(", selection=deny 1}");
    assertThat(draft().withToolSelection(ToolSelection.unreadableStored()).toString())
        .endsWith(", selection=unreadable (hides all)}");
  }

  @Test
  void aUrlAndATokenMayHave500CharactersAndNoMore() {
    String url = "https://a.example/" + "p".repeat(500 - 18);
    assertThat(McpRegistration.draft("g1", "f", url, "t".repeat(500), ServerType.GENERAL, null).url()).hasSize(500);
    assertThatThrownBy(() -> McpRegistration.draft("g1", "f", url + "p", null, ServerType.GENERAL, null))
        .hasMessage("registration URL must be 1 to 500 characters, but had 501");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "f", " ", null, ServerType.GENERAL, null))
        .hasMessage("registration URL must be 1 to 500 characters, but had 1");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "f", null, null, ServerType.GENERAL, null))
        .hasMessage("registration URL must be 1 to 500 characters, but had none");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "f", url, "t".repeat(501), ServerType.GENERAL, null))
        .hasMessage("auth token must be 1 to 500 characters, but had 501");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "f", url, "   ", ServerType.GENERAL, null))
        .hasMessage("auth token must be 1 to 500 characters, but had 3");
  }

  @Test
  void aDraftHasIdZeroAndAStoredRegistrationAPositiveOne() {
    assertThat(draft().withId(1).id()).isEqualTo(1);
    assertThatThrownBy(() -> draft().withId(0)).hasMessage("a stored registration's id must be positive, but was 0");
    assertThatThrownBy(() -> McpRegistration.stored(-1, "g1", "f", "https://a.example", null, ServerType.GENERAL, true,
        null)).hasMessage("a stored registration's id must be positive, but was -1");
  }

  @Test
  void theGuildAndTheNameAreChecked() {
    assertThatThrownBy(() -> McpRegistration.draft(" ", "f", "https://a.example", null, ServerType.GENERAL, null))
        .hasMessage("guild id must not be blank, but was  ");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "-f", "https://a.example", null, ServerType.GENERAL, null))
        .hasMessage("registration name must match ^[a-zA-Z0-9][a-zA-Z0-9-]{0,31}$, but was -f");
    assertThat(McpRegistration.draft("g1", "F-" + "9".repeat(30), "https://a.example", null, ServerType.GENERAL, null)
        .name()).hasSize(32);
  }

  @Test
  void theToolNamesAreCopiedAndUnknownIsNotEmpty() {
    List<String> names = new java.util.ArrayList<>(List.of("a"));
    McpRegistration r = draft().withToolNames(names);
    names.add("b");
    assertThat(r.toolNames()).contains(List.of("a"));
    assertThat(draft().withToolNames(null).toolNames()).isEmpty();
    assertThat(draft().withToolNames(null)).isNotEqualTo(draft().withToolNames(List.of()));
  }

  @Test
  void everyPartTakesPartInEquality() {
    McpRegistration r = McpRegistration.stored(3, "g1", "files", "https://a.example", "tok", ServerType.GENERAL, true,
        List.of("a"));
    assertThat(r).isEqualTo(McpRegistration.stored(3, "g1", "files", "https://a.example", "tok", ServerType.GENERAL,
        true, List.of("a"))).hasSameHashCodeAs(McpRegistration.stored(3, "g1", "files", "https://a.example", "tok",
        ServerType.GENERAL, true, List.of("a")));
    List<McpRegistration> others = List.of(r.withId(4), r.withEnabled(false), r.withToolNames(List.of("b")),
        McpRegistration.stored(3, "g2", "files", "https://a.example", "tok", ServerType.GENERAL, true, List.of("a")),
        McpRegistration.stored(3, "g1", "other", "https://a.example", "tok", ServerType.GENERAL, true, List.of("a")),
        McpRegistration.stored(3, "g1", "files", "https://b.example", "tok", ServerType.GENERAL, true, List.of("a")),
        McpRegistration.stored(3, "g1", "files", "https://a.example", "tik", ServerType.GENERAL, true, List.of("a")),
        McpRegistration.stored(3, "g1", "files", "https://a.example", "tok", ServerType.WEB_SEARCH, true,
            List.of("a")),
        r.withTokenUnreadable());
    for (McpRegistration o : others) {
      assertThat(r).as(o.toString()).isNotEqualTo(o);
    }
    assertThat(r).isNotEqualTo("McpRegistration");
    assertThat(r.guildId()).isEqualTo("g1");
    assertThat(r.token()).contains("tok");
    assertThat(r.enabled()).isTrue();
    assertThat(r.withEnabled(false).enabled()).isFalse();
  }

  @Test
  void aRegistrationReadWithoutItsTokenSaysSoUntilItIsChanged() {
    McpRegistration r = draft().withTokenUnreadable();
    assertThat(r.tokenUnreadable()).isTrue();
    assertThat(r.token()).isEmpty();
    assertThat(r.url()).isEqualTo(draft().url());
    assertThat(r.toolNames()).isEqualTo(draft().toolNames());
    assertThat(r.toString()).contains(", token unreadable").doesNotContain("token=[redacted]");
    assertThat(draft().tokenUnreadable()).isFalse();
    assertThat(r.withEnabled(false).tokenUnreadable()).isFalse();
  }

  @Test
  void toStringNamesWhatAnOperatorNeedsAndNoSecret() {
    assertThat(draft().toString()).isEqualTo(
        "McpRegistration{id=0, guild=g1, name=files, url=https://mcp.example.com, token=[redacted], type="
            + ServerType.GENERAL.wireName() + ", tools=1}");
    assertThat(McpRegistration.draft("g1", "f", "https://a.example", null, ServerType.GENERAL, null).withEnabled(false)
        .toString()).isEqualTo("McpRegistration{id=0, guild=g1, name=f, url=https://a.example, type="
            + ServerType.GENERAL.wireName() + ", disabled, tools=unknown}");
  }
}
