package dev.loadout.testkit.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.testkit.ScriptedModel;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The loopback server as a bot's tests meet it, through a real HTTP client on 127.0.0.1. */
@Timeout(30)
class LoopbackHttpServerTest {
  final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
  final LoopbackHttpServer server = LoopbackHttpServer.start();

  @AfterEach
  void close() {
    server.close();
  }

  HttpResponse<String> get(String path) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(server.url(path))).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, String body) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(server.url(path))).timeout(Duration.ofSeconds(10))
        .header("Authorization", "Bearer sk-test").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void queuedRepliesComeFirstThenTheMethodsRouteThenThePathsThenTheFallback() throws Exception {
    server.on("/a", HttpReply.text("any method")).on("POST", "/a", HttpReply.json("{\"posted\":true}"))
        .enqueue(HttpReply.text("queued").withStatus(201));

    HttpResponse<String> first = get("/a");
    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(first.body()).isEqualTo("queued");
    assertThat(get("/a").body()).isEqualTo("any method");
    assertThat(post("/a", "{}").body()).isEqualTo("{\"posted\":true}");
    HttpResponse<String> missing = get("/nowhere");
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(server.requests()).extracting(ReceivedRequest::line)
        .containsExactly("GET /a", "GET /a", "POST /a", "GET /nowhere");
  }

  @Test
  void everyRequestIsRecordedWithItsQueryHeadersAndBody() throws Exception {
    server.on("/search", HttpReply.json("[]"));
    post("/search?q=otters&n=3", "{\"hello\":\"wörld\"}");

    ReceivedRequest r = server.takeRequest(Duration.ofSeconds(5)).orElseThrow();
    assertThat(r.method()).isEqualTo("POST");
    assertThat(r.rawQuery()).isEqualTo("q=otters&n=3");
    assertThat(r.header("AUTHORIZATION")).contains("Bearer sk-test");
    assertThat(r.bodyText()).isEqualTo("{\"hello\":\"wörld\"}");
    assertThat(r.toString()).doesNotContain("sk-test").doesNotContain("wörld");
    assertThat(server.takeRequest(Duration.ofMillis(1))).as("each request is taken once").isEmpty();
  }

  @Test
  void aRedirectIsAStatusAndALocation() throws Exception {
    server.on("/old", HttpReply.redirect(302, "/new"));
    HttpResponse<String> r = get("/old");
    assertThat(r.statusCode()).isEqualTo(302);
    assertThat(r.headers().firstValue("Location")).contains("/new");
    assertThatThrownBy(() -> HttpReply.redirect(200, "/x")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aHeldReplySaysNothingUntilReleasedWhileOtherRequestsAreAnswered() throws Exception {
    CompletableFuture<Void> release = new CompletableFuture<>();
    server.on("/slow", HttpReply.text("late").heldUntil(release)).on("/fast", HttpReply.text("now"));

    CompletableFuture<HttpResponse<String>> slow = http.sendAsync(HttpRequest.newBuilder(URI.create(server.url("/slow")))
        .build(), HttpResponse.BodyHandlers.ofString());
    server.takeRequest(Duration.ofSeconds(5)).orElseThrow();
    assertThat(get("/fast").body()).isEqualTo("now");
    assertThat(slow).as("held while /fast was answered").isNotDone();

    release.complete(null);
    assertThat(slow.get(10, TimeUnit.SECONDS).body()).isEqualTo("late");
  }

  @Test
  void closingTheServerEndsAHeldRequestWithoutAnAnswer() throws Exception {
    server.on("/silent", HttpReply.text("never").heldUntil(new CompletableFuture<>()));
    CompletableFuture<HttpResponse<String>> silent = http.sendAsync(HttpRequest.newBuilder(
        URI.create(server.url("/silent"))).build(), HttpResponse.BodyHandlers.ofString());
    server.takeRequest(Duration.ofSeconds(5)).orElseThrow();

    server.close();

    assertThat(silent).failsWithin(Duration.ofSeconds(10));
  }

  @Test
  void aDisconnectDropsTheConnectionWithoutAResponse() {
    server.on("/dies", HttpReply.disconnect());
    assertThatThrownBy(() -> get("/dies")).isInstanceOf(IOException.class);
  }

  @Test
  void anEventStreamArrivesAsEventsWithoutALength() throws Exception {
    server.on("/stream", HttpReply.sse("data: {\"n\":1}", "data: [DONE]"));
    HttpResponse<String> r = get("/stream");
    assertThat(r.headers().firstValue("Content-Type")).contains("text/event-stream");
    assertThat(r.headers().firstValue("Content-Length")).isEmpty();
    assertThat(r.body()).isEqualTo("data: {\"n\":1}\n\ndata: [DONE]\n\n");
  }

  @Test
  void aReplyCanBeDecidedFromTheRequest() throws Exception {
    server.on("/echo", HttpReply.from(request -> HttpReply.text("you sent " + request.bodyText())));
    assertThat(post("/echo", "hi").body()).isEqualTo("you sent hi");
  }

  @Test
  void aScriptedModelServesItsAnswersAndAnUnexpectedRequestIsA500SayingWhy() throws Exception {
    ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_CHAT)
        .enqueueToolCalls(ToolCall.of("call_1", "roll_dice", "{}"));
    try (LoopbackHttpServer provider = LoopbackHttpServer.serving(model)) {
      HttpResponse<String> first = http.send(HttpRequest.newBuilder(URI.create(provider.url("/v1/chat/completions")))
          .POST(HttpRequest.BodyPublishers.ofString("{\"messages\":[]}")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(Dialect.OPENAI_CHAT.parseToolCalls(first.body())).extracting(ToolCall::name).containsExactly("roll_dice");
      assertThat(model.takeRequest()).isEqualTo("{\"messages\":[]}");

      HttpResponse<String> second = http.send(HttpRequest.newBuilder(URI.create(provider.url("/v1/chat/completions")))
          .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(second.statusCode()).isEqualTo(500);
      assertThat(second.body()).startsWith("{\"error\":{\"message\":");
      assertThat(provider.requests()).hasSize(2);
    }
  }

  @Test
  void pathsAndRepliesAreChecked() {
    assertThatThrownBy(() -> server.on("no-slash", HttpReply.text("x"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a path starts with '/', but was no-slash");
    assertThatThrownBy(() -> server.on("/x", null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HttpReply.status(42)).isInstanceOf(IllegalArgumentException.class);
    assertThat(List.of(server.url("/v1"))).containsExactly("http://127.0.0.1:" + server.port() + "/v1");
  }
}
