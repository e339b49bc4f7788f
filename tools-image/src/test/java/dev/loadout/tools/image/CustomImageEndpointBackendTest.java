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
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The generic custom image endpoint against a loopback fake of its documented JSON contract. */
class CustomImageEndpointBackendTest {
  private LoopbackHttpServer server;
  private SafeHttpClient client;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackHttpServer.start().otherwise(HttpReply.of(404, "application/json", "{\"error\":\"not found\"}"));
    client = OpenAiImagesBackendTest.loopbackClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private static ImageRequest textToImage() {
    return new ImageRequest(ImageMode.TEXT_TO_IMAGE, "a red fox", Optional.of("blurry"), "16:9", Optional.empty(),
        Optional.empty(), Optional.empty(), Map.of());
  }

  @Test
  void aLegacyConfigurationThatDeclaresNothingIsTextToImageOnlyWithoutANegativePrompt() throws Exception {
    server.on("/gen", HttpReply.of(200, "application/json", "{\"images\":[{\"base64\":\"iVBORw0KGgo=\",\"mime_type\":\"image/webp\"}]}"));
    CustomImageEndpointBackend backend = CustomImageEndpointBackend.builder(client, server.url("/gen")).build();

    List<ToolMedia> media = backend.generate(textToImage());

    assertThat(backend.capabilities()).isEqualTo(ImageCapabilities.of(false, ImageMode.TEXT_TO_IMAGE));
    assertThat(media).singleElement().satisfies(m -> assertThat(m.mimeType()).isEqualTo("image/webp"));
    assertThat(ImageHttp.JSON.readTree(server.requests().get(0).body())).isEqualTo(ImageHttp.JSON.readTree(
        "{\"mode\":\"text_to_image\",\"prompt\":\"a red fox\",\"aspect_ratio\":\"16:9\",\"width\":1344,\"height\":768}"));
  }

  @Test
  void declaredModesSendTheReferenceAsBase64AndTheNegativePromptThroughItsChannel() throws Exception {
    server.on("/gen", HttpReply.of(200, "application/json", "{\"images\":[{\"base64\":\"iVBORw0KGgo=\"}]}"));
    CustomImageEndpointBackend backend = CustomImageEndpointBackend.builder(client, server.url("/gen")).apiKey("tok-9")
        .declaredModes(Map.of("image_to_image", true, "outpaint", true, "negative_prompt", true)).build();
    ReferenceImage ref = new ReferenceImage("REF".getBytes(StandardCharsets.US_ASCII), "image/jpeg");

    backend.generate(new ImageRequest(ImageMode.OUTPAINT, "a beach", Optional.of("blurry"), "1:1", Optional.of(ref),
        Optional.empty(), Optional.of(0.5), Map.of("right", 256)));

    assertThat(backend.capabilities()).isEqualTo(ImageCapabilities.of(true, ImageMode.TEXT_TO_IMAGE, ImageMode.IMAGE_TO_IMAGE,
        ImageMode.OUTPAINT));
    assertThat(server.requests().get(0).header("Authorization").orElse(null)).isEqualTo("Bearer tok-9");
    assertThat(ImageHttp.JSON.readTree(server.requests().get(0).body())).isEqualTo(ImageHttp.JSON.readTree(
        "{\"mode\":\"outpaint\",\"prompt\":\"a beach\",\"aspect_ratio\":\"1:1\",\"width\":1024,\"height\":1024,"
            + "\"negative_prompt\":\"blurry\",\"denoise\":0.5,\"image\":{\"mime_type\":\"image/jpeg\",\"base64\":\""
            + Base64.getEncoder().encodeToString("REF".getBytes(StandardCharsets.US_ASCII)) + "\"},"
            + "\"expand\":{\"left\":0,\"right\":256,\"top\":0,\"bottom\":0}}"));
  }

