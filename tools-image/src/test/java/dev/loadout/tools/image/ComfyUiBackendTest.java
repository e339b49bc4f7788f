package dev.loadout.tools.image;

import dev.loadout.testkit.net.ReceivedRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolResult;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The ComfyUI backend against a loopback fake of ComfyUI's HTTP API. */
class ComfyUiBackendTest {
  static final String TXT2IMG = """
      {"3":{"class_type":"KSampler","inputs":{"seed":"{{seed}}","denoise":"{{denoise}}","positive":["6",0],"negative":["7",0]}},
       "5":{"class_type":"EmptyLatentImage","inputs":{"width":"{{width}}","height":"{{height}}","batch_size":1}},
       "6":{"class_type":"CLIPTextEncode","inputs":{"text":"masterpiece, {{prompt}}"}},
       "7":{"class_type":"CLIPTextEncode","inputs":{"text":"{{negative_prompt}}"}},
       "9":{"class_type":"SaveImage","inputs":{"filename_prefix":"Loadout","images":["8",0]}}}""";
  static final String IMG2IMG = """
      {"1":{"class_type":"LoadImage","inputs":{"image":"{{image}}"}},
       "2":{"class_type":"LoadImageMask","inputs":{"image":"{{mask}}","channel":"red"}},
       "3":{"class_type":"KSampler","inputs":{"seed":"{{seed}}","denoise":"{{denoise}}"}},
       "6":{"class_type":"CLIPTextEncode","inputs":{"text":"{{prompt}}"}},
       "7":{"class_type":"CLIPTextEncode","inputs":{"text":"{{negative_prompt}}"}}}""";

  private ComfyUiFakeServer server;
  private SafeHttpClient client;

