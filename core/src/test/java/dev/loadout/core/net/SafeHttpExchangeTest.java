package dev.loadout.core.net;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One hop of the pinned client at its edges, on a loopback server: which statuses redirect and how their
 * bodies are drained for reuse, query-only Locations, bodies without entities, the cap exactly met, and the
 * streamed body's reads around its cap.
 */
@Timeout(30)
class SafeHttpExchangeTest {
  private static final int DRAIN = 64 * 1024;
  private static final Duration HEAD = Duration.ofSeconds(5);
  private final LoopbackServer server = LoopbackServer.http();
  private final NetworkGuard guard = NetworkGuard.of(NetworkPolicy.development(), new FakeDns());
  private final SafeHttpClient client = SafeHttpClient.builder(guard).build();

  SafeHttpExchangeTest() throws IOException {}

  @AfterEach
  void close() throws IOException {
    client.close();
    server.close();
  }

  private static LoopbackServer.Responder redirectWithBody(int status, String location, int bodyBytes) {
    return (request, out) -> {
      out.write(("HTTP/1.1 " + status + " Moved\r\nLocation: " + location + "\r\nContent-Length: " + bodyBytes + "\r\n\r\n")
          .getBytes(ISO_8859_1));
      out.write(new byte[bodyBytes]);
      return true;
    };
  }

  @Test
  void everyRedirectStatusIsFollowedAndNeighbouringStatusesAreResponses() throws Exception {
    server.route("/landed", LoopbackServer.text("ok"));
    for (int status : new int[] {301, 302, 303, 307, 308}) {
      server.route("/r" + status, LoopbackServer.redirect(status, "/landed"));
      assertThat(client.get(server.url("/r" + status)).status()).as("%s", status).isEqualTo(200);
    }
    for (int status : new int[] {300, 304, 305, 306}) {
      server.route("/r" + status, LoopbackServer.redirect(status, "/landed"));
      assertThat(client.get(server.url("/r" + status)).status()).as("%s", status).isEqualTo(status);
    }
  }

  @Test
  void aRedirectBodyUpToTheDrainLimitIsReadSoTheConnectionIsReused() throws Exception {
    server.route("/small", redirectWithBody(302, "/landed", DRAIN)).route("/landed", LoopbackServer.text("ok"));

    assertThat(new String(client.get(server.url("/small")).body(), UTF_8)).isEqualTo("ok");

    assertThat(server.accepts()).isEqualTo(1);
  }

  @Test
  void aRedirectBodyPastTheDrainLimitIsCutAndTheNextHopOpensANewConnection() throws Exception {
    server.route("/large", redirectWithBody(302, "/landed", DRAIN + 1)).route("/landed", LoopbackServer.text("ok"));

    assertThat(new String(client.get(server.url("/large")).body(), UTF_8)).isEqualTo("ok");

    assertThat(server.accepts()).isEqualTo(2);
  }

  @Test
  void aRedirectBodyWithoutALengthIsNeverDrained() throws Exception {
    server.route("/chunked", (request, out) -> {
      out.write("HTTP/1.1 302 Moved\r\nLocation: /landed\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
          .getBytes(ISO_8859_1));
      return true;
    }).route("/landed", LoopbackServer.text("ok"));

    assertThat(client.get(server.url("/chunked")).status()).isEqualTo(200);

    assertThat(server.accepts()).isEqualTo(2);
  }

  @Test
  void aQueryOnlyLocationKeepsTheWholePathAndReplacesTheQuery() throws Exception {
    server.route("/list", (request, out) -> {
      String target = request.target();
      LoopbackServer.Responder next = target.equals("/list?page=1") ? LoopbackServer.redirect(302, "?page=2")
          : target.equals("/list") ? LoopbackServer.redirect(302, "?page=3") : LoopbackServer.text(target);
      return next.respond(request, out);
    });

    assertThat(new String(client.get(server.url("/list?page=1")).body(), UTF_8)).isEqualTo("/list?page=2");
    assertThat(new String(client.get(server.url("/list")).body(), UTF_8)).isEqualTo("/list?page=3");
  }

  @Test
  void exactlyAsManyRedirectsAsThePolicyAllowsAreFollowed() throws Exception {
    server.route("/1", LoopbackServer.redirect(302, "/2")).route("/2", LoopbackServer.redirect(302, "/3"))
        .route("/3", LoopbackServer.redirect(302, "/4")).route("/4", LoopbackServer.text("end"));

    SafeHttpResponse response = client.get(server.url("/1"));

    assertThat(new String(response.body(), UTF_8)).isEqualTo("end");
    assertThat(server.requests()).hasSize(4);
  }

