package dev.loadout.core.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The tool status marker, {@code 【使用了工具 - server/tool】} by default: appended by the library, never by the
 * model. It names the chosen tool; it does not claim success or truth.
 *
 * <p>The host appends it ({@link #append}) only when a tool was chosen and only after the task was saved, and
 * never writes it into model history. Whatever the model writes goes through {@link #clean} first: markers it
 * forged (this template's, and the seed's old and new Chinese formats) are stripped, and when no tool was chosen,
 * sentences that promise a lookup that will never happen ("let me check…", "我查一下") are removed.
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolMarker {
  /** The seed's formats, old and new, in full-width and ASCII brackets. */
  private static final Pattern SEED_MARKERS = Pattern.compile(
      "[【\\[]\\s*(?:使用了工具|使用工具|调用了工具|调用工具|已使用工具|MCP工具|工具调用)\\s*[-–—:：]?[^】\\]\\n]{0,120}[】\\]]");
  private static final Pattern FAKE_WAITING = Pattern.compile("(?iu)"
      + "let me (?:check|look|search|find|see|verify|google|get back)|i(?:'ll| will) (?:check|look|search|find out|get back)"
      + "|i'?m (?:checking|looking (?:it |that )?up|searching)|give me a (?:moment|sec|second|minute)|one moment"
      + "|hold on|please wait|bear with me"
      + "|我(?:先|去|来|帮你|给你)?(?:查|搜|看|找)(?:一下|一查|查|搜|看|找)|让我(?:查|搜|看|找)|稍等|等一下|等我|请稍候|马上(?:查|搜|去)"
      + "|正在(?:查|搜|检索|查询)|查询中|搜索中");

  /** The default line that replaces a reply which was nothing but a fake waiting promise. */
  public static final String DEFAULT_HONEST_LINE = "I haven't looked this up, so I can't check it right now.";

  private final String template;
  private final Pattern forged;
  private final String honestLine;

  private ToolMarker(String template, String honestLine) {
    if (template == null || !template.contains("{tool}")) {
      throw new IllegalArgumentException("marker template must contain {tool}, but was " + template);
    }
    if (honestLine == null || honestLine.isBlank()) {
      throw new IllegalArgumentException("honest line must not be blank, but was " + honestLine);
    }
    this.template = template;
    this.forged = templatePattern(template);
    this.honestLine = honestLine.strip();
  }

  /** The same marker with a localised honest line (what {@link #reply} posts for a reply that only promised). */
  public ToolMarker withHonestLine(String line) {
    return new ToolMarker(template, line);
  }

  /** The marker of the settings' template. */
  public static ToolMarker of(DirectSettings settings) {
    return new ToolMarker(settings.markerTemplate(), DEFAULT_HONEST_LINE);
  }

  /** A marker from a localised template with {@code {server}} and {@code {tool}}, such as {@code [used tool: {tool}]}. */
  public static ToolMarker of(String template) {
    return new ToolMarker(template, DEFAULT_HONEST_LINE);
  }

  private static Pattern templatePattern(String template) {
    Matcher m = Pattern.compile("\\{server\\}|\\{tool\\}").matcher(template);
    StringBuilder regex = new StringBuilder();
    int last = 0;
    while (m.find()) {
      regex.append(Pattern.quote(template.substring(last, m.start()))).append("[^\\n]{0,80}?");
      last = m.end();
    }
    regex.append(Pattern.quote(template.substring(last)));
    return Pattern.compile(regex.toString());
  }

  /**
   * The marker for a tool. A built-in tool has no server: pass null, and the marker names the tool alone.
   */
  public String render(String server, String tool) {
    String t = template.replace("{tool}", tool);
    return server == null || server.isBlank() ? t.replace("{server}/", "").replace("{server}", "") : t.replace("{server}", server);
  }

  /** The reply with the marker appended on a line of its own: call only once the task is saved. */
  public String append(String reply, String server, String tool) {
    String r = reply == null ? "" : reply.strip();
    return r.isEmpty() ? render(server, tool) : r + "\n" + render(server, tool);
  }

  /**
   * The model's text with forged markers stripped and, when no tool was chosen, fake waiting promises removed
   * sentence by sentence. May return an empty string: then the host sends nothing.
   *
   * @param modelText what the model wrote; null is treated as empty
   * @param toolChosen whether a tool was chosen for this message
   */
  public String clean(String modelText, boolean toolChosen) {
    if (modelText == null) {
      return "";
    }
    String t = forged.matcher(modelText).replaceAll("");
    t = SEED_MARKERS.matcher(t).replaceAll("");
    if (!toolChosen) {
      t = withoutFakeWaiting(t);
    }
    return t.replaceAll("[ \\t]+\\n", "\n").replaceAll("\\n{3,}", "\n\n").strip();
  }

  /**
   * What to post of the model's reply: {@link #clean} it, and when no tool was chosen and the whole reply was a
   * fake waiting promise, the honest line instead of nothing. Empty only when the model wrote nothing (or only
   * forged markers).
   */
  public String reply(String modelText, boolean toolChosen) {
    String cleaned = clean(modelText, toolChosen);
    if (cleaned.isEmpty() && !toolChosen && !clean(modelText, true).isEmpty()) {
      return honestLine;
    }
    return cleaned;
  }

  /** Whether the text promises a lookup ("let me check…", "我查一下"). */
  public static boolean promisesToCheck(String text) {
    return text != null && FAKE_WAITING.matcher(text).find();
  }

  private static String withoutFakeWaiting(String text) {
    List<String> kept = new ArrayList<>();
    String rest = text;
    while (!rest.isEmpty()) {
      int end = Math.max(1, Sentences.firstEnd(rest));
      if (end < rest.length() && (rest.charAt(end) == '\n' || rest.charAt(end) == '\r')) {
        end++;
      }
      String sentence = rest.substring(0, end);
      if (!FAKE_WAITING.matcher(sentence).find()) {
        kept.add(sentence);
      }
      rest = rest.substring(end);
    }
    return String.join("", kept);
  }

  @Override
  public String toString() {
    return "ToolMarker{" + template + "}";
  }
}
