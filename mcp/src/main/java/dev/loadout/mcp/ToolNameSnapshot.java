package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The stored, display-only list of a server's tool names, and its short display form.
 *
 * <p>{@link #normalise} makes any list a server sends safe to store and show: control characters
 * (U+0000–U+001F, U+007F–U+009F) become spaces, whitespace runs collapse to one space, the name is trimmed
 * and cut to a number of code points (never splitting a surrogate pair); empty names and exact duplicates
 * are dropped, and processing stops at the name cap. Routing never reads a snapshot: a live
 * {@code tools/list} is authoritative.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolNameSnapshot {
  /** Default of {@code MCP_TOOL_SNAPSHOT_MAX_NAMES}. */
  public static final int DEFAULT_MAX_NAMES = 100;
  /** Default of {@code MCP_TOOL_SNAPSHOT_NAME_MAX_CHARS}, in code points. */
  public static final int DEFAULT_NAME_MAX_CODE_POINTS = 128;

  private static final int DISPLAY_NAMES = 5;
  private static final int DISPLAY_NAME_CODE_POINTS = 40;
  private static final int DISPLAY_MAX_CHARS = 180;
  private static final String MORE = ", …";

  private ToolNameSnapshot() {}

  /**
   * Normalises names for storage; the input is not changed.
   *
   * @param names the names as discovered; null entries are dropped
   * @param maxNames at most this many names are kept; positive
   * @param maxCodePoints each name is cut to this many code points; positive
   * @return a new immutable list; never null
   */
  public static List<String> normalise(List<String> names, int maxNames, int maxCodePoints) {
    if (maxNames <= 0 || maxCodePoints <= 0) {
      throw new IllegalArgumentException("snapshot caps must be positive, but were maxNames=" + maxNames
          + ", maxCodePoints=" + maxCodePoints);
    }
    Set<String> out = new LinkedHashSet<>();
    for (String name : names) {
      if (out.size() >= maxNames) {
        break;
      }
      if (name == null) {
        continue;
      }
      String n = cut(clean(name), maxCodePoints);
      if (!n.isEmpty()) {
        out.add(n);
      }
    }
    return List.copyOf(out);
  }

  /** {@link #normalise(List, int, int)} with the default caps. */
  public static List<String> normalise(List<String> names) {
    return normalise(names, DEFAULT_MAX_NAMES, DEFAULT_NAME_MAX_CODE_POINTS);
  }

  /**
   * A short form for a chat message: at most 5 names of at most 40 code points, backticks replaced by
   * {@code '}, each as inline code, joined by {@code ", "}, at most 180 characters including a trailing
   * {@code ", …"} when names were left out.
   *
   * @param names normalised names
   * @return the text, or empty when no name fits
   */
  public static Optional<String> display(List<String> names) {
    List<String> parts = new ArrayList<>();
    for (String name : names) {
      if (parts.size() == DISPLAY_NAMES) {
        break;
      }
      String n = cut(clean(name).replace('`', '\''), DISPLAY_NAME_CODE_POINTS);
      if (!n.isEmpty()) {
        parts.add("`" + n + "`");
      }
    }
    StringBuilder text = new StringBuilder();
    int shown = 0;
    for (String part : parts) {
      String next = (shown == 0 ? "" : ", ") + part;
      boolean last = shown == parts.size() - 1 && parts.size() == names.size();
      int reserve = last ? 0 : MORE.length();
      if (text.length() + next.length() + reserve > DISPLAY_MAX_CHARS) {
        break;
      }
      text.append(next);
      shown++;
    }
    if (shown == 0) {
      return Optional.empty();
    }
    if (shown < names.size()) {
      text.append(MORE);
    }
    return Optional.of(text.toString());
  }

  private static String clean(String name) {
    StringBuilder b = new StringBuilder(name.length());
    boolean space = false;
    for (int i = 0; i < name.length(); ) {
      int cp = name.codePointAt(i);
      i += Character.charCount(cp);
      boolean blank = cp <= 0x1F || (cp >= 0x7F && cp <= 0x9F) || Character.isWhitespace(cp) || Character.isSpaceChar(cp);
      if (blank) {
        space = b.length() > 0;
      } else {
        if (space) {
          b.append(' ');
          space = false;
        }
        b.appendCodePoint(cp);
      }
    }
    return b.toString();
  }

  private static String cut(String s, int maxCodePoints) {
    if (s.codePointCount(0, s.length()) <= maxCodePoints) {
      return s;
    }
    return s.substring(0, s.offsetByCodePoints(0, maxCodePoints)).strip();
  }
}
