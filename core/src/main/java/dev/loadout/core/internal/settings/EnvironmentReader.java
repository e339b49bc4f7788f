package dev.loadout.core.internal.settings;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.loadout.core.Environment;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The one reader of environment variables behind every {@code fromEnvironment} in Loadout, so that every
 * variable reads the same words the same way.
 *
 * <ul>
 *   <li>Unset and blank mean "not set": the caller's default applies. Values are trimmed.</li>
 *   <li>Booleans: {@code true/false}, {@code yes/no}, {@code on/off}, {@code 1/0}, any case.</li>
 *   <li>Durations: a whole number in the variable's own unit ({@code GUILD_MCP_CONNECT_TIMEOUT_MS=1500}), or a
 *       whole number with a unit: {@code ms}, {@code s}, {@code min}, {@code h}, {@code d} ({@code 90s},
 *       {@code 5 min}).</li>
 *   <li>Sizes: a whole number in the variable's own unit, or with {@code B}, {@code KiB}, {@code MiB},
 *       {@code GiB} (also {@code K}/{@code KB}, {@code M}/{@code MB}, {@code G}/{@code GB}, all binary).</li>
 *   <li>Lists: comma-separated, each entry trimmed, empty entries dropped.</li>
 * </ul>
 * A value that does not read, or lies outside the setting's range, is an {@link IllegalArgumentException} that
 * names the variable, what it accepts and the value (at most 40 characters of it). {@link #text(String)} never
 * echoes its value, since a token goes through it.
 */
@API(status = INTERNAL, since = "0.1")
public final class EnvironmentReader {
  private static final Pattern AMOUNT = Pattern.compile("([0-9]{1,19})\\s*([a-zA-Z]*)");

  private final Map<String, String> variables;

  private EnvironmentReader(Map<String, String> variables) {
    this.variables = variables;
  }

  /** A reader over variables, such as {@link System#getenv()}; never null. */
  public static EnvironmentReader of(Map<String, String> variables) {
    if (variables == null) {
      throw new IllegalArgumentException("environment variables must not be null; pass System.getenv() or a map");
    }
    return new EnvironmentReader(variables);
  }

  /** {@link Environment#fromVariables(Map)} over these variables. */
  public Environment environment() {
    return Environment.fromVariables(variables);
  }

  /** The trimmed value; empty when unset or blank. */
  public Optional<String> text(String name) {
    String v = variables.get(name);
    return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.strip());
  }

  /** A boolean word; {@code unset} when not set. */
  public boolean bool(String name, boolean unset) {
    Optional<String> v = text(name);
    if (v.isEmpty()) {
      return unset;
    }
    switch (v.get().toLowerCase(Locale.ROOT)) {
      case "true": case "yes": case "on": case "1":
        return true;
      case "false": case "no": case "off": case "0":
        return false;
      default:
        throw refused(name, "one of true/false, yes/no, on/off, 1/0", v.get());
    }
  }

  /** A whole number from {@code min} to {@code max}; {@code unset} when not set. */
  public long whole(String name, long unset, long min, long max) {
    Optional<String> v = text(name);
    if (v.isEmpty()) {
      return unset;
    }
    long n;
    try {
      n = Long.parseLong(v.get());
    } catch (NumberFormatException e) {
      throw refused(name, "a whole number from " + min + " to " + max, v.get());
    }
    if (n < min || n > max) {
      throw refused(name, "a whole number from " + min + " to " + max, v.get());
    }
    return n;
  }

  /** A duration from {@code min} to {@code max}, a bare number being in {@code bareUnit}; {@code unset} when not set. */
  public Duration duration(String name, ChronoUnit bareUnit, Duration unset, Duration min, Duration max) {
    Optional<String> v = text(name);
    if (v.isEmpty()) {
      return unset;
    }
    String accepts = "a duration from " + Settings.describe(min) + " to " + Settings.describe(max) + " (a whole number of "
        + unitName(bareUnit) + ", or one with ms, s, min, h or d)";
    Matcher m = AMOUNT.matcher(v.get());
    if (!m.matches()) {
      throw refused(name, accepts, v.get());
    }
    ChronoUnit unit;
    switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "": unit = bareUnit; break;
      case "ms": unit = ChronoUnit.MILLIS; break;
      case "s": case "sec": unit = ChronoUnit.SECONDS; break;
      case "m": case "min": unit = ChronoUnit.MINUTES; break;
      case "h": unit = ChronoUnit.HOURS; break;
      case "d": unit = ChronoUnit.DAYS; break;
      default: throw refused(name, accepts, v.get());
    }
    Duration d;
    try {
      d = Duration.of(Long.parseLong(m.group(1)), unit);
    } catch (ArithmeticException | NumberFormatException tooLarge) {
      throw refused(name, accepts, v.get());
    }
    if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
      throw refused(name, accepts, v.get());
    }
    return d;
  }

  /** A size in bytes from {@code min} to {@code max}, a bare number counting {@code bareUnitBytes}; {@code unset} when not set. */
  public long bytes(String name, long bareUnitBytes, long unset, long min, long max) {
    Optional<String> v = text(name);
    if (v.isEmpty()) {
      return unset;
    }
    String accepts = "a size from " + size(min) + " to " + size(max) + " (a whole number of " + unitWord(bareUnitBytes)
        + ", or one with B, KiB, MiB or GiB)";
    Matcher m = AMOUNT.matcher(v.get());
    if (!m.matches()) {
      throw refused(name, accepts, v.get());
    }
    long unit;
    switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "": unit = bareUnitBytes; break;
      case "b": unit = 1; break;
      case "k": case "kb": case "kib": unit = 1L << 10; break;
      case "m": case "mb": case "mib": unit = 1L << 20; break;
      case "g": case "gb": case "gib": unit = 1L << 30; break;
      default: throw refused(name, accepts, v.get());
    }
    long n;
    try {
      n = Math.multiplyExact(Long.parseLong(m.group(1)), unit);
    } catch (ArithmeticException | NumberFormatException tooLarge) {
      throw refused(name, accepts, v.get());
    }
    if (n < min || n > max) {
      throw refused(name, accepts, v.get());
    }
    return n;
  }

  /** Comma-separated entries, trimmed, without empty ones; empty when not set. */
  public List<String> list(String name) {
    Optional<String> v = text(name);
    List<String> out = new ArrayList<>();
    if (v.isPresent()) {
      for (String part : v.get().split(",")) {
        if (!part.isBlank()) {
          out.add(part.strip());
        }
      }
    }
    return List.copyOf(out);
  }

  private static String unitName(ChronoUnit unit) {
    switch (unit) {
      case MILLIS: return "milliseconds";
      case SECONDS: return "seconds";
      case MINUTES: return "minutes";
      case HOURS: return "hours";
      default: return unit.toString().toLowerCase(Locale.ROOT);
    }
  }

  private static String unitWord(long bytes) {
    return bytes == 1 ? "bytes" : bytes == 1L << 10 ? "KiB" : bytes == 1L << 20 ? "MiB" : bytes == 1L << 30 ? "GiB"
        : "units of " + bytes + " bytes";
  }

  private static String size(long bytes) {
    if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
      return (bytes >> 30) + " GiB";
    }
    if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
      return (bytes >> 20) + " MiB";
    }
    if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
      return (bytes >> 10) + " KiB";
    }
    return bytes + " B";
  }

  private static IllegalArgumentException refused(String name, String accepts, String value) {
    String shown = (value.length() > 40 ? value.substring(0, 40) + "…" : value).replaceAll("\\p{Cntrl}", "?");
    return new IllegalArgumentException(name + " must be " + accepts + ", but was '" + shown + "'");
  }
}