  @BeforeEach
  void start() throws Exception {
    server = new ComfyUiFakeServer();
    client = OpenAiImagesBackendTest.loopbackClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private ComfyUiBackend.Builder backend() {
    return ComfyUiBackend.builder(client, server.baseUrl(), TXT2IMG).pollInterval(Duration.ZERO).seeds(() -> 42L);
  }

  private static ImageRequest textToImage(String prompt) {
    return new ImageRequest(ImageMode.TEXT_TO_IMAGE, prompt, Optional.of("blurry, lowres"), "16:9", Optional.empty(),
        Optional.empty(), Optional.empty(), Map.of());
  }

  private static ReferenceImage png(String bytes) {
    return new ReferenceImage(bytes.getBytes(StandardCharsets.US_ASCII), "image/png");
  }

  @Test
  void queuesTheFilledWorkflowPollsUntilTheOutputAppearsAndFetchesTheImage() throws Exception {
    server.completeAfterPolls = 2;

    List<ToolMedia> media = backend().build().generate(textToImage("a red fox"));

    assertThat(media).singleElement().satisfies(m -> {
      assertThat(m.mimeType()).isEqualTo("image/png");
      assertThat(m.base64()).contains(Base64.getEncoder().encodeToString(ComfyUiFakeServer.PNG));
    });
    assertThat(server.received()).extracting(ReceivedRequest::path)
        .containsExactly("/prompt", "/history/" + ComfyUiFakeServer.PROMPT_ID, "/history/" + ComfyUiFakeServer.PROMPT_ID,
            "/history/" + ComfyUiFakeServer.PROMPT_ID, "/view");
    assertThat(server.to("/view").get(0).rawQuery()).isEqualTo("filename=Loadout_00001_.png&subfolder=gen&type=output");
    JsonNode queued = ImageHttp.JSON.readTree(server.to("/prompt").get(0).body());
    assertThat(queued.get("client_id").stringValue()).isNotBlank();
    assertThat(queued.get("prompt")).isEqualTo(ImageHttp.JSON.readTree("""
        {"3":{"class_type":"KSampler","inputs":{"seed":42,"denoise":1.0,"positive":["6",0],"negative":["7",0]}},
         "5":{"class_type":"EmptyLatentImage","inputs":{"width":1344,"height":768,"batch_size":1}},
         "6":{"class_type":"CLIPTextEncode","inputs":{"text":"masterpiece, a red fox"}},
         "7":{"class_type":"CLIPTextEncode","inputs":{"text":"blurry, lowres"}},
         "9":{"class_type":"SaveImage","inputs":{"filename_prefix":"Loadout","images":["8",0]}}}"""));
  }

  @Test
  void aPromptWithQuotesBracesAndJsonStaysOneStringValue() throws Exception {
    String hostile = "fox\", \"x\": {\"class_type\":\"Evil\"}, \"y\":\"{{seed}}";

    backend().build().generate(textToImage(hostile));

    JsonNode prompt = ImageHttp.JSON.readTree(server.to("/prompt").get(0).body()).get("prompt");
    assertThat(prompt.propertyNames()).containsExactlyInAnyOrder("3", "5", "6", "7", "9");
    assertThat(prompt.at("/6/inputs/text").stringValue()).isEqualTo("masterpiece, " + hostile);
  }

  @Test
  void inpaintUploadsTheReferenceAndMaskAndFillsTheirUploadedNames() throws Exception {
    ComfyUiBackend backend = backend().workflowSupports(Map.of("image_to_image", true, "inpaint", true, "outpaint", false))
        .workflow(ImageMode.INPAINT, IMG2IMG).workflow(ImageMode.IMAGE_TO_IMAGE, IMG2IMG.replace("{{mask}}", "none.png")).build();

    backend.generate(new ImageRequest(ImageMode.INPAINT, "a hat", Optional.empty(), "1:1", Optional.of(png("IMAGEBYTES")),
        Optional.of(png("MASKBYTES")), Optional.of(0.4), Map.of()));

    List<ReceivedRequest> uploads = server.to("/upload/image");
    assertThat(uploads).hasSize(2);
    assertThat(uploads.get(0).header("Content-Type").orElse(null)).startsWith("multipart/form-data; boundary=");
    assertThat(uploads.get(0).bodyText()).contains("name=\"type\"\r\n\r\ninput\r\n", "Content-Type: image/png\r\n\r\nIMAGEBYTES\r\n");
    assertThat(uploads.get(1).bodyText()).contains("MASKBYTES");
    JsonNode prompt = ImageHttp.JSON.readTree(server.to("/prompt").get(0).body()).get("prompt");
    assertThat(prompt.at("/1/inputs/image").stringValue()).isEqualTo("upload1.png");
    assertThat(prompt.at("/2/inputs/image").stringValue()).isEqualTo("upload2.png");
    assertThat(prompt.at("/3/inputs/denoise").doubleValue()).isEqualTo(0.4);
    assertThat(prompt.at("/7/inputs/text").stringValue()).isEmpty();
  }

  /** Before the shared engine, {@code {{image_2}}} did not match the workflow's placeholder syntax and went unfilled. */
  @Test
  void aSecondReferenceIsUploadedAndFilledIntoImage2() throws Exception {
    String twoImages = IMG2IMG.replace("{{mask}}", "{{image_2}}");
    ComfyUiBackend backend = backend().workflowSupports(Map.of("image_to_image", true, "inpaint", false, "outpaint", false))
        .workflow(ImageMode.IMAGE_TO_IMAGE, twoImages).build();

    backend.generate(new ImageRequest(ImageMode.IMAGE_TO_IMAGE, "a hat", Optional.empty(), "1:1", Optional.of(png("FIRST")),
        Optional.empty(), Optional.of(0.4), Map.of(), List.of(png("AVATAR"))));

    List<ReceivedRequest> uploads = server.to("/upload/image");
    assertThat(uploads).hasSize(2);
    assertThat(uploads.get(1).bodyText()).contains("AVATAR");
    JsonNode prompt = ImageHttp.JSON.readTree(server.to("/prompt").get(0).body()).get("prompt");
    assertThat(prompt.at("/1/inputs/image").stringValue()).isEqualTo("upload1.png");
    assertThat(prompt.at("/2/inputs/image").stringValue()).isEqualTo("upload2.png");
  }

  @Test
  void aPromptThatNeverCompletesFailsWithTheTimeoutCodeAtTheDeadline() {
    server.neverComplete();
    ComfyUiBackend backend = backend().clock(new TickingClock()).timeout(Duration.ofSeconds(10)).build();

    assertThatThrownBy(() -> backend.generate(textToImage("a fox")))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> {
          assertThat(e.code()).isEqualTo(ImageBackendException.TIMEOUT);
          assertThat(e.getMessage()).isEqualTo("The image backend did not finish within 10000 ms");
          assertThat(e.retryable()).isTrue();
        });
    // The ticking clock moves one second per reading: a bounded number of polls, never an endless loop.
    assertThat(server.to("/history/")).hasSizeBetween(1, 10);
  }

