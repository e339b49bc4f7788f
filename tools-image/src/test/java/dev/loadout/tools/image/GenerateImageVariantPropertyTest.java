package dev.loadout.tools.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolSpec;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Over every capability set (all 16 mode subsets, with and without a negative channel): the variant never over-promises. */
class GenerateImageVariantPropertyTest {
  private static final ToolSpec BASE = GenerateImageSchema.base();

  @Test
  void noVariantEverAdvertisesAModeItsBackendLacks() {
    ImageMode[] all = ImageMode.values();
    for (int bits = 0; bits < 1 << all.length; bits++) {
      for (boolean negative : new boolean[] {false, true}) {
        EnumSet<ImageMode> modes = EnumSet.noneOf(ImageMode.class);
        for (int i = 0; i < all.length; i++) {
          if ((bits & 1 << i) != 0) {
            modes.add(all[i]);
          }
        }
        ImageCapabilities caps = new ImageCapabilities(modes, negative);
        Optional<ToolSpec> variant = GenerateImageSchema.variant(BASE, "B", caps, "");
        if (modes.isEmpty()) {
          assertThat(variant).as("no modes").isEmpty();
          continue;
        }
        ToolSpec v = variant.orElseThrow();
        String text = (v.description() + " " + v.parameters()).toLowerCase(Locale.ROOT);
        Set<String> properties = new HashSet<>(v.parameters().get("properties").propertyNames());
        assertThat(properties).as("%s", caps).contains("prompt", "aspect_ratio");
        for (ImageMode m : ImageMode.values()) {
          if (!modes.contains(m)) {
            assertThat(text).as("%s must not mention %s", caps, m).doesNotContain(m.label()).doesNotContain(m.shortName());
          }
        }
        assertThat(properties.contains("media_id")).as("%s", caps).isEqualTo(caps.anyReferenceMode());
        assertThat(properties.contains("target_identity")).as("%s", caps).isEqualTo(caps.anyReferenceMode());
        assertThat(properties.contains("mask_media_id")).as("%s", caps)
            .isEqualTo(modes.contains(ImageMode.INPAINT) || modes.contains(ImageMode.OUTPAINT));
        assertThat(properties.contains("expand_left")).as("%s", caps).isEqualTo(modes.contains(ImageMode.OUTPAINT));
        // The negative-prompt channel is the server's business: the model is told nothing of it either way.
        assertThat(v.description()).as("%s", caps).doesNotContain("negative");
      }
    }
  }
}
