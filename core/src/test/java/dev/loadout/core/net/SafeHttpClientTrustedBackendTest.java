package dev.loadout.core.net;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SafeHttpClient#forTrustedBackend()}: a host's own backend on a private address is reachable under the
 * production policy, and nothing else about the guard loosens. Loopback only; the metadata address is refused
 * before any socket, proven by the connect listener.
 */
class SafeHttpClientTrustedBackendTest {
  private final LoopbackServer server = LoopbackServer.http();
  private final FakeDns dns = new FakeDns();
  private final List<InetSocketAddress> attempts = new CopyOnWriteArrayList<>();
  private final SafeHttpClient shared = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production(), dns))
      .connectListener(attempts::add).build();
  private final SafeHttpClient trusted = shared.forTrustedBackend();

  SafeHttpClientTrustedBackendTest() throws IOException {}

  @AfterEach
  void close() throws IOException {
    trusted.close();
    shared.close();
    server.close();
  }

  private String at(String host, String path) {
    return "http://" + host + ":" + server.port() + path;
  }

  @Test
  void theTrustedClientReachesTheHostsOwnBackendWhichTheSharedClientRefuses() throws Exception {
    dns.answer("comfy.lan", "127.0.0.1");
    server.route("/ping", LoopbackServer.text("pong"));

    SafeHttpException refused = catchThrowableOfType(SafeHttpException.class, () -> shared.get(at("comfy.lan", "/ping")));
    assertThat(refused.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    assertThat(attempts).as("the shared client refused before any socket").isEmpty();

    SafeHttpResponse response = trusted.get(at("comfy.lan", "/ping"));
    assertThat(new String(response.body(), UTF_8)).isEqualTo("pong");
    assertThat(dns.calls("comfy.lan")).as("the trusted client asks the shared client's resolver").isEqualTo(2);
    assertThat(attempts).as("and reports to the same listener").hasSize(1);
  }

  @Test
  void theTrustedClientStillRefusesTheMetadataAddressBeforeAnySocket() {
    dns.answer("imds.lan", "169.254.169.254");

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> trusted.get("http://imds.lan/latest/"));

    assertThat(e.code()).isEqualTo(SafeHttpException.URL_REFUSED);
    assertThat(e.verdict().orElseThrow().code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT);
    assertThat(attempts).isEmpty();
  }

  @Test
  void theTrustedClientFollowsNoRedirectSoOnlyTheConfiguredAddressIsReachedThatWay() {
    dns.answer("comfy.lan", "127.0.0.1");
    server.route("/moved", LoopbackServer.redirect(302, at("comfy.lan", "/elsewhere")))
        .route("/elsewhere", LoopbackServer.text("should not be read"));

    SafeHttpException e = catchThrowableOfType(SafeHttpException.class, () -> trusted.get(at("comfy.lan", "/moved")));

    assertThat(e).isNotNull();
    assertThat(server.requests()).hasSize(1);
  }
}