  @Test
  void aResultUrlIsDownloadedThroughTheGuardAndReturnedAsAnImage() throws Exception {
    server.on("/gen", HttpReply.of(200, "application/json", "{\"images\":[{\"url\":\"" + server.url("/files/out.png") + "\"}]}"));
    server.on("/files/out.png", HttpReply.body("image/png", new byte[] {1, 2, 3}));

    List<ToolMedia> media = CustomImageEndpointBackend.builder(client, server.url("/gen")).build().generate(textToImage());

    assertThat(media).singleElement().satisfies(m -> assertThat(m.base64()).contains(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3})));
    assertThat(server.requests()).extracting(ReceivedRequest::path).containsExactly("/gen", "/files/out.png");
  }

  @Test
  void aTrustedPrivateEndpointCannotMakeTheBotFetchABlockedUrlElsewhere() throws Exception {
    // The shared client is production: "cdn.test" resolves to loopback, which production refuses before connecting.
    try (SafeHttpClient production = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production(),
        host -> List.of(InetAddress.getLoopbackAddress()))).build();
        CustomImageEndpointBackend backend = CustomImageEndpointBackend.builder(production, server.url("/gen"))
            .trustPrivateNetwork(true).build()) {
      server.on("/gen", HttpReply.of(200, "application/json", "{\"images\":[{\"url\":\"http://cdn.test:" + server.port() + "/files/out.png\"}]}"));

      assertThatThrownBy(() -> backend.generate(textToImage()))
          .isInstanceOfSatisfying(ImageBackendException.class, e -> assertThat(e.code()).isEqualTo(ImageBackendException.UPSTREAM_REFUSED));
    }
    assertThat(server.requests()).extracting(ReceivedRequest::path).containsExactly("/gen");
  }

  @Test
  void aNonImageResultUrlIsABadResponse() {
    server.on("/gen", HttpReply.of(200, "application/json", "{\"images\":[{\"url\":\"" + server.url("/page") + "\"}]}"));
    server.on("/page", HttpReply.body("text/html", "<html>".getBytes(StandardCharsets.UTF_8)));

    assertThatThrownBy(() -> CustomImageEndpointBackend.builder(client, server.url("/gen")).build().generate(textToImage()))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> {
          assertThat(e.code()).isEqualTo(ImageBackendException.BAD_UPSTREAM_RESPONSE);
          assertThat(e.getMessage()).isEqualTo("The image backend sent a result that is not an image");
        });
  }

  @Test
  void errorsMalformedJsonAndEmptyListsAreFailuresWithTheirCodes() {
    CustomImageEndpointBackend backend = CustomImageEndpointBackend.builder(client, server.url("/gen")).build();

    server.on("/gen", HttpReply.of(502, "application/json", "{}"));
    assertThatThrownBy(() -> backend.generate(textToImage())).isInstanceOfSatisfying(ImageBackendException.class, e -> {
      assertThat(e.code()).isEqualTo(ImageBackendException.UPSTREAM_STATUS);
      assertThat(e.retryable()).isTrue();
    });
    server.on("/gen", HttpReply.of(200, "application/json", "not json"));
    assertThatThrownBy(() -> backend.generate(textToImage())).isInstanceOfSatisfying(ImageBackendException.class,
        e -> assertThat(e.code()).isEqualTo(ImageBackendException.BAD_UPSTREAM_RESPONSE));
    server.on("/gen", HttpReply.of(200, "application/json", "{\"images\":[]}"));
    assertThatThrownBy(() -> backend.generate(textToImage())).isInstanceOfSatisfying(ImageBackendException.class,
        e -> assertThat(e.getMessage()).isEqualTo("The image backend returned no image"));
  }

  @Test
  void theKeyIsNeverInToString() {
    assertThat(CustomImageEndpointBackend.builder(client, server.url("/gen")).apiKey("tok-9").build().toString())
        .doesNotContain("tok-9").contains("key=***");
  }
}
