package dev.loadout.tools.image;

import dev.loadout.core.SchemaEdit;
import dev.loadout.core.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The full {@code generate_image} schema and its per-turn variants. The base schema names every mode;
 * a variant keeps only the parameters of the backend's modes and rewrites the descriptions that name
 * modes, so a text-to-image backend never shows edit-mode wording.
 */
final class GenerateImageSchema {
  static final String NAME = "generate_image";
  static final List<String> REFERENCE_FIELDS = List.of("media_id", "target_identity", "denoise");
  static final List<String> INPAINT_FIELDS = List.of("mask_media_id");
  static final List<String> OUTPAINT_FIELDS = List.of("expand_left", "expand_right", "expand_top", "expand_bottom");

  static final String PROMPT = "What the image should show, as a detailed description or comma-separated tags.";
  static final String PROMPT_INPAINT = " For inpaint, describe only what should appear inside the masked area.";
  static final String PROMPT_OUTPAINT = " For outpaint, describe what should fill the extended canvas.";

  private static final String EXPAND = "Pixels to add on the %s edge for outpaint, 0 to 1024. Default 0.";
  private static final String PARAMETERS = """
      {"type":"object","properties":{
        "prompt":{"type":"string","minLength":1,"description":"%s"},
        "aspect_ratio":{"type":"string","enum":["1:1","2:3","3:2","3:4","4:3","4:5","5:4","9:16","16:9","21:9"],
          "description":"Aspect ratio of the result. Default 1:1."},
        "media_id":{"type":"string","description":"Reference media ID such as media_1. Use for img2img/inpaint/outpaint."},
        "target_identity":{"type":"array","items":{"type":"string","minLength":1},"maxItems":3,
          "description":"Names of conversation participants whose avatars to use as reference images for img2img/inpaint/outpaint."},
        "denoise":{"type":"number","minimum":0,"maximum":1,
          "description":"Img2img/inpaint/outpaint strength from 0 to 1. Lower preserves more."},
        "mask_media_id":{"type":"string","description":"Media ID of a black-and-white mask for inpaint/outpaint; white is redrawn."},
        "expand_left":{"type":"integer","minimum":0,"maximum":1024,"description":"%s"},
        "expand_right":{"type":"integer","minimum":0,"maximum":1024,"description":"%s"},
        "expand_top":{"type":"integer","minimum":0,"maximum":1024,"description":"%s"},
        "expand_bottom":{"type":"integer","minimum":0,"maximum":1024,"description":"%s"}},
       "required":["prompt"],"additionalProperties":false}""";

  private GenerateImageSchema() {
  }

  static ToolSpec base() {
    String parameters = PARAMETERS.formatted(PROMPT + PROMPT_INPAINT + PROMPT_OUTPAINT,
        EXPAND.formatted("left"), EXPAND.formatted("right"), EXPAND.formatted("top"), EXPAND.formatted("bottom"));
    return ToolSpec.builder(NAME, parameters)
        .description("Generate an image from a prompt. Supported modes: text-to-image, image-to-image, inpaint, outpaint.")
        .group("media")
        .build();
  }

  /** The variant for a backend's capabilities, or empty when it supports no mode. */
  static Optional<ToolSpec> variant(ToolSpec base, String backendLabel, ImageCapabilities caps, String positiveTags) {
    if (caps.modes().isEmpty()) {
      return Optional.empty();
    }
    SchemaEdit edit = base.edit().description(description(backendLabel, caps));
    boolean inpaintFields = caps.supports(ImageMode.INPAINT) || caps.supports(ImageMode.OUTPAINT);
    if (!caps.anyReferenceMode()) {
      edit.dropProperties(REFERENCE_FIELDS.toArray(String[]::new));
    } else {
      String modes = referenceModes(caps);
      edit.propertyDescription("media_id", "Reference media ID such as media_1. Use for " + modes + ".");
      edit.propertyDescription("target_identity", "Names of conversation participants whose avatars to use as reference"
          + " images for " + modes + ".");
      edit.propertyDescription("denoise", Character.toUpperCase(modes.charAt(0)) + modes.substring(1)
          + " strength from 0 to 1. Lower preserves more.");
    }
    if (!inpaintFields) {
      edit.dropProperties(INPAINT_FIELDS.toArray(String[]::new));
    } else {
      String modes = caps.supports(ImageMode.INPAINT) && caps.supports(ImageMode.OUTPAINT) ? "inpaint/outpaint"
          : caps.supports(ImageMode.INPAINT) ? "inpaint" : "outpaint";
      edit.propertyDescription("mask_media_id", "Media ID of a black-and-white mask for " + modes + "; white is redrawn.");
    }
    if (!caps.supports(ImageMode.OUTPAINT)) {
      edit.dropProperties(OUTPAINT_FIELDS.toArray(String[]::new));
    }
    edit.propertyDescription("prompt", prompt(caps, positiveTags));
    return Optional.of(edit.build());
  }

  static String prompt(ImageCapabilities caps, String positiveTags) {
    StringBuilder text = new StringBuilder(PROMPT);
    if (caps.supports(ImageMode.INPAINT)) {
      text.append(PROMPT_INPAINT);
    }
    if (caps.supports(ImageMode.OUTPAINT)) {
      text.append(PROMPT_OUTPAINT);
    }
    if (!positiveTags.isEmpty()) {
      text.append(" The server adds these default tags itself, so do not repeat them: ").append(positiveTags).append('.');
    }
    return text.toString();
  }

  static String description(String backendLabel, ImageCapabilities caps) {
    List<String> labels = new ArrayList<>(4);
    for (ImageMode m : caps.modes()) {
      labels.add(m.label());
    }
    // Whether the server's default negative tags reach the backend is the server's business: the model can do nothing
    // with it, and every request paid about 20 tokens for the sentence.
    return "Generate an image with " + backendLabel + ". Supported modes: " + String.join(", ", labels) + ".";
  }

  private static String referenceModes(ImageCapabilities caps) {
    StringJoiner modes = new StringJoiner("/");
    for (ImageMode m : caps.modes()) {
      if (m.usesReference()) {
        modes.add(m.shortName());
      }
    }
    return modes.toString();
  }
}
