package dev.loadout.tools.image;

import static dev.loadout.tools.image.ImageMode.IMAGE_TO_IMAGE;
import static dev.loadout.tools.image.ImageMode.INPAINT;
import static dev.loadout.tools.image.ImageMode.OUTPAINT;
import static dev.loadout.tools.image.ImageMode.TEXT_TO_IMAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Capabilities from declared endpoint configuration: ComfyUI and generic custom defaults. */
class ImageCapabilitiesTest {

  @Test
  void aComfyUiEndpointDefaultsTheNegativePromptOnAndOutpaintToInpaint() {
    assertThat(ImageCapabilities.comfyUi(Map.of())).isEqualTo(ImageCapabilities.of(true, TEXT_TO_IMAGE));
    assertThat(ImageCapabilities.comfyUi(Map.of("inpaint", true)))
        .isEqualTo(ImageCapabilities.of(true, TEXT_TO_IMAGE, INPAINT, OUTPAINT));
  }

  @Test
  void aComfyUiEndpointCanDeclareOutpaintAndTheNegativePromptOff() {
    assertThat(ImageCapabilities.comfyUi(Map.of("inpaint", true, "outpaint", false, "negative_prompt", false, "image_to_image", true)))
        .isEqualTo(ImageCapabilities.of(false, TEXT_TO_IMAGE, IMAGE_TO_IMAGE, INPAINT));
  }

  @Test
  void aLegacyCustomEndpointThatDeclaresNothingIsTextToImageOnlyWithoutNegativePrompt() {
    assertThat(ImageCapabilities.customEndpoint(Map.of())).isEqualTo(ImageCapabilities.of(false, TEXT_TO_IMAGE));
  }

  @Test
  void aCustomEndpointGetsExactlyTheModesItDeclares() {
    assertThat(ImageCapabilities.customEndpoint(Map.of("inpaint", true, "negative_prompt", true)))
        .isEqualTo(ImageCapabilities.of(true, TEXT_TO_IMAGE, INPAINT));
  }

  @Test
  void anUnknownKeyOrANullValueIsRejectedByName() {
    assertThatThrownBy(() -> ImageCapabilities.customEndpoint(Map.of("inpainting", true)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown image support key 'inpainting'; expected one of [image_to_image, inpaint, negative_prompt, outpaint]");
    Map<String, Boolean> withNull = new HashMap<>();
    withNull.put("outpaint", null);
    assertThatThrownBy(() -> ImageCapabilities.comfyUi(withNull))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("image support 'outpaint' must be true or false, but was null");
  }
}
