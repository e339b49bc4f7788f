package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolMedia;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Where {@code generate_image} sends a generation: an OpenAI-compatible images API
 * ({@link OpenAiImagesBackend}) or a host's own.
 *
 * <p><b>Contract.</b> {@link #capabilities()} may change between turns (a config edit, a health check);
 * {@code generate_image} reads it on every turn to shape the schema and again before each call. The
 * tool only calls {@link #generate(ImageRequest)} with a supported mode. {@code generate} blocks, must
 * finish within its own deadline, and is called on Loadout's executor.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ImageBackend {

  /** How the tool description names this backend, e.g. {@code "OpenAI images"}; never null. */
  String label();

  /** What this backend supports now; never null. */
  ImageCapabilities capabilities();

  /**
   * Generates images.
   *
   * @param request a request in a supported mode; never null
   * @return at least one image
   * @throws ImageBackendException with a user-safe message when the backend fails
   */
  List<ToolMedia> generate(ImageRequest request) throws ImageBackendException;
}