  @Test
  void throughTheToolANeverCompletingPromptIsAFailedResultWithTheTimeoutCode() throws Exception {
    server.neverComplete();
    GenerateImageTool tool = GenerateImageTool.builder(backend().clock(new TickingClock()).timeout(Duration.ofSeconds(5))
        .workflowSupports(Map.of("negative_prompt", true)).build()).build();

    ToolResult result = ImageFixtures.run(tool, ImageFixtures.context().build(), "{\"prompt\":\"a fox\"}");

    assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo(ImageBackendException.TIMEOUT));
  }

  @Test
  void aServerErrorOnQueueingIsARetryableBackendError() {
    server.promptStatus = 500;

    assertThatThrownBy(() -> backend().build().generate(textToImage("a fox")))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> {
          assertThat(e.code()).isEqualTo(ImageBackendException.UPSTREAM_STATUS);
          assertThat(e.getMessage()).isEqualTo("The image backend answered HTTP 500.");
          assertThat(e.retryable()).isTrue();
        });
    assertThat(server.to("/history/")).isEmpty();
  }

  @Test
  void malformedJsonFromTheQueueIsABadResponse() {
    server.promptAnswer = "{\"prompt_id\": ";

    assertThatThrownBy(() -> backend().build().generate(textToImage("a fox")))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> {
          assertThat(e.code()).isEqualTo(ImageBackendException.BAD_UPSTREAM_RESPONSE);
          assertThat(e.getMessage()).isEqualTo("The image backend sent a response that is not a JSON object.");
        });
  }

  @Test
  void aQueueAnswerWithoutPromptIdIsABadResponse() {
    server.promptAnswer = "{\"error\":{\"type\":\"prompt_outputs_failed_validation\"}}";

    assertThatThrownBy(() -> backend().build().generate(textToImage("a fox")))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> assertThat(e.code()).isEqualTo(ImageBackendException.BAD_UPSTREAM_RESPONSE));
  }

  @Test
  void aCompletedPromptWithoutOutputImagesIsABadResponse() {
    server.doneEntry = "{\"%s\":{\"outputs\":{},\"status\":{\"status_str\":\"success\",\"completed\":true}}}";

    assertThatThrownBy(() -> backend().build().generate(textToImage("a fox")))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> {
          assertThat(e.code()).isEqualTo(ImageBackendException.BAD_UPSTREAM_RESPONSE);
          assertThat(e.getMessage()).isEqualTo("The image backend finished the workflow without an output image");
        });
    assertThat(server.to("/view")).isEmpty();
  }

  @Test
  void aWorkflowErrorReportedInTheHistoryIsANonRetryableError() {
    server.doneEntry = "{\"%s\":{\"outputs\":{},\"status\":{\"status_str\":\"error\",\"completed\":false}}}";

    assertThatThrownBy(() -> backend().build().generate(textToImage("a fox")))
        .isInstanceOfSatisfying(ImageBackendException.class, e -> {
          assertThat(e.code()).isEqualTo(ImageBackendException.ERROR);
          assertThat(e.retryable()).isFalse();
        });
  }

  @Test
  void aComfyUiOnLoopbackIsRefusedBeforeAnySocketUnlessTrusted() throws Exception {
    try (SafeHttpClient production = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production())).build()) {
      ComfyUiBackend untrusted = ComfyUiBackend.builder(production, server.baseUrl(), TXT2IMG).pollInterval(Duration.ZERO).build();
      assertThatThrownBy(() -> untrusted.generate(textToImage("a fox")))
          .isInstanceOfSatisfying(ImageBackendException.class, e -> assertThat(e.code()).isEqualTo(ImageBackendException.UPSTREAM_REFUSED));
      assertThat(server.received()).isEmpty();

      try (ComfyUiBackend trusted = ComfyUiBackend.builder(production, server.baseUrl(), TXT2IMG).pollInterval(Duration.ZERO)
          .trustPrivateNetwork(true).build()) {
        assertThat(trusted.generate(textToImage("a fox"))).hasSize(1);
      }
    }
  }

  @Test
  void negativePromptChannelDefaultsOnAndOutpaintFollowsInpaint() {
    ComfyUiBackend backend = backend().workflowSupports(Map.of("inpaint", true)).workflow(ImageMode.INPAINT, IMG2IMG)
        .workflow(ImageMode.OUTPAINT, IMG2IMG).build();

    assertThat(backend.capabilities())
        .isEqualTo(ImageCapabilities.of(true, ImageMode.TEXT_TO_IMAGE, ImageMode.INPAINT, ImageMode.OUTPAINT));
  }

  @Test
  void buildRefusesWorkflowsThatCannotRunTheDeclaredModes() {
    assertThatThrownBy(() -> ComfyUiBackend.builder(client, server.baseUrl(), TXT2IMG.replace("{{negative_prompt}}", "bad")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("workflow_supports.negative_prompt is on (the ComfyUI default) but the default workflow (used for text_to_image)"
            + " has no {{negative_prompt}} placeholder; add one or declare negative_prompt false");
    assertThatThrownBy(() -> backend().workflowSupports(Map.of("image_to_image", true)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the default workflow (used for image_to_image) has no {{image}} placeholder for the reference image");
    assertThatThrownBy(() -> ComfyUiBackend.builder(client, server.baseUrl(), "{\"1\":{\"inputs\":{\"x\":\"{{steps}}\"}}}"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("workflow uses unknown placeholders [steps]; known are [");
    assertThatThrownBy(() -> ComfyUiBackend.builder(client, server.baseUrl(), "{\"1\":{\"inputs\":{\"x\":\"{{ Prompt }}\"}}}"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("workflow uses unknown placeholders [Prompt]; known are [");
    assertThatThrownBy(() -> ComfyUiBackend.builder(client, server.baseUrl(), "{\"1\":{\"inputs\":{\"{{seed}}\":1}}}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("workflow has placeholders in keys [{{seed}}], which are never filled; node ids and input names stay as written");
    String deep = "{\"1\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
    assertThatThrownBy(() -> ComfyUiBackend.builder(client, server.baseUrl(), deep))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("workflow is not valid JSON: Document nesting depth");
    assertThatThrownBy(() -> ComfyUiBackend.builder(client, server.baseUrl(), "[1,2]"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("workflow must be a JSON object of workflow nodes");
  }

  /** A clock that moves one second forward on every reading, so deadlines pass after a known number of steps. */
  static final class TickingClock extends Clock {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public synchronized Instant instant() {
      now = now.plusSeconds(1);
      return now;
    }
  }
}