  @Test
  void a301AfterPostBecomesGetAndA308KeepsThePostAndA303AfterHeadStaysHead() throws Exception {
    server.route("/moved", LoopbackServer.redirect(301, "/landed")).route("/permanent", LoopbackServer.redirect(308, "/landed"))
        .route("/see-other", LoopbackServer.redirect(303, "/landed")).route("/landed", (request, out) -> {
          boolean head = request.method().equals("HEAD");
          out.write(("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n" + (head ? "" : "ok")).getBytes(ISO_8859_1));
          return true;
        });

    client.send(SafeHttpRequest.builder("POST", server.url("/moved")).body("a".getBytes(UTF_8), "text/plain").build());
    client.send(SafeHttpRequest.builder("POST", server.url("/permanent")).body("b".getBytes(UTF_8), "text/plain").build());
    client.send(SafeHttpRequest.builder("HEAD", server.url("/see-other")).build());
    client.send(SafeHttpRequest.builder("PUT", server.url("/moved")).body("c".getBytes(UTF_8), "text/plain").build());

    List<LoopbackServer.Request> landed = server.requests().stream().filter(r -> r.target().equals("/landed")).toList();
    assertThat(landed).extracting(LoopbackServer.Request::method).containsExactly("GET", "POST", "HEAD", "PUT");
    assertThat(new String(landed.get(1).body(), UTF_8)).isEqualTo("b");
    assertThat(landed.get(1).header("content-type")).isEqualTo("text/plain");
    assertThat(new String(landed.get(3).body(), UTF_8)).isEqualTo("c");
  }

  @Test
  void aResponseWithoutABodyIsAnEmptyResponse() throws Exception {
    server.route("/none", (request, out) -> {
      out.write("HTTP/1.1 204 No Content\r\n\r\n".getBytes(ISO_8859_1));
      return true;
    });

    SafeHttpResponse response = client.send(SafeHttpRequest.builder("GET", server.url("/none")).rejectOversizedBody(true).build());

    assertThat(response.status()).isEqualTo(204);
    assertThat(response.body()).isEmpty();
    assertThat(response.truncated()).isFalse();
  }

  @Test
  void aBodyOfExactlyTheCapIsAcceptedEvenWhenOversizedBodiesAreRefused() throws Exception {
    server.route("/ten", LoopbackServer.ok(200, "text/plain", "0123456789".getBytes(UTF_8)));

    SafeHttpResponse response = client.send(SafeHttpRequest.builder("GET", server.url("/ten")).maxBodyBytes(10)
        .rejectOversizedBody(true).build());
    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.send(
        SafeHttpRequest.builder("GET", server.url("/ten")).maxBodyBytes(9).rejectOversizedBody(true).build()));

