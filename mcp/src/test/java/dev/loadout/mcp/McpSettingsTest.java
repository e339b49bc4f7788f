package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class McpSettingsTest {
  @Test
  void defaultsMatchTheDocumentedValues() {
    McpSettings s = McpSettings.fromEnvironment(Map.of());
    assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(15));
    assertThat(s.executionTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(s.failureCooldown()).isEqualTo(Duration.ofSeconds(30));
    assertThat(s.maxFailureCooldown()).isEqualTo(Duration.ofMinutes(5));
    assertThat(s.failureThreshold()).isEqualTo(3);
    assertThat(s.toolListTtl()).isEqualTo(Duration.ofMinutes(5));
    assertThat(s.progressInterval()).isEqualTo(Duration.ofSeconds(1));
    assertThat(s.connectionTtl()).isEqualTo(Duration.ofMinutes(10));
    assertThat(s.maxServersPerGuild()).isEqualTo(10);
    assertThat(s.snapshotMaxNames()).isEqualTo(100);
    assertThat(s.snapshotNameMaxCodePoints()).isEqualTo(128);
    // Unset RUN_ENV is production: HTTPS required.
    assertThat(s.requireHttps()).isTrue();
  }

  @Test
  void onlyADevelopmentRunEnvLiftsTheHttpsRule() {
    for (String dev : new String[] {"development", "dev", "local", "test", " DEV "}) {
      assertThat(McpSettings.fromEnvironment(Map.of("RUN_ENV", dev)).requireHttps()).as(dev).isFalse();
    }
    for (String prod : new String[] {"production", "staging", "", "developer"}) {
      assertThat(McpSettings.fromEnvironment(Map.of("RUN_ENV", prod)).requireHttps()).as(prod).isTrue();
    }
  }

  @Test
  void durationsMayCarryAUnitAndHaveRanges() {
    McpSettings s = McpSettings.fromEnvironment(Map.of("GUILD_MCP_EXECUTION_TIMEOUT_MS", "2min",
        "GUILD_MCP_CONNECTION_TTL_MINUTES", "3"));
    assertThat(s.executionTimeout()).isEqualTo(Duration.ofMinutes(2));
    assertThat(s.connectionTtl()).isEqualTo(Duration.ofMinutes(3));
    assertThatThrownBy(() -> McpSettings.fromEnvironment(Map.of("GUILD_MCP_CONNECT_TIMEOUT_MS", "9223372035855")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("GUILD_MCP_CONNECT_TIMEOUT_MS must be a duration");
  }

  @Test
  void environmentVariablesAreReadAndProductionRequiresHttps() {
    McpSettings s = McpSettings.fromEnvironment(Map.of("GUILD_MCP_CONNECT_TIMEOUT_MS", "2500",
        "GUILD_MCP_FAILURE_COOLDOWN_MS", " 1000 ", "MAX_MCP_SERVERS_PER_GUILD", "3", "RUN_ENV", "Production"));
    assertThat(s.connectTimeout()).isEqualTo(Duration.ofMillis(2500));
    assertThat(s.failureCooldown()).isEqualTo(Duration.ofSeconds(1));
    assertThat(s.maxServersPerGuild()).isEqualTo(3);
    assertThat(s.requireHttps()).isTrue();
  }

  @Test
  void theHealthSettingsAreReadFromTheirVariables() {
    McpSettings s = McpSettings.fromEnvironment(Map.of("GUILD_MCP_FAILURE_COOLDOWN_MS", "2000",
        "GUILD_MCP_MAX_FAILURE_COOLDOWN_MS", "16000", "GUILD_MCP_FAILURE_THRESHOLD", "5", "GUILD_MCP_TOOL_LIST_TTL_MS", "60000",
        "GUILD_MCP_PROGRESS_INTERVAL_MS", "250"));
    assertThat(s.failureCooldown()).isEqualTo(Duration.ofSeconds(2));
    assertThat(s.maxFailureCooldown()).isEqualTo(Duration.ofSeconds(16));
    assertThat(s.failureThreshold()).isEqualTo(5);
    assertThat(s.toolListTtl()).isEqualTo(Duration.ofMinutes(1));
    assertThat(s.progressInterval()).isEqualTo(Duration.ofMillis(250));
  }

  @Test
  void aBuilderWhoseFirstCooldownIsLongerThanTheDefaultCapRaisesTheCapUnlessTheCapWasSet() {
    assertThat(McpSettings.builder().failureCooldown(Duration.ofHours(1)).build().maxFailureCooldown())
        .isEqualTo(Duration.ofHours(1));
    assertThatThrownBy(() -> McpSettings.builder().failureCooldown(Duration.ofHours(1))
        .maxFailureCooldown(Duration.ofMinutes(5)).build())
        .hasMessage("maxFailureCooldown must not be shorter than failureCooldown (PT1H), but was PT5M");
  }

  @Test
  void aFirstCooldownLongerThanTheDefaultCapRaisesTheCapUnlessTheCapIsSet() {
    McpSettings raised = McpSettings.fromEnvironment(Map.of("GUILD_MCP_FAILURE_COOLDOWN_MS", "600000"));
    assertThat(raised.maxFailureCooldown()).isEqualTo(Duration.ofMinutes(10));
    assertThatThrownBy(() -> McpSettings.fromEnvironment(Map.of("GUILD_MCP_FAILURE_COOLDOWN_MS", "600000",
        "GUILD_MCP_MAX_FAILURE_COOLDOWN_MS", "60000")))
        .hasMessage("GUILD_MCP_MAX_FAILURE_COOLDOWN_MS and GUILD_MCP_FAILURE_COOLDOWN_MS: maxFailureCooldown must not be "
            + "shorter than failureCooldown (PT10M), but was PT1M");
    assertThatThrownBy(() -> McpSettings.fromEnvironment(Map.of("GUILD_MCP_EXECUTION_TIMEOUT_MS", "90000000")))
        .hasMessage("GUILD_MCP_EXECUTION_TIMEOUT_MS must be a duration from 1 ms to 1 day (a whole number of "
            + "milliseconds, or one with ms, s, min, h or d), but was '90000000'");
  }

  @Test
  void aBadValueIsRefusedNamingTheVariable() {
    assertThatThrownBy(() -> McpSettings.fromEnvironment(Map.of("GUILD_MCP_EXECUTION_TIMEOUT_MS", "0")))
        .hasMessage("GUILD_MCP_EXECUTION_TIMEOUT_MS must be a duration from 1 ms to 1 day (a whole number of "
            + "milliseconds, or one with ms, s, min, h or d), but was '0'");
    assertThatThrownBy(() -> McpSettings.fromEnvironment(Map.of("MAX_MCP_SERVERS_PER_GUILD", "ten")))
        .hasMessage("MAX_MCP_SERVERS_PER_GUILD must be a whole number from 1 to 2147483647, but was 'ten'");
    assertThatThrownBy(() -> McpSettings.builder().connectTimeout(Duration.ZERO))
        .hasMessage("connectTimeout must be positive and at most PT24H, but was PT0S");
    assertThatThrownBy(() -> McpSettings.builder().failureThreshold(0))
        .hasMessage("failureThreshold must be 1 to 100, but was 0");
    assertThatThrownBy(() -> McpSettings.builder().executionTimeout(Duration.ofDays(2)))
        .hasMessage("executionTimeout must be positive and at most PT24H, but was PT48H");
  }

  @Test
  void toBuilderKeepsEverySetting() {
    McpSettings s = McpSettings.builder().requireHttps(false).maxResponseBytes(1024).snapshotMaxNames(5).build();
    assertThat(s.toBuilder().build().toString()).isEqualTo(s.toString());
  }
}
