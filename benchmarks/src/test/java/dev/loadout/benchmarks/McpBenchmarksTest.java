package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolSource;
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
        assertThat(first).as(guild.name()).hasSize(guild.healthy);
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
        assertThat(bench.firstGather()).hasSize(4);
        bench.checkAndClose();
      }
    } finally {
      bench.stopServers();
    }
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
