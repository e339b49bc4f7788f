package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The limits a tool call's arguments text must keep to before it is checked against a schema: what separates
 * {@code invalid_arguments} "beyond a limit" from arguments that are merely wrong. Set them with
 * {@link Loadout.Builder#jsonLimits(JsonLimits)}; {@link #DEFAULTS} otherwise.
 *
 * <table>
 *   <caption>Limits</caption>
 *   <tr><th>limit</th><th>default</th><th>range</th><th>counts</th></tr>
 *   <tr><td>{@code maxNestingDepth}</td><td>{@value #DEFAULT_MAX_NESTING_DEPTH}</td><td>1 to
 *       {@value #MAX_NESTING_DEPTH_LIMIT}</td><td>open objects and arrays; the arguments object itself is 1</td></tr>
 *   <tr><td>{@code maxNumberLength}</td><td>{@value #DEFAULT_MAX_NUMBER_LENGTH}</td><td>1 to 100,000</td>
 *       <td>characters of one number</td></tr>
 *   <tr><td>{@code maxNameLength}</td><td>{@value #DEFAULT_MAX_NAME_LENGTH}</td><td>1 to 1,000,000</td>
 *       <td>characters of one property name</td></tr>
 *   <tr><td>{@code maxStringLength}</td><td>{@value #DEFAULT_MAX_STRING_LENGTH}</td><td>1 to
 *       {@link Integer#MAX_VALUE}</td><td>characters of one string value</td></tr>
 * </table>
 *
 * <p>Arguments that name one property twice are refused as well, whatever the limits: two readers of the same
 * text could otherwise disagree about which value counts.
 *
 * <p><b>Why the depth limit, and why the outcome does not depend on the caller's thread.</b> Schema validation
 * recurses once per level of the arguments, so deep arguments against a recursive schema can exhaust a thread's
 * stack; on the smallest stack the JVM gives a thread (about 136 KiB) that happens after roughly fifteen levels.
 * Arguments nested up to eight levels are checked on the calling thread. Deeper ones (up to the limit), and any
 * whose check runs out of the caller's stack, are checked on a Loadout thread with a 16 MiB stack, where the
 * limit's largest setting has room to spare: the same arguments give the same result on every thread.
 *
 * @param maxNestingDepth the deepest nesting of objects and arrays accepted
 * @param maxNumberLength the longest number accepted, in characters
 * @param maxNameLength the longest property name accepted, in characters
 * @param maxStringLength the longest string value accepted, in characters
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record JsonLimits(int maxNestingDepth, int maxNumberLength, int maxNameLength, int maxStringLength) {
  /** Nesting accepted by default: 64 levels. */
  public static final int DEFAULT_MAX_NESTING_DEPTH = 64;
  /** The largest nesting limit accepted: 256 levels. */
  public static final int MAX_NESTING_DEPTH_LIMIT = 256;
  /** Characters of one number accepted by default: 1,000. */
  public static final int DEFAULT_MAX_NUMBER_LENGTH = 1_000;
  /** Characters of one property name accepted by default: 1,000. */
  public static final int DEFAULT_MAX_NAME_LENGTH = 1_000;
  /** Characters of one string value accepted by default: 20,000,000. */
  public static final int DEFAULT_MAX_STRING_LENGTH = 20_000_000;
  /** The defaults. */
  public static final JsonLimits DEFAULTS = new JsonLimits(DEFAULT_MAX_NESTING_DEPTH, DEFAULT_MAX_NUMBER_LENGTH,
      DEFAULT_MAX_NAME_LENGTH, DEFAULT_MAX_STRING_LENGTH);

  /**
   * Checks every limit against its range.
   *
   * @throws IllegalArgumentException naming the limit and the value
   */
  public JsonLimits {
    check("maxNestingDepth", maxNestingDepth, MAX_NESTING_DEPTH_LIMIT);
    check("maxNumberLength", maxNumberLength, 100_000);
    check("maxNameLength", maxNameLength, 1_000_000);
    check("maxStringLength", maxStringLength, Integer.MAX_VALUE);
  }

  private static void check(String limit, int value, int max) {
    if (value < 1 || value > max) {
      throw new IllegalArgumentException(limit + " must be from 1 to " + max + ", but was " + value);
    }
  }

  /** These limits with another nesting limit. */
  public JsonLimits withMaxNestingDepth(int depth) {
    return new JsonLimits(depth, maxNumberLength, maxNameLength, maxStringLength);
  }

  /** These limits with another number length limit. */
  public JsonLimits withMaxNumberLength(int length) {
    return new JsonLimits(maxNestingDepth, length, maxNameLength, maxStringLength);
  }

  /** These limits with another property name length limit. */
  public JsonLimits withMaxNameLength(int length) {
    return new JsonLimits(maxNestingDepth, maxNumberLength, length, maxStringLength);
  }

  /** These limits with another string length limit. */
  public JsonLimits withMaxStringLength(int length) {
    return new JsonLimits(maxNestingDepth, maxNumberLength, maxNameLength, length);
  }
}
