package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SafeHttpClient#send(SafeHttpRequest, java.util.concurrent.CompletionStage)}: a caller that gives up ends
 * the call at once, whether the server holds its answer before the head or in the middle of the body. The call
 * timeout is a minute and the read timeout as long, so only the cancellation can end these calls.
 */
class SafeHttpClientCancellationTest {
  private final LoopbackServer server = LoopbackServer.http();
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch held = new CountDownLatch(1);
  private final SafeHttpClient client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development().toBuilder()
      .callTimeout(Duration.ofSeconds(60)).readTimeout(Duration.ofSeconds(60)).build(), host -> {
        throw new java.net.UnknownHostException(host);
      })).build();

  SafeHttpClientCancellationTest() throws IOException {}

  @AfterEach
  void close() throws IOException {
    release.countDown();
    client.close();
    server.close();
  }

  private SafeHttpException sendThenGiveUp(String path) throws Exception {
    CompletableFuture<Void> gaveUp = new CompletableFuture<>();
    CompletableFuture<SafeHttpException> failure = CompletableFuture.supplyAsync(() ->
        catchThrowableOfType(SafeHttpException.class, () -> client.send(SafeHttpRequest.get(server.url(path)), gaveUp)));
    assertThat(held.await(10, TimeUnit.SECONDS)).as("the server holds the answer").isTrue();
    assertThat(failure).isNotDone();
    gaveUp.complete(null);
    return failure.get(10, TimeUnit.SECONDS);
  }

  @Test
  void givingUpBeforeTheHeadArrivesEndsTheCall() throws Exception {
    server.route("/held", (request, out) -> {
      held.countDown();
      release.await();
      return false;
    });

    SafeHttpException e = sendThenGiveUp("/held");

    assertThat(e.code()).isEqualTo(SafeHttpException.CANCELLED);
    assertThat(e.getMessage()).isEqualTo("The request to host '127.0.0.1' was given up by its caller.");
  }

  @Test
  void givingUpInTheMiddleOfTheBodyClosesTheConnectionUnderTheRead() throws Exception {
    server.route("/held", (request, out) -> {
      out.write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 1000\r\n\r\n0123456789"
          .getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      held.countDown();
      release.await();
      return false;
    });

    assertThat(sendThenGiveUp("/held").code()).isEqualTo(SafeHttpException.CANCELLED);
  }

  @Test
  void aCallerThatHasAlreadyGivenUpOpensNoConnection() {
    SafeHttpException e = catchThrowableOfType(SafeHttpException.class,
        () -> client.send(SafeHttpRequest.get(server.url("/never")), CompletableFuture.completedFuture(null)));

    assertThat(e.code()).isEqualTo(SafeHttpException.CANCELLED);
    assertThat(server.accepts()).isZero();
  }

  @Test
  void aCancellationThatNeverCompletesChangesNothing() throws Exception {
    server.route("/ok", LoopbackServer.text("fine"));

    SafeHttpResponse response = client.send(SafeHttpRequest.get(server.url("/ok")), new CompletableFuture<>());

    assertThat(response.status()).isEqualTo(200);
    assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("fine");
  }
}
