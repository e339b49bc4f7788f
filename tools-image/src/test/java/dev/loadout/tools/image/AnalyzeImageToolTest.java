package dev.loadout.tools.image;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** analyze_image through a real Loadout: image resolution with one level of reply fallback, downloads, one deadline. */
class AnalyzeImageToolTest {
  private static final byte[] PNG = "PNGBYTES".getBytes(StandardCharsets.US_ASCII);

  private final Map<String, ImageMessage> channel = new HashMap<>();
  private final List<List<ReferenceImage>> seen = new CopyOnWriteArrayList<>();
  private final List<String> questions = new CopyOnWriteArrayList<>();
  private final VisionProvider answering = (images, question, remaining) -> {
    seen.add(images);
    questions.add(question);
    return CompletableFuture.completedFuture("A red fox in snow.");
  };
  private LoopbackHttpServer server;
  private SafeHttpClient client;
  private ExecutorService executor;
  private Loadout loadout;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackHttpServer.start().otherwise(HttpReply.of(404, "application/json", "{\"error\":\"not found\"}")).on("/fox.png", HttpReply.body("image/png", PNG));
    client = OpenAiImagesBackendTest.loopbackClient();
    executor = Executors.newCachedThreadPool();
  }

  @AfterEach
  void stop() {
    if (loadout != null) {
      loadout.close();
    }
    server.close();
    client.close();
    executor.shutdownNow();
  }

  private ImageMessage images(String... paths) {
    return new ImageMessage(java.util.Arrays.stream(paths).map(server::url).toList(), Optional.empty());
  }

  private static ImageMessage replyTo(String id) {
    return new ImageMessage(List.of(), Optional.of(id));
  }

  private ToolResult call(AnalyzeImageTool tool, String arguments) throws Exception {
    loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    return loadout.prepare(ImageFixtures.context().build()).execute(ToolCall.of("c", "analyze_image", arguments))
        .toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  private AnalyzeImageTool.Builder tool(VisionProvider vision) {
    return AnalyzeImageTool.builder((id, ctx) -> Optional.ofNullable(channel.get(id)), vision, client, executor);
  }

  @Test
  void theRequestedMessagesImagesAreDownloadedAndAnalysed() throws Exception {
    channel.put("m1", images("/fox.png"));

    ToolResult result = call(tool(answering).build(), "{\"message_id\":\"m1\",\"question\":\"What animal?\"}");

    assertThat(result).isEqualTo(ToolResult.text("A red fox in snow."));
    assertThat(seen).singleElement().satisfies(images -> assertThat(images).singleElement().satisfies(i -> {
      assertThat(i.bytes()).isEqualTo(PNG);
      assertThat(i.mimeType()).isEqualTo("image/png");
    }));
    assertThat(questions).containsExactly("What animal?");
  }

  @Test
  void aTextOnlyReplyFallsBackToTheMessageItRepliesTo() throws Exception {
    channel.put("m1", images("/fox.png"));
    channel.put("m2", replyTo("m1"));

    assertThat(call(tool(answering).build(), "{\"message_id\":\"m2\"}").isSuccess()).isTrue();
    assertThat(questions).containsExactly("Describe the images.");
  }

  @Test
  void theFallbackGoesExactlyOneLevelUp() throws Exception {
    channel.put("m1", images("/fox.png"));
    channel.put("m2", replyTo("m1"));
    channel.put("m3", replyTo("m2"));

    assertThat(call(tool(answering).build(), "{\"message_id\":\"m3\"}")).isEqualTo(ToolResult.failure(AnalyzeImageTool.NO_IMAGES,
        "Message m3 has no images, and neither has the message it replies to", false));
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void anUnknownMessageIsAFailureNamingIt() throws Exception {
    assertThat(call(tool(answering).build(), "{\"message_id\":\"nope\"}")).isEqualTo(
        ToolResult.failure(AnalyzeImageTool.MESSAGE_NOT_FOUND, "No message with id nope in this channel", false));
  }

  @Test
  void aStalledVisionProviderReturnsAFailedResultAtTheDeadline() throws Exception {
    channel.put("m1", images("/fox.png"));
    CompletableFuture<String> never = new CompletableFuture<>();

    ToolResult result = call(tool((images, q, remaining) -> never).timeout(Duration.ofMillis(300)).build(), "{\"message_id\":\"m1\"}");

    assertThat(result).isEqualTo(ToolResult.failure(ToolResult.TIMEOUT, "Image analysis did not finish within 300 ms", true));
  }

  @Test
  void theSameDeadlineCoversAStalledDownload() throws Exception {
    channel.put("m1", images("/fox.png"));
    // The download never answers: only closing the server ends the hold.
    server.on("/fox.png", HttpReply.body("image/png", PNG).heldUntil(new java.util.concurrent.CompletableFuture<>()));

    ToolResult result = call(tool(answering).timeout(Duration.ofMillis(300)).build(), "{\"message_id\":\"m1\"}");

    assertThat(result).isEqualTo(ToolResult.failure(ToolResult.TIMEOUT, "Image analysis did not finish within 300 ms", true));
    assertThat(seen).isEmpty();
  }

  @Test
  void aBlockedImageAddressIsRefusedBeforeAnySocketOpensAndTheUrlIsNotEchoed() throws Exception {
    channel.put("m1", images("/fox.png"));
    try (SafeHttpClient production = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production())).build()) {
      AnalyzeImageTool tool = AnalyzeImageTool.builder((id, ctx) -> Optional.ofNullable(channel.get(id)), answering,
          production, executor).build();

      assertThat(call(tool, "{\"message_id\":\"m1\"}")).isEqualTo(
          ToolResult.failure(AnalyzeImageTool.DOWNLOAD_FAILED, "Could not download image 1 (url_refused)", true));
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void aNonImageResponseIsADownloadFailure() throws Exception {
    channel.put("m1", images("/missing.png"));

    assertThat(call(tool(answering).build(), "{\"message_id\":\"m1\"}")).isEqualTo(
        ToolResult.failure(AnalyzeImageTool.DOWNLOAD_FAILED, "Could not download image 1 (HTTP 404, not an image)", true));
  }

  @Test
  void theDeadlineComesFromVisionAnalysisTimeoutMs() {
    AnalyzeImageTool.Builder builder = tool(answering);

    assertThat(builder.timeoutFromEnvironment(Map.of()).build().timeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(builder.timeoutFromEnvironment(Map.of("VISION_ANALYSIS_TIMEOUT_MS", "1500")).build().timeout())
        .isEqualTo(Duration.ofMillis(1500));
    assertThatThrownBy(() -> builder.timeoutFromEnvironment(Map.of("VISION_ANALYSIS_TIMEOUT_MS", "soon")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("VISION_ANALYSIS_TIMEOUT_MS must be a duration from 1 ms to 1 day (a whole number of milliseconds, "
            + "or one with ms, s, min, h or d), but was 'soon'");
    // Accepted before, then execute overflowed on the deadline arithmetic.
    assertThatThrownBy(() -> builder.timeoutFromEnvironment(Map.of("VISION_ANALYSIS_TIMEOUT_MS", "9223372035855")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("but was '9223372035855'");
  }
}
