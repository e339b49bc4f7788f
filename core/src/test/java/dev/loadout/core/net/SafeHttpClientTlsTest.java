package dev.loadout.core.net;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pinning must not weaken TLS: the connection goes to the checked loopback address, while the handshake
 * sends the URL's host name as SNI and the certificate is verified against that name. The certificate is
 * self-signed for a fake name, made by the running JDK's keytool.
 */
class SafeHttpClientTlsTest {
  private static final String NAME = "fake.loadout.test";
  private static final char[] PASSWORD = "changeit".toCharArray();

  @TempDir
  static Path dir;
  private static SSLContext serverContext;
  private static SSLContext clientContext;
  private static LoopbackServer server;

  @BeforeAll
  static void startServer() throws Exception {
    Path keystore = dir.resolve("server.p12");
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + NAME,
        "-ext", "SAN=dns:" + NAME, "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(),
        "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
    String output = new String(keytool.getInputStream().readAllBytes(), UTF_8);
    assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(keytool.exitValue()).as(output).isZero();

    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      keys.load(in, PASSWORD);
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(keys, PASSWORD);
    serverContext = SSLContext.getInstance("TLS");
    serverContext.init(kmf.getKeyManagers(), null, null);

    Certificate certificate = keys.getCertificate("server");
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("server", certificate);
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    clientContext = SSLContext.getInstance("TLS");
    clientContext.init(null, tmf.getTrustManagers(), null);

    server = LoopbackServer.https(serverContext).route("/", LoopbackServer.text("secret page"));
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close();
  }

  private static SafeHttpClient client(FakeDns dns) {
    return SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development(), dns)).sslContext(clientContext).build();
  }

  @Test
  void thePinnedConnectionSendsTheHostNameAsSniAndVerifiesTheCertificateAgainstIt() throws Exception {
    FakeDns dns = new FakeDns().answer(NAME, "127.0.0.1");
    try (SafeHttpClient client = client(dns)) {
      SafeHttpResponse response = client.get("https://" + NAME + ":" + server.port() + "/");

      assertThat(new String(response.body(), UTF_8)).isEqualTo("secret page");
      assertThat(response.remoteAddress().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
      LoopbackServer.Request seen = server.requests().get(server.requests().size() - 1);
      assertThat(seen.serverNames()).containsExactly(NAME);
      assertThat(seen.header("host")).isEqualTo(NAME + ":" + server.port());
      assertThat(dns.calls(NAME)).isEqualTo(1);
    }
  }

  @Test
  void anotherNameOnTheSameAddressFailsHostNameVerification() {
    FakeDns dns = new FakeDns().answer("other.loadout.test", "127.0.0.1");
    try (SafeHttpClient client = client(dns)) {
      SafeHttpException e = catchThrowableOfType(SafeHttpException.class,
          () -> client.get("https://other.loadout.test:" + server.port() + "/"));

      assertThat(e.code()).isEqualTo(SafeHttpException.TLS_FAILURE);
      assertThat(e.getMessage()).isEqualTo("The TLS handshake with host 'other.loadout.test' failed: its certificate is not "
          + "trusted or does not match the host name.");
    }
  }

  @Test
  void theAddressItselfIsNotAcceptedInPlaceOfTheName() {
    try (SafeHttpClient client = client(new FakeDns())) {
      assertThat(catchThrowableOfType(SafeHttpException.class, () -> client.get("https://127.0.0.1:" + server.port() + "/"))
          .code()).isEqualTo(SafeHttpException.TLS_FAILURE);
    }
  }

  @Test
  void aCertificateOutsideTheTrustStoreIsRefused() {
    FakeDns dns = new FakeDns().answer(NAME, "127.0.0.1");
    try (SafeHttpClient client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development(), dns)).build()) {
      assertThat(catchThrowableOfType(SafeHttpException.class, () -> client.get("https://" + NAME + ":" + server.port() + "/"))
          .code()).isEqualTo(SafeHttpException.TLS_FAILURE);
    }
  }
}
