package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A registration refuses every bad part with an {@link IllegalArgumentException} naming it, never an NPE. */
class McpRegistrationInputTest {
  private static final String URL = "https://mcp.example.com/mcp";

  @Test
  void aNullTypeIsRefusedNamingIt() {
    assertThatThrownBy(() -> McpRegistration.draft("g1", "search", URL, null, null, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("registration type must not be null");
    assertThatThrownBy(() -> McpRegistration.stored(7, "g1", "search", URL, null, null, true, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("registration type must not be null");
  }

  @Test
  void aNullToolNameIsRefusedNamingItsPosition() {
    List<String> names = Arrays.asList("search", null);
    assertThatThrownBy(() -> McpRegistration.draft("g1", "search", URL, null, ServerType.GENERAL, names))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("tool names must not contain null, but [1] was null");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "search", URL, null, ServerType.GENERAL, List.of())
        .withToolNames(names)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void nullPartsAreRefusedAsBlankOrInvalid() {
    assertThatThrownBy(() -> McpRegistration.draft(null, "search", URL, null, ServerType.GENERAL, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("guild id");
    assertThatThrownBy(() -> McpRegistration.draft("g1", null, URL, null, ServerType.GENERAL, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("registration name");
    assertThatThrownBy(() -> McpRegistration.draft("g1", "search", null, null, ServerType.GENERAL, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("registration URL");
  }

  @Test
  void aValidDraftKeepsItsParts() {
    McpRegistration r = McpRegistration.draft("g1", "search", URL, null, ServerType.WEB_SEARCH, List.of("a", "b"));
    assertThat(r.type()).isEqualTo(ServerType.WEB_SEARCH);
    assertThat(r.toolNames()).contains(List.of("a", "b"));
    assertThat(r.id()).isZero();
  }
}
