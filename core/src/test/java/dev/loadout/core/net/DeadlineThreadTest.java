package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The thread that enforces call deadlines belongs to its client: it starts with the first request, and
 * {@link SafeHttpClient#close()} ends it before returning, so no {@code loadout-http-deadline} thread outlives
 * the clients that used it.
 */
class DeadlineThreadTest {
  private static List<Thread> deadlineThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("loadout-http-deadline") && t.isAlive()).toList();
  }

  private static SafeHttpClient client() {
    return SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development().toBuilder()
        .callTimeout(Duration.ofSeconds(10)).build(), host -> {
          throw new java.net.UnknownHostException(host);
        })).build();
  }

  @Test
  void closingTheClientEndsItsDeadlineThread() throws IOException {
    try (LoopbackServer server = LoopbackServer.http()) {
      // Seen from the server while the client waits for the answer: its call is armed, so its watchdog runs.
      List<Thread> duringCall = new java.util.concurrent.CopyOnWriteArrayList<>();
      server.route("/ok", (request, out) -> {
        duringCall.addAll(deadlineThreads());
        return LoopbackServer.text("fine").respond(request, out);
      });
      List<Thread> before = deadlineThreads();
      SafeHttpClient first = client();
      assertThat(first.get(server.url("/ok")).status()).isEqualTo(200);
      List<Thread> firstThreads = duringCall.stream().filter(t -> !before.contains(t)).distinct().toList();
      assertThat(firstThreads).hasSize(1);
      assertThat(firstThreads).allMatch(Thread::isDaemon);
      SafeHttpClient second = client();
      duringCall.clear();
      assertThat(second.get(server.url("/ok")).status()).isEqualTo(200);
      List<Thread> secondThreads = duringCall.stream().filter(t -> !before.contains(t) && !firstThreads.contains(t))
          .distinct().toList();
      assertThat(secondThreads).hasSize(1);

      first.close();
      assertThat(firstThreads).noneMatch(Thread::isAlive);
      second.close();
      assertThat(secondThreads).noneMatch(Thread::isAlive);
    }
  }

  @Test
  void aClientThatNeverSentStartsNoThread() {
    List<Thread> before = deadlineThreads();
    SafeHttpClient idle = client();
    idle.close();
    assertThat(deadlineThreads()).containsExactlyInAnyOrderElementsOf(before);
  }

  @Test
  void aClosedClientsRequestFailsWithoutStartingAThread() throws IOException {
    try (LoopbackServer server = LoopbackServer.http()) {
      server.route("/ok", LoopbackServer.text("fine"));
      SafeHttpClient c = client();
      c.close();
      List<Thread> before = deadlineThreads();
      try {
        c.get(server.url("/ok"));
      } catch (SafeHttpException | IllegalStateException expected) {
        // the connection pool is shut down
      }
      assertThat(deadlineThreads()).containsExactlyInAnyOrderElementsOf(before);
    }
  }
}
