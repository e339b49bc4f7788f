package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a host shows while a guild MCP tool runs (a Discord embed field, say): the call's arguments, or, for a
 * tool of the {@code url_fetch} family with a {@code url} argument, the URL for the host's own "fetching …"
 * notice.
 *
 * <p>The arguments body has one {@code name: value} line per top-level argument, in the order the model sent
 * them: text as is, anything else as compact JSON. Control characters become spaces so that a value cannot
 * break the layout. Each name and each value is cut to {@value #MAX_VALUE_CODE_POINTS} code points, and the
 * whole body to {@value #MAX_BODY_CODE_POINTS}, which leaves room under Discord's 1,024-character field limit.
 * A cut ends with {@code …}, which counts toward the limit. Lengths are counted in code points, and a cut never
 * splits a surrogate pair, so an emoji is never halved.
 *
 * @param kind whether {@code text} is an arguments body or a URL being fetched
 * @param text the body or the URL; empty for a call without arguments
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ProgressNotice(Kind kind, String text) {
  /** The most code points of one argument value (or name), the ellipsis included. */
  public static final int MAX_VALUE_CODE_POINTS = 200;
  /** The most code points of the whole arguments body, the ellipsis included. */
  public static final int MAX_BODY_CODE_POINTS = 900;

  private static final String FETCH_FAMILY = ServerType.URL_FETCHER.replacedFamily().orElseThrow();
  private static final String ELLIPSIS = "…";

  /**
   * What the text is.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Kind {
    /** {@code text} lists the call's arguments. */
    ARGUMENTS,
    /** {@code text} is the URL a {@code url_fetch} tool is about to read; show the fetch notice. */
    FETCH
  }

  /** Checks the parts. */
  public ProgressNotice {
    if (kind == null || text == null) {
      throw new IllegalArgumentException("a progress notice needs a kind and a text, but got " + kind + ", " + text);
    }
  }

  /**
   * The notice for a call of a turn: the fetch notice when the tool is one of the turn's {@code url_fetch}
   * family (the built-in {@code fetch_url}, or the tools of the guild's {@code url_fetcher} server when it
   * replaces it) and the call has a non-blank text {@code url}; otherwise the arguments body.
   *
   * @param turn the turn the call answers
   * @param call the model's call
   * @return the notice; never null
   */
  public static ProgressNotice of(PreparedTurn turn, ToolCall call) {
    if (turn == null || call == null) {
      throw new IllegalArgumentException("a progress notice needs the turn and the call, but got " + turn + ", " + call);
    }
    ObjectNode arguments;
    try {
      arguments = call.argumentsJson();
    } catch (IllegalStateException notAnObject) {
      // The call will be refused; until then the raw text is all there is to show.
      return new ProgressNotice(Kind.ARGUMENTS, cut(clean(call.arguments()), MAX_VALUE_CODE_POINTS));
    }
    JsonNode url = arguments.get("url");
    if (url != null && url.isString() && !url.asString().isBlank() && turn.familyToolNames(FETCH_FAMILY).contains(call.name())) {
      return new ProgressNotice(Kind.FETCH, cut(clean(url.asString().strip()), MAX_VALUE_CODE_POINTS));
    }
    return arguments(arguments);
  }

  /**
   * The arguments body alone, for a host that decides on the fetch notice itself.
   *
   * @param arguments the call's arguments; null or empty gives an empty text
   * @return an {@link Kind#ARGUMENTS} notice; never null
   */
  public static ProgressNotice arguments(ObjectNode arguments) {
    List<String> lines = new ArrayList<>();
    if (arguments != null) {
      for (Map.Entry<String, JsonNode> e : arguments.properties()) {
        JsonNode v = e.getValue();
        String value = v.isString() ? v.asString() : v.toString();
        lines.add(cut(clean(e.getKey()), MAX_VALUE_CODE_POINTS) + ": " + cut(clean(value), MAX_VALUE_CODE_POINTS));
      }
    }
    return new ProgressNotice(Kind.ARGUMENTS, cut(String.join("\n", lines), MAX_BODY_CODE_POINTS));
  }

  static String clean(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(cp -> b.appendCodePoint(cp <= 0x1F || (cp >= 0x7F && cp <= 0x9F) ? ' ' : cp));
    return b.toString();
  }

  /** At most {@code max} code points, the last of them an ellipsis when anything was left out. */
  static String cut(String s, int max) {
    if (s.codePointCount(0, s.length()) <= max) {
      return s;
    }
    return s.substring(0, s.offsetByCodePoints(0, max - 1)) + ELLIPSIS;
  }
}
