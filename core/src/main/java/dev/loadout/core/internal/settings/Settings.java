package dev.loadout.core.internal.settings;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * The ranges Loadout's settings accept, checked when a value is set, with one message shape that names the
 * setting and the value: "timeout of tool 'x' must be from 1 ms to 1 day, but was …".
 *
 * <p>Why every duration has an upper bound: a deadline is added to {@link System#nanoTime()} or turned into
 * nanoseconds, and a {@link Duration} near {@link Long#MAX_VALUE} milliseconds overflows both. One day is far
 * beyond any tool call or network wait a chat bot should sit through, and far below any overflow.
 */
@API(status = INTERNAL, since = "0.1")
public final class Settings {
  /** The shortest deadline any setting accepts: 1 ms. */
  public static final Duration MIN_DEADLINE = Duration.ofMillis(1);
  /** The longest deadline any setting accepts: 1 day. */
  public static final Duration MAX_DEADLINE = Duration.ofDays(1);
  /** The longest period (a cooldown, a cache or connection lifetime) any setting accepts: 366 days. */
  public static final Duration MAX_PERIOD = Duration.ofDays(366);

  private Settings() {}

  /** A deadline from {@link #MIN_DEADLINE} to {@link #MAX_DEADLINE}. */
  public static Duration deadline(String setting, Duration value) {
    return duration(setting, value, MIN_DEADLINE, MAX_DEADLINE);
  }

  /**
   * The value when it lies from {@code min} to {@code max} (both included).
   *
   * @throws IllegalArgumentException naming the setting, the range and the value otherwise (null included)
   */
  public static Duration duration(String setting, Duration value, Duration min, Duration max) {
    if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw new IllegalArgumentException(setting + " must be from " + describe(min) + " to " + describe(max)
          + ", but was " + describe(value));
    }
    return value;
  }

  /**
   * The value when it lies from {@code min} to {@code max} (both included).
   *
   * @throws IllegalArgumentException naming the setting, the range and the value otherwise
   */
  public static long whole(String setting, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(setting + " must be from " + min + " to " + max + ", but was " + value);
    }
    return value;
  }

  /** A duration for people: {@code 250 ms}, {@code 30 s}, {@code 5 min}, {@code 2 h}, {@code 1 day}; ISO-8601 otherwise. */
  public static String describe(Duration d) {
    if (d == null) {
      return "null";
    }
    if (d.isNegative() || d.getSeconds() > Long.MAX_VALUE / 1_000_000) {
      return d.toString();
    }
    if (d.getNano() % 1_000_000 != 0) {
      return d.toString();
    }
    long ms = d.toMillis();
    if (ms % 1000 != 0 || ms == 0) {
      return ms + " ms";
    }
    long s = ms / 1000;
    if (s % 86_400 == 0) {
      return s / 86_400 + (s == 86_400 ? " day" : " days");
    }
    if (s % 3600 == 0) {
      return s / 3600 + " h";
    }
    if (s % 60 == 0) {
      return s / 60 + " min";
    }
    return s + " s";
  }
}
