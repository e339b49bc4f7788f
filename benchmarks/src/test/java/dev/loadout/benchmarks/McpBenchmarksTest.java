package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The MCP benchmarks measure what they claim: their own set-up checks pass, and idle registrations connect nothing. */
@Timeout(120)
final class McpBenchmarksTest {

  @Test
  void everyGatherGuildPoolsItsHealthyServersAndTheHangingOneIsQuarantined() {
    for (McpGatherBenchmark.Guild guild : McpGatherBenchmark.Guild.values()) {
      McpGatherBenchmark bench = new McpGatherBenchmark();
      bench.guild = guild;
      bench.setUp();
      try {
        List<ToolSource> first = bench.gather();
        assertThat(McpGuild.offering(first)).as(guild.name()).hasSize(guild.healthy);
        assertThat(bench.gather()).as("warm gathers reuse the pooled sources").isSameAs(first);
      } finally {
        bench.tearDown();
      }
    }
  }

  @Test
  void aFirstGatherReturnsTheHealthyServersAndQuarantinesTheHangingOne() {
    McpFirstGatherBenchmark bench = new McpFirstGatherBenchmark();
    bench.connectTimeoutMs = 1000;
    bench.startServers();
    try {
      for (int i = 0; i < 2; i++) {
        bench.newManager();
        assertThat(McpGuild.offering(bench.firstGather())).hasSize(4);
        bench.checkAndClose();
      }
    } finally {
      bench.stopServers();
    }
  }

  @Test
  void theHealthHarnessSeesEachDeathHiddenQuarantinedProbedAndBackWithoutAnOperator() throws Exception {
    List<String> lines = new ArrayList<>();
    McpHealthBenchmark.Options o = McpHealthBenchmark.Options.parse(new String[] {"warmup=200", "healthy=200",
        "after=100", "cycles=3", "paceUs=100", "connectTimeoutMs=500", "executionTimeoutMs=300", "cooldownMs=20",
        "maxCooldownMs=50"});
    McpHealthBenchmark.run(o, lines::add);

    assertThat(lines).allMatch(l -> l.startsWith("McpHealthBenchmark "));
    assertThat(lines).anyMatch(l -> l.startsWith("McpHealthBenchmark dead-killed detect ")
        && l.contains("calls=[s2_tool_0:mcp_connection_lost(retryable)"));
    // A silent server is quarantined by its failed calls: as many as the threshold, each ending at the deadline.
    assertThat(lines).anyMatch(l -> l.startsWith("McpHealthBenchmark dead-silent detect ")
        && l.contains("s2_tool_0:timeout(retryable)") && l.contains("s2_tool_2:timeout(retryable)"));
    for (String death : List.of("dead-killed", "dead-silent")) {
      assertThat(lines).anyMatch(l -> l.startsWith("McpHealthBenchmark " + death + " next100 turns=100 ")
          && l.contains("hidden=mcp_"));
      for (int k = 1; k <= 3; k++) {
        String cycle = "McpHealthBenchmark " + death + " cooldown cycle " + k + " ";
        String outcome = " outcome=" + (k < 3 ? "OPEN" : "CLOSED");
        assertThat(lines).anyMatch(l -> l.startsWith(cycle) && l.contains(outcome));
      }
      assertThat(lines).anyMatch(l -> l.startsWith("McpHealthBenchmark " + death + " target tools-back-after-last-cycle")
          && l.endsWith("PASS"));
    }
    assertThat(lines.get(lines.size() - 1)).startsWith("McpHealthBenchmark result ");
  }

  @Test
  void idleRegistrationsAreLoadedIntoTheCacheWithoutConnecting() throws Exception {
    for (McpRegistrationHeap.Storage storage : McpRegistrationHeap.Storage.values()) {
      McpRegistrationHeap.Result r = McpRegistrationHeap.measure(storage, 500);
      assertThat(r.registrations()).isEqualTo(1_000);
      assertThat(r.connections()).isZero();
      assertThat(r.line()).startsWith("McpRegistrationHeap " + storage.name());
    }
  }
}
