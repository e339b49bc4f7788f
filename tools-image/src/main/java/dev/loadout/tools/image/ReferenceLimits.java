package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.internal.settings.EnvironmentReader;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Limits on the reference images of one {@code generate_image} call, checked before any backend call: the
 * count before anything is resolved or downloaded, the sizes as each image arrives (a download stops at
 * the limit).
 *
 * <table>
 *   <caption>Environment variables ({@link #fromEnvironment(Map)})</caption>
 *   <tr><th>variable</th><th>default</th></tr>
 *   <tr><td>{@value #MAX_COUNT_VARIABLE}</td><td>3 reference images (the mask is not counted)</td></tr>
 *   <tr><td>{@value #MAX_SINGLE_BYTES_VARIABLE}</td><td>2097152 (2 MiB) per image</td></tr>
 *   <tr><td>{@value #MAX_TOTAL_BYTES_VARIABLE}</td><td>6291456 (6 MiB) for all images and the mask together</td></tr>
 * </table>
 *
 * @param maxCount the most reference images; positive
 * @param maxSingleBytes the largest one image may be; positive
 * @param maxTotalBytes the largest all images and the mask may be together; at least {@code maxSingleBytes}
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReferenceLimits(int maxCount, long maxSingleBytes, long maxTotalBytes) {
  /** The variable holding the count limit. */
  public static final String MAX_COUNT_VARIABLE = "IMAGE_REFERENCE_MAX_COUNT";
  /** The variable holding the single-image limit in bytes. */
  public static final String MAX_SINGLE_BYTES_VARIABLE = "IMAGE_REFERENCE_MAX_SINGLE_BYTES";
  /** The variable holding the total limit in bytes. */
  public static final String MAX_TOTAL_BYTES_VARIABLE = "IMAGE_REFERENCE_MAX_TOTAL_BYTES";
  /** 3 images, 2 MiB each, 6 MiB together. */
  public static final ReferenceLimits DEFAULTS = new ReferenceLimits(3, 2_097_152, 6_291_456);

  /** Checks the limits are positive and consistent. */
  public ReferenceLimits {
    if (maxCount < 1 || maxSingleBytes < 1 || maxTotalBytes < maxSingleBytes) {
      throw new IllegalArgumentException("reference limits must be positive with total >= single, but were count=" + maxCount
          + ", single=" + maxSingleBytes + ", total=" + maxTotalBytes);
    }
  }

  /**
   * The limits an environment asks for; unset or blank variables keep {@link #DEFAULTS}.
   *
   * @param env variable names to values, such as {@link System#getenv()}
   * @throws IllegalArgumentException naming the variable when a value is not a positive whole number, or the
   *     resulting limits are inconsistent
   */
  public static ReferenceLimits fromEnvironment(Map<String, String> env) {
    EnvironmentReader vars = EnvironmentReader.of(env);
    long count = vars.whole(MAX_COUNT_VARIABLE, DEFAULTS.maxCount, 1, Integer.MAX_VALUE);
    long single = vars.bytes(MAX_SINGLE_BYTES_VARIABLE, 1, DEFAULTS.maxSingleBytes, 1, Long.MAX_VALUE);
    long total = vars.bytes(MAX_TOTAL_BYTES_VARIABLE, 1, DEFAULTS.maxTotalBytes, 1, Long.MAX_VALUE);
    if (total < single) {
      throw new IllegalArgumentException(MAX_TOTAL_BYTES_VARIABLE + " (" + total + ") must be at least "
          + MAX_SINGLE_BYTES_VARIABLE + " (" + single + ")");
    }
    return new ReferenceLimits((int) count, single, total);
  }
}
