package dev.loadout.core.net;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Byte caps whatever {@code Content-Length} says, header caps and deadlines, against a loopback server that
 * sends what real servers should not. A slow server may sleep between bytes; the client never sleeps.
 */
class SafeHttpClientLimitsTest {
  private static final int CAP = 64 * 1024;

  private final LoopbackServer server = LoopbackServer.http();
  private final CountDownLatch release = new CountDownLatch(1);
  private final SafeHttpClient client = client(NetworkPolicy.development().toBuilder().maxBodyBytes(CAP)
      .callTimeout(Duration.ofSeconds(10)).build());

  SafeHttpClientLimitsTest() throws IOException {}

  private static SafeHttpClient client(NetworkPolicy policy) {
    return SafeHttpClient.builder(NetworkGuard.of(policy, host -> {
      throw new java.net.UnknownHostException(host);
    })).build();
  }

  @AfterEach
  void close() throws IOException {
    release.countDown();
    client.close();
    server.close();
  }

  private SafeHttpException failure(SafeHttpClient c, SafeHttpRequest request) {
    return catchThrowableOfType(SafeHttpException.class, () -> c.send(request));
  }

  @Test
  void anHonestLengthOverTheCapIsCutAtTheCapOrRefusedBeforeReading() throws Exception {
    server.route("/big", LoopbackServer.raw("HTTP/1.1 200 OK\r\nContent-Length: " + (CAP * 4) + "\r\n\r\n", CAP * 4));

    SafeHttpResponse cut = client.get(server.url("/big"));
    SafeHttpException refused = failure(client, SafeHttpRequest.builder("GET", server.url("/big")).rejectOversizedBody(true).build());

    assertThat(cut.bodyLength()).isEqualTo(CAP);
    assertThat(cut.truncated()).isTrue();
    assertThat(refused.code()).isEqualTo(SafeHttpException.BODY_TOO_LARGE);
    assertThat(refused.getMessage()).isEqualTo("The response from host '127.0.0.1' is larger than the 65536-byte limit.");
  }

  @Test
  void aLengthThatClaimsLessThanTheServerSendsIsHonouredAsFraming() throws Exception {
    server.route("/short", LoopbackServer.raw("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", CAP * 4));

    SafeHttpResponse response = client.get(server.url("/short"));

    assertThat(response.bodyLength()).isEqualTo(100);
    assertThat(response.truncated()).isFalse();
  }

  @Test
  void aLengthThatClaimsGigabytesCostsOnlyTheCap() throws Exception {
    server.route("/liar", LoopbackServer.raw("HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n", CAP * 2));

    SafeHttpResponse cut = client.get(server.url("/liar"));

    assertThat(cut.bodyLength()).isEqualTo(CAP);
    assertThat(cut.truncated()).isTrue();
    assertThat(failure(client, SafeHttpRequest.builder("GET", server.url("/liar")).rejectOversizedBody(true).build()).code())
        .isEqualTo(SafeHttpException.BODY_TOO_LARGE);
  }

  @Test
  void aLengthThatClaimsMoreThanArrivesIsAnIncompleteResponse() {
    server.route("/early-close", LoopbackServer.raw("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n", 10));

    SafeHttpException closed = failure(client, SafeHttpRequest.get(server.url("/early-close")));
    assertThat(closed.code()).isEqualTo(SafeHttpException.CONNECTION_CLOSED);
    assertThat(closed.retryable()).isTrue();
  }

  @Test
  void aConnectionClosedBeforeAnyResponseIsAClosedConnectionNotABrokenProtocol() {
    server.route("/silent-close", LoopbackServer.raw("", 0));

    assertThat(failure(client, SafeHttpRequest.get(server.url("/silent-close"))).code())
        .isEqualTo(SafeHttpException.CONNECTION_CLOSED);
  }

  @Test
  void aBodyWithoutLengthIsReadUntilCloseAndCutAtTheCap() throws Exception {
    server.route("/small", LoopbackServer.raw("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", 1000))
        .route("/exact", LoopbackServer.raw("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", CAP))
        .route("/large", LoopbackServer.raw("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", CAP * 3L));

    SafeHttpResponse small = client.get(server.url("/small"));
    SafeHttpResponse exact = client.get(server.url("/exact"));
    SafeHttpResponse large = client.get(server.url("/large"));

    assertThat(small.bodyLength()).isEqualTo(1000);
    assertThat(small.truncated()).isFalse();
    assertThat(exact.bodyLength()).isEqualTo(CAP);
    assertThat(exact.truncated()).isFalse();
    assertThat(large.bodyLength()).isEqualTo(CAP);
    assertThat(large.truncated()).isTrue();
  }

