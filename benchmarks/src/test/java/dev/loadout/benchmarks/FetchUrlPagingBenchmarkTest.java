package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Keeps the comparison honest: each adapter reads the same ten windows, with the downloads it claims. */
final class FetchUrlPagingBenchmarkTest {

  private static int[] oneRead(FetchUrlPagingBenchmark.Adapter adapter) throws Exception {
    FetchUrlPagingBenchmark bench = new FetchUrlPagingBenchmark();
    bench.adapter = adapter;
    bench.setUp();
    try {
      return bench.countOneRead();
    } finally {
      bench.tearDown();
    }
  }

  @Test
  void keptPagesAreDownloadedOnceAndTheBaselineOncePerWindow() throws Exception {
    assertThat(oneRead(FetchUrlPagingBenchmark.Adapter.KEPT)).containsExactly(10, 1, 1);
    assertThat(oneRead(FetchUrlPagingBenchmark.Adapter.KEPT_ETAG)).containsExactly(10, 1, 10);
    assertThat(oneRead(FetchUrlPagingBenchmark.Adapter.EVERY_WINDOW)).containsExactly(10, 10, 10);
  }
}
