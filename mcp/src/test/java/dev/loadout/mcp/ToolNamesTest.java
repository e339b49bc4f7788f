package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolSpec;
import org.junit.jupiter.api.Test;

class ToolNamesTest {
  @Test
  void providerSafeNamesAreKept() {
    assertThat(ToolNames.providerSafe("get-sum_2")).isEqualTo("get-sum_2");
  }

  @Test
  void dotsAndLongNamesAreMappedDeterministicallyAndDistinctly() {
    String a = ToolNames.providerSafe("files.read");
    assertThat(a).startsWith("files_read_").hasSize("files_read_".length() + 8).isEqualTo(ToolNames.providerSafe("files.read"));
    assertThat(ToolNames.providerSafe("files_read")).isEqualTo("files_read");
    assertThat(ToolNames.providerSafe("files/read")).isNotEqualTo(a);
    String longName = ToolNames.providerSafe("x".repeat(128));
    assertThat(longName).hasSize(64).matches(ToolSpec.NAME_PATTERN);
  }
}