    assertThat(new String(response.body(), UTF_8)).isEqualTo("0123456789");
    assertThat(response.truncated()).isFalse();
    assertThat(e.code()).isEqualTo(SafeHttpException.BODY_TOO_LARGE);
    assertThat(e.getMessage()).isEqualTo("The response from host '127.0.0.1' is larger than the 9-byte limit.");
  }

  @Test
  void theRequestBodyArrivesWithItsContentType() throws Exception {
    server.route("/post", LoopbackServer.text("ok"));

    client.send(SafeHttpRequest.builder("POST", server.url("/post")).body("{}".getBytes(UTF_8), "application/json").build());

    assertThat(server.requests().get(0).header("content-type")).isEqualTo("application/json");
    assertThat(new String(server.requests().get(0).body(), UTF_8)).isEqualTo("{}");
  }

  @Test
  void aResponseGivesItsHeadersContentTypeAndBodyAsAStream() throws Exception {
    server.route("/page", LoopbackServer.ok(200, "text/html; charset=utf-8", "<p>hi</p>".getBytes(UTF_8)));

    SafeHttpResponse response = client.get(server.url("/page"));

    assertThat(response.headers()).containsEntry("content-type", List.of("text/html; charset=utf-8"));
    assertThat(response.contentType()).hasValue("text/html; charset=utf-8");
    assertThat(new String(response.bodyStream().readAllBytes(), UTF_8)).isEqualTo("<p>hi</p>");
  }

  @Test
  void aRedirectWithAnEmptyBodyLeavesItsConnectionForTheNextHop() throws Exception {
    server.route("/empty", LoopbackServer.redirect(302, "/landed")).route("/landed", LoopbackServer.text("ok"));

    assertThat(client.get(server.url("/empty")).status()).isEqualTo(200);

    assertThat(server.accepts()).isEqualTo(1);
  }

  @Test
  void aServerWhoseBacklogIsFullIsAConnectTimeout() throws Exception {
    // Nobody accepts, and the queue of one is taken: the kernel drops further SYNs, so connecting waits.
    try (java.net.ServerSocket full = new java.net.ServerSocket(0, 1, FakeDns.literal("127.0.0.1"));
        SafeHttpClient quick = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development().toBuilder()
            .connectTimeout(Duration.ofMillis(300)).build(), new FakeDns())).build()) {
      List<java.net.Socket> queued = new java.util.ArrayList<>();
      try {
        for (int i = 0; i < 3; i++) {
          java.net.Socket s = new java.net.Socket();
          s.connect(full.getLocalSocketAddress(), 300);
          queued.add(s);
        }
      } catch (IOException backlogAlreadyFull) {
        // Fewer fit than asked for; the queue is full either way.
      }
      String url = "http://127.0.0.1:" + full.getLocalPort() + "/";

      SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> quick.get(url));

      assertThat(e.code()).isEqualTo(SafeHttpException.CONNECT_TIMEOUT);
      assertThat(e.getMessage()).isEqualTo("Could not connect to host '127.0.0.1' within 300 ms.");
      assertThat(e.retryable()).isTrue();
      for (java.net.Socket s : queued) {
        s.close();
      }
    }
  }

  // --- streamed bodies ---------------------------------------------------------------------------------

  private SafeHttpStream open(String path, long cap) throws SafeHttpException {
    SafeHttpRequest request = SafeHttpRequest.builder("GET", server.url(path)).maxBodyBytes(cap).build();
    return client.open(request, guard.check(server.url("/")), HEAD, HEAD);
  }

  @Test
  void aStreamedBodyOfExactlyTheCapReadsToItsEndIntoABufferOfThatSize() throws Exception {
    server.route("/ten", LoopbackServer.ok(200, "text/plain", "0123456789".getBytes(UTF_8)));

    try (SafeHttpStream s = open("/ten", 10)) {
      byte[] buffer = new byte[10];
      InputStream in = s.body();
      int n = in.readNBytes(buffer, 0, 10);

      assertThat(n).isEqualTo(10);
      assertThat(new String(buffer, UTF_8)).isEqualTo("0123456789");
      assertThat(in.read()).isEqualTo(-1);
      assertThat(in.read(buffer, 0, 0)).isZero();
    }
  }

  @Test
  void aStreamedBodyOneBytePastTheCapFailsOnTheReadThatCrossesIt() throws Exception {
    server.route("/eleven", LoopbackServer.ok(200, "text/plain", "0123456789A".getBytes(UTF_8)));

    try (SafeHttpStream s = open("/eleven", 10)) {
      byte[] buffer = new byte[10];
      assertThat(s.body().readNBytes(buffer, 0, 10)).isEqualTo(10);

      SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> s.body().read());

      assertThat(e.code()).isEqualTo(SafeHttpException.BODY_TOO_LARGE);
      assertThat(s).hasToString("SafeHttpStream{200, " + server.url("").replace("/", "").replace("http:", "http://") + ", closed}");
    }
  }

  @Test
  void singleByteReadsGiveUnsignedBytesAndMinusOneAtTheEnd() throws Exception {
    server.route("/bytes", LoopbackServer.ok(200, "application/octet-stream", new byte[] {(byte) 0xFF, 0x01}));

    try (SafeHttpStream s = open("/bytes", 100)) {
      assertThat(s.headers()).containsEntry("content-type", List.of("application/octet-stream"));
      assertThat(s.body().read()).isEqualTo(0xFF);
      assertThat(s.body().read()).isEqualTo(0x01);
      assertThat(s.body().read()).isEqualTo(-1);
      assertThat(s.toString()).doesNotContain("closed");
    }
  }

  @Test
  void aStreamReadToItsEndLeavesItsConnectionForTheNextRequestAndOneClosedEarlyDoesNot() throws Exception {
    server.route("/a", LoopbackServer.text("first")).route("/b", LoopbackServer.text("second"));

    try (SafeHttpStream s = open("/a", 100)) {
      assertThat(s.body().readAllBytes()).hasSize(5);
    }
    try (SafeHttpStream s = open("/b", 100)) {
      assertThat(s.body().readAllBytes()).hasSize(6);
    }
    assertThat(server.accepts()).isEqualTo(1);

    try (SafeHttpStream s = open("/a", 100)) {
      assertThat(s.body().read()).isEqualTo('f');
    }
    try (SafeHttpStream s = open("/b", 100)) {
      assertThat(s.body().readAllBytes()).hasSize(6);
    }
    assertThat(server.accepts()).isEqualTo(2);
  }

  @Test
  void closingTheBodyAloneEndsTheStream() throws Exception {
    server.route("/a", LoopbackServer.text("first"));
    try (SafeHttpStream s = open("/a", 100)) {
      s.body().close();

      assertThat(catchThrowableOfType(SafeHttpException.class, () -> s.body().read()).code())
          .isEqualTo(SafeHttpException.CONNECTION_FAILED);
      assertThat(s.toString()).endsWith(", closed}");
    }
  }

  @Test
  void aStreamedBodyThatGoesQuietFailsAtTheIdleTimeoutNamingIt() throws Exception {
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    server.route("/quiet", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n".getBytes(ISO_8859_1));
      out.flush();
      release.await(20, java.util.concurrent.TimeUnit.SECONDS);
      return false;
    });
    SafeHttpRequest request = SafeHttpRequest.get(server.url("/quiet"));
    try (SafeHttpStream s = client.open(request, guard.check(server.url("/")), HEAD, Duration.ofMillis(200))) {
      assertThat(s.body().readNBytes(2)).isEqualTo("hi".getBytes(UTF_8));

      SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> s.body().read());

      assertThat(e.code()).isEqualTo(SafeHttpException.READ_TIMEOUT);
      assertThat(e.getMessage()).isEqualTo("The server at host '127.0.0.1' sent nothing for 200 ms.");
    } finally {
      release.countDown();
    }
  }

  @Test
  void aStreamedBodyCutMidChunkIsAClosedConnection() throws Exception {
    server.route("/cut", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\na\r\nabc".getBytes(ISO_8859_1));
      return false;
    });
    try (SafeHttpStream s = open("/cut", 100)) {
      SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> s.body().readAllBytes());

      assertThat(e.code()).isEqualTo(SafeHttpException.CONNECTION_CLOSED);
    }
  }

  @Test
  void aMalformedChunkIsABrokenProtocol() throws Exception {
    server.route("/bad", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n".getBytes(ISO_8859_1));
      return false;
    });

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.get(server.url("/bad")));

    assertThat(e.code()).isEqualTo(SafeHttpException.PROTOCOL_ERROR);
    assertThat(e.getMessage()).isEqualTo("The server at host '127.0.0.1' sent a malformed response.");
  }

  @Test
  void readingAClosedStreamFailsNamingTheHostAndClosingTwiceIsHarmless() throws Exception {
    server.route("/a", LoopbackServer.text("first"));
    SafeHttpStream s = open("/a", 100);
    InputStream body = s.body();

    body.close();
    s.close();

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> body.read());
    assertThat(e.code()).isEqualTo(SafeHttpException.CONNECTION_FAILED);
    assertThat(e.getMessage()).isEqualTo("The stream from host '127.0.0.1' was closed.");
  }

  // --- the client itself --------------------------------------------------------------------------------

  @Test
  void aConfiguredUserAgentIsSentAndItsTextMayHoldAnyPrintableCharacter() throws Exception {
    server.route("/ua", LoopbackServer.text("ok"));
    String agent = " MyBot/1.0 (~ \u00e9) ";

    try (SafeHttpClient custom = SafeHttpClient.builder(guard).userAgent(agent).build()) {
      custom.get(server.url("/ua"));
    }

    assertThat(server.requests().get(0).header("user-agent")).isEqualTo(agent.strip());
  }

  @Test
  void aUserAgentWithAControlCharacterOrNothingPrintableIsRefused() {
    for (String bad : new String[] {null, "", "  ", "a\u001Fb", "a\u007Fb", "a\nb"}) {
      assertThatThrownBy(() -> SafeHttpClient.builder(guard).userAgent(bad)).as("%s", bad)
          .hasMessage("userAgent must be non-blank printable text, but was " + bad);
    }
  }

  @Test
  void theClientNamesItsPolicyAndExposesItsGuard() {
    assertThat(client).hasToString("SafeHttpClient{" + NetworkPolicy.development() + "}");
    assertThat(client.guard()).isSameAs(guard);
  }
}
