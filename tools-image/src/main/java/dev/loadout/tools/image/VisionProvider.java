package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

/**
 * The model that looks at images for {@code analyze_image}: the host's vision-capable LLM client.
 *
 * <p>The tool gives up when its deadline passes whatever the stage does; {@code remaining} tells the
 * provider how long it has, so it can cancel its own request instead of running on unobserved.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface VisionProvider {

  /**
   * Describes or answers a question about images.
   *
   * @param images the downloaded images, at least one; never null
   * @param question what to look for; never blank
   * @param remaining the time left in the analysis deadline
   * @return the analysis text; a failed stage becomes a failed tool result
   */
  CompletionStage<String> analyze(List<ReferenceImage> images, String question, Duration remaining);
}
