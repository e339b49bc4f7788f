package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a host reads of a configuration command's outcome: whether it succeeded, and which tools it found. */
class ConfigOutcomeTest {
  static final McpRegistration WITH_TOOLS = McpRegistration.draft("g1", "files", "https://a.example", null,
      ServerType.GENERAL, List.of("read", "list"));

  @Test
  void theChangesAndAConnectSucceedAndEveryOtherCodeFails() {
    for (String ok : List.of(ConfigOutcome.ADDED, ConfigOutcome.UPDATED, ConfigOutcome.REMOVED,
        ConfigOutcome.UNCHANGED, ConfigOutcome.CONNECTED)) {
      assertThat(new ConfigOutcome(ok, "m", null).succeeded()).as(ok).isTrue();
    }
    for (String failed : List.of(ConfigOutcome.INVALID_INPUT, ConfigOutcome.INVALID_TYPE, ConfigOutcome.UNAVAILABLE,
        ConfigOutcome.LIMIT_REACHED, ConfigOutcome.INVALID_URL, ConfigOutcome.BLOCKED_ADDRESS,
        ConfigOutcome.HTTPS_REQUIRED, ConfigOutcome.UNREACHABLE, ConfigOutcome.NOT_AN_MCP_SERVER,
        ConfigOutcome.UNAUTHORIZED, ConfigOutcome.CONNECTION_FAILED, ConfigOutcome.DUPLICATE_OR_WRITE_FAILED,
        ConfigOutcome.NOT_FOUND, ConfigOutcome.WRITE_FAILED)) {
      assertThat(new ConfigOutcome(failed, "m", null).succeeded()).as(failed).isFalse();
    }
  }

  @Test
  void onlyAnAddOrAConnectNamesTheToolsItFound() {
    assertThat(new ConfigOutcome(ConfigOutcome.ADDED, "m", WITH_TOOLS).toolNames()).containsExactly("read", "list");
    assertThat(new ConfigOutcome(ConfigOutcome.CONNECTED, "m", WITH_TOOLS).toolNames()).containsExactly("read", "list");
    for (String other : List.of(ConfigOutcome.UPDATED, ConfigOutcome.REMOVED, ConfigOutcome.UNCHANGED,
        ConfigOutcome.UNREACHABLE)) {
      assertThat(new ConfigOutcome(other, "m", WITH_TOOLS).toolNames()).as(other).isEmpty();
    }
    assertThat(new ConfigOutcome(ConfigOutcome.ADDED, "m", null).toolNames()).isEmpty();
    assertThat(new ConfigOutcome(ConfigOutcome.ADDED, "m", WITH_TOOLS.withToolNames(null)).toolNames()).isEmpty();
  }

  @Test
  void theOutcomeKeepsItsCodeMessageAndRegistration() {
    ConfigOutcome o = new ConfigOutcome(ConfigOutcome.ADDED, "Added files.", WITH_TOOLS);
    assertThat(o.code()).isEqualTo("added");
    assertThat(o.message()).isEqualTo("Added files.");
    assertThat(o.registration()).contains(WITH_TOOLS);
    assertThat(new ConfigOutcome(ConfigOutcome.NOT_FOUND, "No such server.", null).registration()).isEmpty();
    assertThat(o).hasToString("ConfigOutcome{added: Added files.}");
  }
}
