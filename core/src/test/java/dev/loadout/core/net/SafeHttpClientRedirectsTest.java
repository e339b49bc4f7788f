package dev.loadout.core.net;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Redirects are followed by Loadout, one checked and pinned hop at a time, against a loopback server under
 * the development policy. Every connection attempt is recorded before its socket connects, so "refused
 * without a connection" is proven, not assumed; no test reaches any address but 127.0.0.1.
 */
class SafeHttpClientRedirectsTest {
  private final LoopbackServer server = LoopbackServer.http();
  private final FakeDns dns = new FakeDns();
  private final List<InetSocketAddress> attempts = new CopyOnWriteArrayList<>();
  private final SafeHttpClient client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development(), dns))
      .connectListener(attempts::add).build();

  SafeHttpClientRedirectsTest() throws IOException {}

  @AfterEach
  void close() throws IOException {
    client.close();
    server.close();
  }

  private String at(String host, String path) {
    return "http://" + host + ":" + server.port() + path;
  }

  @Test
  void aRedirectToTheMetadataAddressIsRefusedWithoutAConnectionAttempt() {
    server.route("/start", LoopbackServer.redirect(302, "http://169.254.169.254/latest/meta-data/"));

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.get(server.url("/start")));

    assertThat(e.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    assertThat(e.verdict()).hasValueSatisfying(v -> assertThat(v.code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT));
    assertThat(e.getMessage()).startsWith("A redirect led to a refused URL. The URL host '169.254.169.254' is a link-local");
    assertThat(attempts).extracting(a -> a.getAddress().getHostAddress()).containsExactly("127.0.0.1");
    assertThat(server.accepts()).isEqualTo(1);
  }

  @Test
  void aRedirectToANameThatResolvesToTheMetadataAddressIsRefusedWithoutAConnectionAttempt() {
    dns.answer("imds.test", "169.254.169.254");
    server.route("/start", LoopbackServer.redirect(301, "http://imds.test/latest/"));

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.get(server.url("/start")));

    assertThat(e.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    assertThat(e.verdict().orElseThrow().reason()).contains("'imds.test' resolved to 169.254.169.254");
    assertThat(dns.calls("imds.test")).isEqualTo(1);
    assertThat(attempts).hasSize(1);
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void eachHopIsReportedByItsOriginBeforeItsConnectionAndARefusedHopByItsHostAndCode() {
    dns.answer("a.test", "127.0.0.1").answer("imds.test", "169.254.169.254");
    server.route("/1", LoopbackServer.redirect(302, at("a.test", "/2?token=s3cret")))
        .route("/2", LoopbackServer.redirect(302, "http://imds.test/latest/meta-data/?token=s3cret"));
    List<String> heard = new CopyOnWriteArrayList<>();
    NetEvents events = new NetEvents() {
      @Override
      public void hop(int hop, String origin) {
        heard.add("hop " + hop + " " + origin + " after " + attempts.size() + " connects");
      }

      @Override
      public void refused(int hop, String host, String code) {
        heard.add("refused " + hop + " " + host + " " + code);
      }
    };

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class,
        () -> client.send(SafeHttpRequest.builder("GET", server.url("/1")).events(events).build()));

    assertThat(e.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    assertThat(heard).containsExactly(
        "hop 0 http://127.0.0.1:" + server.port() + " after 0 connects",
        "hop 1 http://a.test:" + server.port() + " after 1 connects",
        "refused 2 imds.test " + UrlVerdict.METADATA_ENDPOINT);
    assertThat(String.join("\n", heard)).doesNotContain("token").doesNotContain("meta-data").doesNotContain("/2");
    assertThat(attempts).as("the refused hop opened nothing").hasSize(2);
  }

  @Test
  void aListenerThatThrowsNeverFailsTheRequest() throws Exception {
    server.route("/1", LoopbackServer.redirect(302, "/2")).route("/2", LoopbackServer.text("done"));
    AtomicInteger hops = new AtomicInteger();
    NetEvents broken = new NetEvents() {
      @Override
      public void hop(int hop, String origin) {
        hops.incrementAndGet();
        throw new IllegalStateException("a broken listener");
      }
    };

    SafeHttpResponse response = client.send(SafeHttpRequest.builder("GET", server.url("/1")).events(broken).build());

    assertThat(new String(response.body(), UTF_8)).isEqualTo("done");
    assertThat(hops).hasValue(2);
  }

  @Test
  void theResolverIsAskedOncePerHop() throws Exception {
    dns.answer("a.test", "127.0.0.1").answer("b.test", "127.0.0.1");
    server.route("/1", LoopbackServer.redirect(302, at("b.test", "/2")))
        .route("/2", LoopbackServer.redirect(307, at("a.test", "/3")))
        .route("/3", LoopbackServer.text("done"));

    SafeHttpResponse response = client.get(at("a.test", "/1"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(new String(response.body(), UTF_8)).isEqualTo("done");
    assertThat(response.redirects()).isEqualTo(2);
    assertThat(response.finalUrl()).isEqualTo(at("a.test", "/3"));
    assertThat(dns.calls("a.test")).isEqualTo(2);
    assertThat(dns.calls("b.test")).isEqualTo(1);
    assertThat(server.requests()).extracting(r -> r.header("host"))
        .containsExactly("a.test:" + server.port(), "b.test:" + server.port(), "a.test:" + server.port());
  }

  @Test
  void aRebindingResolverIsNeverAskedTwiceForOneHop() throws Exception {
    dns.answer("rebind.test", "127.0.0.1").answer("rebind.test", "169.254.169.254");
    server.route("/", LoopbackServer.text("first answer"));

    SafeHttpResponse response = client.get(at("rebind.test", "/"));

    assertThat(new String(response.body(), UTF_8)).isEqualTo("first answer");
    assertThat(dns.calls("rebind.test")).isEqualTo(1);
    assertThat(attempts).extracting(a -> a.getAddress().getHostAddress()).containsOnly("127.0.0.1");
    assertThat(response.remoteAddress().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
  }

  @Test
  void aRebindingAnswerOnTheNextHopIsCaughtByThatHopsCheck() {
    dns.answer("rebind.test", "127.0.0.1").answer("rebind.test", "169.254.169.254");
    server.route("/1", LoopbackServer.redirect(302, "/2"));

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.get(at("rebind.test", "/1")));

    assertThat(e.verdict().orElseThrow().code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT);
    assertThat(dns.calls("rebind.test")).isEqualTo(2);
    assertThat(attempts).hasSize(1);
  }

  @Test
  void moreRedirectsThanThePolicyAllowsFail() {
    server.route("/loop", LoopbackServer.redirect(302, "/loop"));

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.get(server.url("/loop")));

    assertThat(e.code()).isEqualTo(SafeHttpException.TOO_MANY_REDIRECTS);
    assertThat(e.getMessage()).isEqualTo("The request to host '127.0.0.1' was redirected more than 3 times, the limit.");
    assertThat(server.requests()).hasSize(4);
  }

  @Test
  void a303AndA302AfterPostBecomeGetWithoutBodyWhileA307KeepsBoth() throws Exception {
    server.route("/see-other", LoopbackServer.redirect(303, "/landed"))
        .route("/found", LoopbackServer.redirect(302, "/landed"))
        .route("/temporary", LoopbackServer.redirect(307, "/landed"))
        .route("/landed", LoopbackServer.text("ok"));

    for (String path : List.of("/see-other", "/found", "/temporary")) {
      client.send(SafeHttpRequest.builder("POST", server.url(path)).body("a=1".getBytes(UTF_8), "application/x-www-form-urlencoded").build());
    }

    List<LoopbackServer.Request> landed = server.requests().stream().filter(r -> r.target().equals("/landed")).toList();
    assertThat(landed).extracting(LoopbackServer.Request::method).containsExactly("GET", "GET", "POST");
    assertThat(landed.get(0).body()).isEmpty();
    assertThat(landed.get(0).header("content-type")).isNull();
    assertThat(landed.get(0).header("content-length")).isNull();
    assertThat(new String(landed.get(2).body(), UTF_8)).isEqualTo("a=1");
  }

  @Test
  void credentialsAreDroppedWhenARedirectChangesOrigin() throws Exception {
    dns.answer("other.test", "127.0.0.1");
    server.route("/same", LoopbackServer.redirect(302, "/next"))
        .route("/next", LoopbackServer.redirect(302, at("other.test", "/away")))
        .route("/away", LoopbackServer.text("ok"));

    client.send(SafeHttpRequest.builder("GET", server.url("/same")).header("Authorization", "Bearer t0ken")
        .header("Cookie", "s=1").header("X-Kept", "yes").build());

    List<LoopbackServer.Request> seen = server.requests();
    assertThat(seen.get(1).header("authorization")).isEqualTo("Bearer t0ken");
    assertThat(seen.get(2).header("authorization")).isNull();
    assertThat(seen.get(2).header("cookie")).isNull();
    assertThat(seen.get(2).header("x-kept")).isEqualTo("yes");
  }

  @Test
  void redirectsWithoutAUsableLocationFail() {
    server.route("/none", (request, out) -> {
      out.write("HTTP/1.1 302 Found\r\nContent-Length: 0\r\n\r\n".getBytes(UTF_8));
      return true;
    }).route("/bad", LoopbackServer.redirect(302, "/\\127.0.0.1/"))
        .route("/creds", LoopbackServer.redirect(302, "http://user:pw@127.0.0.1/"));

    assertThat(catchThrowableOfType(SafeHttpException.class, () -> client.get(server.url("/none"))).code())
        .isEqualTo(SafeHttpException.BAD_REDIRECT);
    assertThat(catchThrowableOfType(SafeHttpException.class, () -> client.get(server.url("/bad"))).code())
        .isEqualTo(SafeHttpException.BAD_REDIRECT);
    SafeHttpException creds = catchThrowableOfType(SafeHttpException.class, () -> client.get(server.url("/creds")));
    assertThat(creds.verdict().orElseThrow().code()).isEqualTo(UrlVerdict.CREDENTIALS_IN_URL);
    assertThat(creds.getMessage()).doesNotContain("pw");
  }

  @Test
  void aRefusedFirstUrlOpensNoConnectionAndErrorStatusesAreResponses() throws Exception {
    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> client.get("http://0.0.0.0:" + server.port() + "/"));
    assertThat(e.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    assertThat(attempts).isEmpty();
    assertThat(server.accepts()).isZero();

    SafeHttpResponse missing = client.get(server.url("/missing"));
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.toString()).isEqualTo("SafeHttpResponse{404, http://127.0.0.1:" + server.port() + ", body=9 bytes}");
  }

  @Test
  void noProxyFromTheEnvironmentIsEverUsed() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    try (LoopbackServer proxy = LoopbackServer.http()) {
      ProxySelector previous = ProxySelector.getDefault();
      ProxySelector.setDefault(new ProxySelector() {
        @Override
        public List<Proxy> select(URI uri) {
          asked.incrementAndGet();
          return List.of(new Proxy(Proxy.Type.HTTP, new InetSocketAddress("127.0.0.1", proxy.port())));
        }

        @Override
        public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {}
      });
      try {
        server.route("/", LoopbackServer.text("direct"));
        assertThat(new String(client.get(server.url("/")).body(), UTF_8)).isEqualTo("direct");
      } finally {
        ProxySelector.setDefault(previous);
      }
      assertThat(proxy.accepts()).isZero();
      assertThat(asked).hasValue(0);
    }
  }
}