  @Test
  void anEndlessChunkedBodyIsCutAtTheCapAndNeverDrained() throws Exception {
    server.route("/endless", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(ISO_8859_1));
      byte[] chunk = ("1000\r\n" + "y".repeat(0x1000) + "\r\n").getBytes(ISO_8859_1);
      while (true) {
        out.write(chunk);
      }
    }).route("/huge-chunk", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffff\r\n".getBytes(ISO_8859_1));
      while (true) {
        out.write(new byte[8192]);
      }
    });

    SafeHttpResponse endless = client.get(server.url("/endless"));
    SafeHttpResponse huge = client.get(server.url("/huge-chunk"));

    assertThat(endless.bodyLength()).isEqualTo(CAP);
    assertThat(endless.truncated()).isTrue();
    assertThat(huge.bodyLength()).isEqualTo(CAP);
    assertThat(failure(client, SafeHttpRequest.builder("GET", server.url("/endless")).rejectOversizedBody(true).build()).code())
        .isEqualTo(SafeHttpException.BODY_TOO_LARGE);
  }

  @Test
  void aRequestMayLowerTheCapButNotRaiseIt() throws Exception {
    server.route("/big", LoopbackServer.raw("HTTP/1.1 200 OK\r\nContent-Length: " + (CAP * 2) + "\r\n\r\n", CAP * 2));

    assertThat(client.send(SafeHttpRequest.builder("GET", server.url("/big")).maxBodyBytes(10).build()).bodyLength()).isEqualTo(10);
    assertThat(client.send(SafeHttpRequest.builder("GET", server.url("/big")).maxBodyBytes(CAP * 10L).build()).bodyLength())
        .isEqualTo(CAP);
  }

  @Test
  void oversizedHeadersFail() {
    server.route("/long-line", LoopbackServer.raw("HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(20_000) + "\r\nContent-Length: 0\r\n\r\n", 0))
        .route("/many", LoopbackServer.raw("HTTP/1.1 200 OK\r\n" + "X-H: v\r\n".repeat(150) + "Content-Length: 0\r\n\r\n", 0));

    assertThat(failure(client, SafeHttpRequest.get(server.url("/long-line"))).code()).isEqualTo(SafeHttpException.HEADERS_TOO_LARGE);
    assertThat(failure(client, SafeHttpRequest.get(server.url("/many"))).code()).isEqualTo(SafeHttpException.HEADERS_TOO_LARGE);
  }

  @Test
  @Timeout(30) // the hang guard: a drip that no deadline stops would run for 2,000 s
  void aSlowDripBodyIsStoppedByTheCallDeadline() {
    server.route("/drip", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".getBytes(ISO_8859_1));
      while (true) {
        out.write('d');
        out.flush();
        // The fault itself, not a wait: one byte every 20 ms keeps every read inside the 5 s read timeout, so
        // only the 400 ms call deadline can end the request.
        Thread.sleep(20);
      }
    });
    SafeHttpClient impatient = client(NetworkPolicy.development().toBuilder().callTimeout(Duration.ofMillis(400))
        .readTimeout(Duration.ofSeconds(5)).build());

    SafeHttpException e = failure(impatient, SafeHttpRequest.get(server.url("/drip")));
    impatient.close();

    // The cause, not a stopwatch: the call deadline ended it (a read timeout or the body's end would say otherwise).
    assertThat(e.code()).isEqualTo(SafeHttpException.DEADLINE_EXCEEDED);
    assertThat(e.getMessage()).isEqualTo("The request to host '127.0.0.1' did not finish within 400 ms.");
  }

  @Test
  void aServerThatGoesQuietHitsTheReadTimeout() {
    server.route("/quiet", (request, out) -> {
      release.await(); // hold the connection open, silent, until the test ends
      return false;
    });
    SafeHttpClient quick = client(NetworkPolicy.development().toBuilder().readTimeout(Duration.ofMillis(200)).build());

    SafeHttpException e = failure(quick, SafeHttpRequest.get(server.url("/quiet")));
    quick.close();

    assertThat(e.code()).isEqualTo(SafeHttpException.READ_TIMEOUT);
    assertThat(e.retryable()).isTrue();
  }

  @Test
  void aSilentServerIsStoppedByTheCallDeadlineWhateverTheReadTimeout() {
    server.route("/quiet", (request, out) -> {
      release.await();
      return false;
    });
    SafeHttpClient impatient = client(NetworkPolicy.development().toBuilder().callTimeout(Duration.ofMillis(300))
        .readTimeout(Duration.ofSeconds(30)).build());

    SafeHttpException e = failure(impatient, SafeHttpRequest.get(server.url("/quiet")));
    impatient.close();

    assertThat(e.code()).isEqualTo(SafeHttpException.DEADLINE_EXCEEDED);
  }

  @Test
  void aClosedPortIsAFailedConnection() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }

    SafeHttpException e = failure(client, SafeHttpRequest.get("http://127.0.0.1:" + port + "/"));

    assertThat(e.code()).isEqualTo(SafeHttpException.CONNECTION_FAILED);
    assertThat(e.getMessage()).isEqualTo("Could not connect to host '127.0.0.1' (port " + port + "), or the connection broke.");
  }

  @Test
  void bodiesAreNeverDecompressedAndIdentityIsAskedFor() throws Exception {
    byte[] gzipped = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    server.route("/gz", (request, out) -> {
      out.write(("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: " + gzipped.length + "\r\n\r\n").getBytes(ISO_8859_1));
      out.write(gzipped);
      return true;
    });

    SafeHttpResponse response = client.get(server.url("/gz"));

    assertThat(response.body()).isEqualTo(gzipped);
    assertThat(response.header("Content-Encoding")).contains("gzip");
    assertThat(server.requests().get(0).header("accept-encoding")).isEqualTo("identity");
    assertThat(server.requests().get(0).header("user-agent")).isEqualTo(SafeHttpClient.DEFAULT_USER_AGENT);
  }

  @Test
  void aFullyReadConnectionIsReusedAndACutOneIsNot() throws Exception {
    server.route("/ok", LoopbackServer.text("fine"))
        .route("/big", LoopbackServer.raw("HTTP/1.1 200 OK\r\nContent-Length: " + (CAP * 2) + "\r\n\r\n", CAP * 2));

    client.get(server.url("/ok"));
    client.get(server.url("/ok"));
    assertThat(server.accepts()).isEqualTo(1);

    client.get(server.url("/big"));
    client.get(server.url("/ok"));
    assertThat(server.accepts()).isEqualTo(2);
    assertThat(new String(client.get(server.url("/ok")).body(), UTF_8)).isEqualTo("fine");
  }
}
