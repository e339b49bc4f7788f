package dev.loadout.tools.image;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The OpenAI-compatible images backend against a loopback fake of the API. */
class OpenAiImagesBackendTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String KEY = "sk-secret-123";

  private LoopbackHttpServer server;
  private SafeHttpClient client;

  static SafeHttpClient loopbackClient() {
    return SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production().toBuilder().allowPrivateNetworks(true)
        .callTimeout(Duration.ofSeconds(5)).build())).build();
  }

  @BeforeEach
  void start() throws Exception {
    server = LoopbackHttpServer.start().otherwise(HttpReply.of(404, "application/json", "{\"error\":\"not found\"}"));
    client = loopbackClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private OpenAiImagesBackend backend() {
    return OpenAiImagesBackend.builder(client, server.url("/v1"), "gpt-image-1").apiKey(KEY).build();
  }

  private static ImageRequest textToImage(String aspect) {
    return new ImageRequest(ImageMode.TEXT_TO_IMAGE, "a red fox", Optional.empty(), aspect, Optional.empty(),
        Optional.empty(), Optional.empty(), Map.of());
  }

  @Test
  void textToImagePostsAGenerationWithTheKeyAsBearerTokenAndReturnsTheImage() throws Exception {
    server.on("/v1/images/generations", HttpReply.of(200, "application/json", ImageFixtures.ONE_IMAGE));

    List<ToolMedia> media = backend().generate(textToImage("16:9"));

    assertThat(media).singleElement().satisfies(m -> {
      assertThat(m.mimeType()).isEqualTo("image/png");
      assertThat(m.base64()).contains("iVBORw0KGgo=");
    });
    ReceivedRequest r = server.requests().get(0);
    assertThat(r.method()).isEqualTo("POST");
    assertThat(r.header("Authorization").orElse(null)).isEqualTo("Bearer " + KEY);
    assertThat(JSON.readTree(r.body())).isEqualTo(JSON.readTree(
        "{\"model\":\"gpt-image-1\",\"prompt\":\"a red fox\",\"n\":1,\"size\":\"1536x1024\"}"));
  }

  @Test
  void portraitAndSquareRatiosMapToThePortraitAndSquareSizes() {
    assertThat(OpenAiImagesBackend.size(textToImage("9:16"))).isEqualTo("1024x1536");
    assertThat(OpenAiImagesBackend.size(textToImage("1:1"))).isEqualTo("1024x1024");
    assertThat(OpenAiImagesBackend.size(textToImage("21:9"))).isEqualTo("1536x1024");
  }

  @Test
  void inpaintPostsAMultipartEditWithImageAndMask() throws Exception {
    server.on("/v1/images/edits", HttpReply.of(200, "application/json", "{\"data\":[{\"url\":\"https://cdn.example/a.png\"}]}"));
    ImageRequest request = new ImageRequest(ImageMode.INPAINT, "a hat", Optional.empty(), "1:1",
        Optional.of(new ReferenceImage("IMAGEBYTES".getBytes(StandardCharsets.US_ASCII), "image/png")),
        Optional.of(new ReferenceImage("MASKBYTES".getBytes(StandardCharsets.US_ASCII), "image/png")),
        Optional.of(0.4), Map.of());

    List<ToolMedia> media = backend().generate(request);

    assertThat(media).singleElement().satisfies(m -> assertThat(m.url()).contains("https://cdn.example/a.png"));
    ReceivedRequest r = server.requests().get(0);
    assertThat(r.path()).isEqualTo("/v1/images/edits");
    assertThat(r.header("Content-Type").orElse(null)).startsWith("multipart/form-data; boundary=loadout-");
    assertThat(r.bodyText()).contains("name=\"prompt\"\r\n\r\na hat\r\n", "name=\"size\"\r\n\r\n1024x1024\r\n",
        "name=\"image\"; filename=\"image.png\"\r\nContent-Type: image/png\r\n\r\nIMAGEBYTES\r\n",
        "name=\"mask\"; filename=\"mask.png\"\r\nContent-Type: image/png\r\n\r\nMASKBYTES\r\n");
  }

  @Test
  void aServerErrorIsARetryableFailureThatNamesOnlyTheStatus() {
    server.on("/v1/images/generations", HttpReply.of(503, "application/json", "{\"error\":\"busy, key sk-secret-123\"}"));

    assertThatThrownBy(() -> backend().generate(textToImage("1:1")))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> {
          assertThat(e.getMessage()).isEqualTo("The image backend answered HTTP 503.");
          assertThat(e.retryable()).isTrue();
        });
  }

  @Test
  void aResponseWithoutImagesIsAFailure() {
    server.on("/v1/images/generations", HttpReply.of(200, "application/json", "{\"data\":[]}"));

    assertThatThrownBy(() -> backend().generate(textToImage("1:1")))
        .isInstanceOf(ImageBackendException.class).hasMessage("The image backend returned no image");
  }

  @Test
  void aBlockedAddressIsRefusedBeforeAnySocketOpens() {
    try (SafeHttpClient production = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production())).build()) {
      OpenAiImagesBackend backend = OpenAiImagesBackend.builder(production, server.url("/v1"), "m").apiKey(KEY).build();

      assertThatThrownBy(() -> backend.generate(textToImage("1:1")))
          .isInstanceOf(ImageBackendException.class).hasMessageStartingWith("The image backend's address is not allowed by the network policy (");
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void aStalledServerFailsAtTheClientDeadline() {
    // Never answers: only closing the server ends the hold.
    server.otherwise(HttpReply.status(200).heldUntil(new java.util.concurrent.CompletableFuture<>()));
    try (SafeHttpClient quick = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production().toBuilder()
        .allowPrivateNetworks(true).readTimeout(Duration.ofMillis(200)).callTimeout(Duration.ofMillis(300)).build())).build()) {
      OpenAiImagesBackend backend = OpenAiImagesBackend.builder(quick, server.url("/v1"), "m").build();

      assertThatThrownBy(() -> backend.generate(textToImage("1:1")))
          .isInstanceOf(ImageBackendException.class).hasMessageStartingWith("The image backend did not answer in time (");
    }
  }

  @Test
  void theKeyIsNeverInToStringOrMessages() {
    OpenAiImagesBackend backend = backend();

    assertThat(backend.toString()).doesNotContain(KEY).contains("key=***");
    server.on("/v1/images/generations", HttpReply.of(401, "application/json", "{\"error\":\"bad key sk-secret-123\"}"));
    assertThatThrownBy(() -> backend.generate(textToImage("1:1"))).satisfies(e -> assertThat(e.getMessage()).doesNotContain(KEY));
  }

  @Test
  void aServerWithoutEditsIsTextToImageOnly() {
    OpenAiImagesBackend backend = OpenAiImagesBackend.builder(client, server.url("/v1"), "m").edits(false).build();

    assertThat(backend.capabilities()).isEqualTo(ImageCapabilities.of(false, ImageMode.TEXT_TO_IMAGE));
  }

  @Test
  void theBuilderRejectsANonHttpBaseUrlAndNamesIt() {
    assertThatThrownBy(() -> OpenAiImagesBackend.builder(client, "ftp://x", "m"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("baseUrl must be an absolute http(s) URL with a host, but its scheme was 'ftp'");
  }

  static JsonNode json(byte[] body) {
    return JSON.readTree(body);
  }
}
