package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The tool status marker, {@code 【使用了工具 - server/tool】} by default: appended by the library, never by the
 * model. It names the chosen tool; it does not claim success or truth.
 *
 * <p>The host appends it ({@link #append}) only when a tool was chosen and only after the task was saved, and
 * never writes it into model history. Whatever the model writes goes through {@link #clean} (or {@link #reply})
 * first:
 * <ul>
 *   <li>markers it forged are always removed: this template's, and the seed's old and new formats in any bracket
 *       ({@code 【】 [] （） () 〔〕 〖〗}) and spacing, Chinese or English ("used tool", "tool used");</li>
 *   <li>when no tool was chosen, each sentence that is a fake waiting promise is removed: one that promises a
 *       lookup or asks to wait, is not a question, and carries no answer content (no digit, no clause that is
 *       neither the promise nor a filler, nothing quoted or in code). "Let me see, it's 42." keeps its answer;
 *       "Let me check that for you." goes. Code blocks and block quotes are never touched;</li>
 *   <li>{@link #reply}: when what is left is nothing but fillers ("Sure!", "好问题！"), the reply becomes one short
 *       honest line ({@link #withHonestLine}, localisable) rather than nothing.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolMarker {
  /** The seed's formats, old and new, in full-width and ASCII brackets, with any spacing, and English forms. */
  private static final Pattern FORGED_MARKERS = Pattern.compile("(?iu)[ \\t]*[【\\[（(〔〖［]\\s*"
      + "(?:使\\s*用\\s*了?\\s*工\\s*具|调\\s*用\\s*了?\\s*工\\s*具|已\\s*(?:使|调)\\s*用\\s*工\\s*具|MCP\\s*工\\s*具"
      + "|工\\s*具\\s*调\\s*用|used\\s+tools?|tools?\\s+used|using\\s+tools?|called\\s+tools?|tool\\s+call(?:ed)?)"
      + "[^】\\]）)〕〗］\\n]{0,120}[】\\]）)〕〗］][ \\t]*");

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
   * The model's text with forged markers removed and, when no tool was chosen, fake waiting promises removed
   * sentence by sentence. May return an empty string: then the host sends nothing (or uses {@link #reply}).
   *
   * @param modelText what the model wrote; null is treated as empty
   * @param toolChosen whether a tool was chosen for this message
   */
  public String clean(String modelText, boolean toolChosen) {
    String t = withoutForgedMarkers(modelText);
    if (!toolChosen) {
      t = WaitingPromises.remove(t).text();
    }
    return tidy(t);
  }

  private String withoutForgedMarkers(String modelText) {
    if (modelText == null) {
      return "";
    }
    String t = unmark(forged, modelText);
    return unmark(FORGED_MARKERS, t);
  }

  /** Removes each match, leaving one space where it sat between two words on a line. */
  private static String unmark(Pattern marker, String text) {
    Matcher m = marker.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    int last = 0;
    while (m.find()) {
      out.append(text, last, m.start());
      boolean between = m.start() > 0 && m.end() < text.length() && text.charAt(m.start() - 1) != '\n'
          && text.charAt(m.end()) != '\n' && (Character.isWhitespace(text.charAt(m.start()))
              || Character.isWhitespace(text.charAt(m.end() - 1)));
      out.append(between ? " " : "");
      last = m.end();
    }
    return out.append(text, last, text.length()).toString();
  }

  private static String tidy(String t) {
    return t.replaceAll("[ \\t]+\\n", "\n").replaceAll("\\n{3,}", "\n\n").strip();
  }

  /**
   * What to post of the model's reply: {@link #clean} it, and when no tool was chosen and nothing but fillers is
   * left once its fake waiting promises are gone, the honest line instead. Empty only when the model wrote
   * nothing (or only forged markers).
   */
  public String reply(String modelText, boolean toolChosen) {
    String unmarked = withoutForgedMarkers(modelText);
    if (toolChosen) {
      return tidy(unmarked);
    }
    WaitingPromises.Result r = WaitingPromises.remove(unmarked);
    return r.removed() && WaitingPromises.onlyFiller(r.text()) ? honestLine : tidy(r.text());
  }

  /** Whether some sentence of the text is a fake waiting promise ("let me check…", "我查一下"), by {@link #clean}'s rule. */
  public static boolean promisesToCheck(String text) {
    return text != null && WaitingPromises.remove(text).removed();
  }

  @Override
  public String toString() {
    return "ToolMarker{" + template + "}";
  }
}
