package dev.loadout.tools.image;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import static dev.loadout.tools.image.ImageMode.IMAGE_TO_IMAGE;
import static dev.loadout.tools.image.ImageMode.INPAINT;
import static dev.loadout.tools.image.ImageMode.OUTPAINT;
import static dev.loadout.tools.image.ImageMode.TEXT_TO_IMAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The exact schema the model sees, per backend capability set, through a real Loadout. */
class GenerateImageVariantTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String PROMPT = "What the image should show, as a detailed description or comma-separated tags.";
  private static final String ASPECT = "\"aspect_ratio\":{\"type\":\"string\",\"enum\":[\"1:1\",\"2:3\",\"3:2\",\"3:4\",\"4:3\","
      + "\"4:5\",\"5:4\",\"9:16\",\"16:9\",\"21:9\"],\"description\":\"Aspect ratio of the result. Default 1:1.\"}";
  private static String mask(String modes) {
    return "\"mask_media_id\":{\"type\":\"string\",\"description\":\"Media ID of a black-and-white mask for " + modes
        + "; white is redrawn.\"}";
  }

  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private PreparedTurn prepare(GenerateImageTool tool) {
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);
    return loadout.prepare(ImageFixtures.context().build());
  }

  private PreparedTurn prepare(ImageCapabilities caps) {
    return prepare(GenerateImageTool.builder(new ImageFixtures.RecordingBackend(caps)).build());
  }

  private static JsonNode rendered(PreparedTurn turn) {
    return JSON.readTree(turn.render(Dialect.OPENAI_CHAT).json());
  }

  private static JsonNode expected(String description, String properties) {
    return JSON.readTree("[{\"type\":\"function\",\"function\":{\"name\":\"generate_image\",\"description\":\"" + description
        + "\",\"parameters\":{\"type\":\"object\",\"properties\":{" + properties
        + "},\"required\":[\"prompt\"],\"additionalProperties\":false}}}]");
  }

  private static String prompt(String text) {
    return "\"prompt\":{\"type\":\"string\",\"minLength\":1,\"description\":\"" + text + "\"}";
  }

  private static String reference(String modes, String strength) {
    return "\"media_id\":{\"type\":\"string\",\"description\":\"Reference media ID such as media_1. Use for " + modes + ".\"},"
        + "\"target_identity\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1},\"maxItems\":3,"
        + "\"description\":\"Names of conversation participants whose avatars to use as reference images for " + modes + ".\"},"
        + "\"denoise\":{\"type\":\"number\",\"minimum\":0,\"maximum\":1,\"description\":\"" + strength
        + " strength from 0 to 1. Lower preserves more.\"}";
  }

  private static String edge(String name) {
    return "\"expand_" + name + "\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":1024,\"description\":\"Pixels to add on the "
        + name + " edge for outpaint, 0 to 1024. Default 0.\"}";
  }

  @Test
  void textToImageOnlyKeepsPromptAndAspectRatioWithNoEditModeWording() {
    PreparedTurn turn = prepare(ImageCapabilities.of(false, TEXT_TO_IMAGE));

    assertThat(rendered(turn)).isEqualTo(expected("Generate an image with Test backend. Supported modes: text-to-image.",
        prompt(PROMPT) + "," + ASPECT));
    assertThat(turn.render(Dialect.OPENAI_CHAT).json()).doesNotContainIgnoringCase("inpaint")
        .doesNotContainIgnoringCase("outpaint").doesNotContainIgnoringCase("img2img").doesNotContain("media_id");
  }

  @Test
  void openAiCompatibleBackendShowsReferenceAndMaskFieldsButNoOutpaint() throws Exception {
    try (LoopbackHttpServer server = LoopbackHttpServer.start().otherwise(HttpReply.of(404, "application/json", "{\"error\":\"not found\"}"));
        dev.loadout.core.net.SafeHttpClient client = OpenAiImagesBackendTest.loopbackClient()) {
      PreparedTurn turn = prepare(GenerateImageTool.builder(OpenAiImagesBackend.builder(client, server.url("/v1"), "gpt-image-1")
          .apiKey("sk-test").build()).build());

      assertThat(rendered(turn)).isEqualTo(expected("Generate an image with OpenAI images. Supported modes: text-to-image,"
          + " image-to-image, inpaint.",
          prompt(PROMPT + " For inpaint, describe only what should appear inside the masked area.") + "," + ASPECT + ","
              + reference("img2img/inpaint", "Img2img/inpaint") + "," + mask("inpaint")));
    }
  }

  @Test
  void imageToImageWithoutInpaintKeepsReferenceFieldsOnly() {
    PreparedTurn turn = prepare(ImageCapabilities.of(false, TEXT_TO_IMAGE, IMAGE_TO_IMAGE));

    assertThat(rendered(turn)).isEqualTo(expected("Generate an image with Test backend. Supported modes: text-to-image,"
        + " image-to-image.",
        prompt(PROMPT) + "," + ASPECT + "," + reference("img2img", "Img2img")));
  }

  @Test
  void everyModeWithANegativeChannelKeepsEveryFieldAndSaysNothingOfNegativeTags() {
    PreparedTurn turn = prepare(ImageCapabilities.of(true, TEXT_TO_IMAGE, IMAGE_TO_IMAGE, INPAINT, OUTPAINT));

    assertThat(rendered(turn)).isEqualTo(expected("Generate an image with Test backend. Supported modes: text-to-image,"
        + " image-to-image, inpaint, outpaint.",
        prompt(PROMPT + " For inpaint, describe only what should appear inside the masked area."
            + " For outpaint, describe what should fill the extended canvas.") + "," + ASPECT + ","
            + reference("img2img/inpaint/outpaint", "Img2img/inpaint/outpaint") + "," + mask("inpaint/outpaint") + ","
            + edge("left") + "," + edge("right") + "," + edge("top") + "," + edge("bottom")));
  }

  @Test
  void outpaintWithoutInpaintStillKeepsTheMaskField() {
    PreparedTurn turn = prepare(ImageCapabilities.of(false, OUTPAINT));

    assertThat(rendered(turn)).isEqualTo(expected("Generate an image with Test backend. Supported modes: outpaint.",
        prompt(PROMPT + " For outpaint, describe what should fill the extended canvas.") + "," + ASPECT + ","
            + reference("outpaint", "Outpaint") + "," + mask("outpaint") + ","
            + edge("left") + "," + edge("right") + "," + edge("top") + "," + edge("bottom")));
  }

  @Test
  void defaultPositiveTagsAreNamedInThePromptDescription() {
    PreparedTurn turn = prepare(GenerateImageTool.builder(new ImageFixtures.RecordingBackend(
        ImageCapabilities.of(false, TEXT_TO_IMAGE))).defaultPositiveTags(" masterpiece, best quality ").build());

    assertThat(turn.variant("generate_image").orElseThrow().parameters().get("properties").get("prompt").get("description")
        .stringValue()).isEqualTo(PROMPT + " The server adds these default tags itself, so do not repeat them:"
            + " masterpiece, best quality.");
  }

  @Test
  void aBackendWithNoModeHidesTheToolAndSaysWhy() {
    PreparedTurn turn = prepare(ImageCapabilities.of(true));

    assertThat(turn.visibleNames()).isEmpty();
    assertThat(turn.hidden("generate_image").orElseThrow().reasons())
        .anySatisfy(r -> {
          assertThat(r.code()).isEqualTo(AvailabilityDecision.HIDDEN_BY_ASSEMBLY);
          assertThat(r.message()).isEqualTo("the image backend Test backend supports no generation mode");
        });
  }

  @Test
  void theSameCapabilitiesGiveTheSameVariantObjectOnEveryTurn() {
    GenerateImageTool tool = GenerateImageTool.builder(new ImageFixtures.RecordingBackend(
        ImageCapabilities.of(false, TEXT_TO_IMAGE, INPAINT))).build();
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);

    assertThat(loadout.prepare(ImageFixtures.context().build()).variant("generate_image").orElseThrow())
        .isSameAs(loadout.prepare(ImageFixtures.context().build()).variant("generate_image").orElseThrow());
  }
}
