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
}
