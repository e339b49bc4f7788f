package dev.loadout.core.net;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link SafeHttpClient#open}: one checked answer serves every request of a session, nothing leaves the
 * checked origin, redirects are reported instead of followed, and streamed bodies keep their caps and can be
 * ended from another thread. Loopback only, names answered by a fake resolver.
 */
@Timeout(30)
class SafeHttpStreamTest {
  private static final Duration HEAD = Duration.ofSeconds(5);
  private final LoopbackServer server = LoopbackServer.http();
  private final FakeDns dns = new FakeDns();
  private final List<InetSocketAddress> attempts = new CopyOnWriteArrayList<>();
  private final NetworkGuard guard = NetworkGuard.of(NetworkPolicy.development(), dns);
  private final SafeHttpClient client = SafeHttpClient.builder(guard).connectListener(attempts::add).build();

  SafeHttpStreamTest() throws IOException {}

  @AfterEach
  void close() throws IOException {
    client.close();
    server.close();
  }

  private String at(String host, String path) {
    return "http://" + host + ":" + server.port() + path;
  }

  private static String readAll(SafeHttpStream s) throws IOException {
    return new String(s.body().readAllBytes(), UTF_8);
  }

  @Test
  void everyRequestOfASessionGoesToTheOnceCheckedAddressEvenAfterTheNameRebinds() throws IOException {
    dns.answer("mcp.test", "127.0.0.1").answer("mcp.test", "169.254.169.254");
    server.route("/a", LoopbackServer.text("first")).route("/b", LoopbackServer.text("second"));
    UrlVerdict checked = guard.check(at("mcp.test", "/a"));

    try (SafeHttpStream a = client.open(SafeHttpRequest.get(at("mcp.test", "/a")), checked, HEAD, HEAD);
        SafeHttpStream b = client.open(SafeHttpRequest.get(at("mcp.test", "/b")), checked, HEAD, HEAD)) {
      assertThat(readAll(a)).isEqualTo("first");
      assertThat(readAll(b)).isEqualTo("second");
    }

    assertThat(dns.calls("mcp.test")).isEqualTo(1);
    assertThat(attempts).isNotEmpty().allSatisfy(a -> assertThat(a.getAddress().getHostAddress()).isEqualTo("127.0.0.1"));
    assertThat(server.requests()).extracting(r -> r.header("host")).containsOnly("mcp.test:" + server.port());
  }

  @Test
  void aUrlOnAnotherOriginIsRefusedWithoutAConnection() {
    UrlVerdict checked = guard.check(server.url("/a"));

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class,
        () -> client.open(SafeHttpRequest.get("http://127.0.0.1:" + (server.port() + 1) + "/a"), checked, HEAD, HEAD));

    assertThat(e.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    assertThat(e.getMessage()).isEqualTo("The URL is not on the checked origin http://127.0.0.1:" + server.port() + ".");
    assertThat(attempts).isEmpty();
    assertThat(server.accepts()).isZero();
  }

  @Test
  void aRedirectIsReportedAsItsStatusAndNotFollowed() throws IOException {
    server.route("/moved", LoopbackServer.redirect(302, "/elsewhere"));

    try (SafeHttpStream s = client.open(SafeHttpRequest.get(server.url("/moved")), guard.check(server.url("/")), HEAD, HEAD)) {
      assertThat(s.status()).isEqualTo(302);
      assertThat(s.header("Location")).hasValue("/elsewhere");
    }
    assertThat(server.requests()).extracting(LoopbackServer.Request::target).containsExactly("/moved");
  }

  @Test
  void aBodyWithoutALengthIsCutAtTheRequestsCapWithBodyTooLarge() throws IOException {
    server.route("/endless", LoopbackServer.raw("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n", 5_000));
    SafeHttpRequest endless = SafeHttpRequest.builder("GET", server.url("/endless")).maxBodyBytes(1_000).build();
    try (SafeHttpStream s = client.open(endless, guard.check(server.url("/")), HEAD, HEAD)) {
      SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> s.body().readAllBytes());
      assertThat(e.code()).isEqualTo(SafeHttpException.BODY_TOO_LARGE);
      assertThat(e.getMessage()).isEqualTo("The response from host '127.0.0.1' is larger than the 1000-byte limit.");
    }
  }

  @Test
  void closingFromAnotherThreadEndsAReadThatWaitsWithoutAnIdleLimit() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    server.route("/events", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"
          .getBytes(ISO_8859_1));
      out.flush();
      release.await(20, TimeUnit.SECONDS);
      return false;
    });
    SafeHttpStream s = client.open(SafeHttpRequest.get(server.url("/events")), guard.check(server.url("/")), HEAD, Duration.ZERO);
    byte[] first = new byte[5];
    assertThat(s.body().readNBytes(first, 0, 5)).isEqualTo(5);
    CompletableFuture<Integer> blocked = CompletableFuture.supplyAsync(() -> {
      try {
        return s.body().read();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });

    s.close();

    Throwable failure = catchThrowableOfType(java.util.concurrent.ExecutionException.class, () -> blocked.get(10, TimeUnit.SECONDS))
        .getCause().getCause();
    assertThat(failure).isInstanceOf(SafeHttpException.class);
    assertThat(((SafeHttpException) failure).code()).isEqualTo(SafeHttpException.CONNECTION_FAILED);
    release.countDown();
  }

  @Test
  void closingTheClientEndsARequestStillWaitingForItsHead() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch arrived = new CountDownLatch(1);
    server.route("/silent", (request, out) -> {
      arrived.countDown();
      release.await(20, TimeUnit.SECONDS);
      return false;
    });
    UrlVerdict checked = guard.check(server.url("/"));
    CompletableFuture<SafeHttpStream> waiting = CompletableFuture.supplyAsync(() -> {
      try {
        return client.open(SafeHttpRequest.get(server.url("/silent")), checked, Duration.ofSeconds(20), Duration.ZERO);
      } catch (SafeHttpException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    assertThat(arrived.await(10, TimeUnit.SECONDS)).as("the request reached the server").isTrue();

    client.close();

    Throwable failure = catchThrowableOfType(java.util.concurrent.ExecutionException.class, () -> waiting.get(10, TimeUnit.SECONDS))
        .getCause().getCause();
    assertThat(failure).isInstanceOf(SafeHttpException.class);
    assertThat(((SafeHttpException) failure).code()).isEqualTo(SafeHttpException.CONNECTION_FAILED);
    assertThat(failure.getMessage()).isEqualTo("The request to host '127.0.0.1' ended because the client was closed.");
    release.countDown();
  }

  @Test
  void aServerThatSendsNoHeadFailsAtTheHeadTimeout() {
    CountDownLatch release = new CountDownLatch(1);
    server.route("/silent", (request, out) -> {
      release.await(20, TimeUnit.SECONDS);
      return false;
    });

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.open(
        SafeHttpRequest.get(server.url("/silent")), guard.check(server.url("/")), Duration.ofMillis(300), Duration.ZERO));

    assertThat(e.code()).isEqualTo(SafeHttpException.DEADLINE_EXCEEDED);
    assertThat(e.getMessage()).isEqualTo("The server at host '127.0.0.1' sent no response within 300 ms.");
    release.countDown();
  }
}
