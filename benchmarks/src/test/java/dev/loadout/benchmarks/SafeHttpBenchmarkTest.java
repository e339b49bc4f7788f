package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Keeps the comparison honest: every adapter fetches the same bytes, and the safe one really is guarded. */
final class SafeHttpBenchmarkTest {
  private static HttpServer server;

  @BeforeAll
  static void start() {
    server = SafeHttpBenchmark.startServer();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  @Test
  void everyAdapterFetchesTheSame200KbPage() throws Exception {
    byte[] expected = SafeHttpBenchmark.page();
    assertThat(expected).hasSize(200 * 1024);
    for (SafeHttpBenchmark.Adapter adapter : SafeHttpBenchmark.Adapter.values()) {
      try (SafeHttpBenchmark.Fetcher fetcher = adapter.create(server.getAddress().getPort())) {
        assertThat(fetcher.fetch()).as(adapter.name()).isEqualTo(expected);
        assertThat(fetcher.fetch()).as(adapter.name() + " warm").isEqualTo(expected);
      }
    }
  }

  @Test
  void theSafeAdaptersGoThroughTheGuard() throws Exception {
    int port = server.getAddress().getPort();
    try (SafeHttpBenchmark.Fetcher production = SafeHttpBenchmark.safe(NetworkGuard.of(NetworkPolicy.production(),
        SafeHttpBenchmark::loopback), "http://" + SafeHttpBenchmark.NAME + ":" + port + "/page")) {
      SafeHttpException e = catchThrowableOfType(SafeHttpException.class, production::fetch);
      assertThat(e.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    }
  }
}
