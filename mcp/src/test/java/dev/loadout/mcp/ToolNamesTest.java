package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ToolNamesTest {
  static final String PREFIX_24 = "abcdefghijklmnopqrstuvwx";

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

  @Test
  void anEmptyPrefixIsTheUnprefixedRule() {
    for (String name : List.of("get-sum_2", "files.read", "x".repeat(128), "a".repeat(64), "a".repeat(65))) {
      assertThat(ToolNames.providerSafe("", name)).isEqualTo(ToolNames.providerSafe(name));
    }
  }

  @Test
  void hashesAreTheSameInEveryProcess() {
    // Literal SHA-256 prefixes: a model name never depends on the JVM, the locale or the run.
    assertThat(ToolNames.providerSafe("files.read")).isEqualTo("files_read_601e4eb6");
    assertThat(ToolNames.providerSafe("gh_", "files.read")).isEqualTo("gh_files_read_601e4eb6");
    assertThat(ToolNames.providerSafe("x".repeat(128))).isEqualTo("x".repeat(55) + "_24da1b81");
  }

  @Test
  void aPrefixedNameThatFitsIsKeptWholeUpTo64Characters() {
    String forty = "n".repeat(40);
    assertThat(ToolNames.providerSafe(PREFIX_24, forty)).isEqualTo(PREFIX_24 + forty).hasSize(64);
    assertThat(ToolNames.providerSafe("gh_", "search")).isEqualTo("gh_search");
  }

  @Test
  void aPrefixedNameTooLongKeepsThePrefixAndRoomForTheHash() {
    String name = "a".repeat(41);
    String mapped = ToolNames.providerSafe(PREFIX_24, name);
    assertThat(mapped).hasSize(64).startsWith(PREFIX_24).endsWith("_c0f8bd4d").matches(ToolSpec.NAME_PATTERN);
    assertThat(mapped).isEqualTo(PREFIX_24 + "a".repeat(64 - 24 - 9) + "_c0f8bd4d");
    String longest = ToolNames.providerSafe(PREFIX_24, "x.".repeat(64));
    assertThat(longest).hasSize(64).startsWith(PREFIX_24).matches(ToolSpec.NAME_PATTERN);
  }

  @Test
  void distinctMcpNamesKeepDistinctModelNamesBehindAPrefix() {
    // Names that collide once cleaned or cut: differing only in '.' against '_', or only past the cut.
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      names.add("tool_" + i);
      names.add("tool." + i);
      names.add("tool/" + i);
      names.add("x".repeat(100) + i);
      names.add("x".repeat(35) + "." + i);
    }
    for (String prefix : List.of("", "gh_", PREFIX_24)) {
      Set<String> mapped = new HashSet<>();
      for (String n : names) {
        String m = ToolNames.providerSafe(prefix, n);
        assertThat(m).startsWith(prefix).matches(ToolSpec.NAME_PATTERN);
        mapped.add(m);
      }
      assertThat(mapped).as("prefix [%s]", prefix).hasSize(names.size());
    }
  }

  @Test
  void aPrefixTheSelectionWouldRefuseIsRefusedHereToo() {
    assertThatThrownBy(() -> ToolNames.providerSafe(PREFIX_24 + "y", "a")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most 24");
    assertThatThrownBy(() -> ToolNames.providerSafe("g.h", "a")).isInstanceOf(IllegalArgumentException.class);
  }
}
