package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolResult;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Cuts a tool answer to what a chat can take: the first sentence only, at most {@code maxChars} code points, and
 * never a dangling URL or list. Usable for any tool answer, direct or not.
 *
 * <p>The model is asked for one sentence and capped by tokens in the host's call
 * ({@link DirectSettings#answerTokens()}); this class enforces the rest itself, so a long answer cannot be
 * posted even if the model ignores the prompt. When the model's structured answer was cut off by the token
 * cap, {@link #answer} falls back to a short excerpt of the tool data marked as unverified: never a second
 * model call.
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AnswerShaper {
  /** The default label of an excerpt that no model checked. */
  public static final String DEFAULT_UNVERIFIED_LABEL = "（未核实）";

  private final int maxChars;
  private final String unverifiedLabel;

  private AnswerShaper(int maxChars, String unverifiedLabel) {
    if (maxChars < 40 || maxChars > 240) {
      throw new IllegalArgumentException("maxChars must be between 40 and 240, but was " + maxChars);
    }
    if (unverifiedLabel == null) {
      throw new IllegalArgumentException("unverifiedLabel must not be null");
    }
    this.maxChars = maxChars;
    this.unverifiedLabel = unverifiedLabel;
  }

  /** A shaper with the settings' character cap and the default unverified label. */
  public static AnswerShaper of(DirectSettings settings) {
    return new AnswerShaper(settings.answerChars(), DEFAULT_UNVERIFIED_LABEL);
  }

  /**
   * A shaper with this cap and label.
   *
   * @param maxChars the cap in code points, 40–240
   * @param unverifiedLabel put before a data excerpt, such as {@code "[unverified] "}; may be empty
   */
  public static AnswerShaper of(int maxChars, String unverifiedLabel) {
    return new AnswerShaper(maxChars, unverifiedLabel);
  }

  /** The first sentence of the text, cut to the cap; empty for blank text. */
  public String shape(String text) {
    if (text == null) {
      return "";
    }
    String t = text.strip();
    String first = t.substring(0, Sentences.firstEnd(t)).strip();
    first = dropDanglingList(first);
    if (first.codePointCount(0, first.length()) <= maxChars) {
      return first;
    }
    return cut(first, maxChars);
  }

  /**
   * The short answer to post after a tool call.
   *
   * @param modelOutput the model's answer: plain text, or a JSON object with an {@code answer} string; may be null
   * @param cutOff whether the model stopped at the token cap
   * @param result the tool's result, for the fallback excerpt
   * @return the shaped answer, or the unverified excerpt when the model's answer is missing, cut off or unreadable
   */
  public String answer(String modelOutput, boolean cutOff, ToolResult result) {
    String text = modelOutput == null ? null : modelOutput.strip();
    if (text != null && text.startsWith("{")) {
      try {
        JsonNode node = ArgumentTemplate.MAPPER.readTree(text);
        text = node.path("answer").isString() ? node.path("answer").stringValue() : null;
      } catch (JacksonException truncatedJson) {
        text = null;
      }
    } else if (cutOff) {
      // Plain text cut off mid-way still has a whole first sentence if it ended one.
      int end = text == null ? 0 : Sentences.firstEnd(text);
      text = text != null && end < text.length() ? text.substring(0, end) : null;
    }
    if (text == null || text.isBlank()) {
      return excerpt(result);
    }
    return shape(text);
  }

  /**
   * A short excerpt of a tool result, marked as unverified: what a direct call returns when the host's AI switch
   * is off, and the fallback when the model's answer was cut off. A failure gives its message.
   */
  public String excerpt(ToolResult result) {
    String body;
    if (result instanceof ToolResult.Failure f) {
      body = f.message();
    } else {
      ToolResult.Success s = (ToolResult.Success) result;
      body = s.summary().orElseGet(() -> {
        List<String> texts = new ArrayList<>();
        collectText(s.data(), texts);
        return String.join("; ", texts);
      });
    }
    String flat = body.replaceAll("\\s+", " ").strip();
    int room = maxChars - unverifiedLabel.codePointCount(0, unverifiedLabel.length());
    String shaped = flat.codePointCount(0, flat.length()) <= room ? flat : cut(flat, room);
    return unverifiedLabel + shaped;
  }

  private static void collectText(JsonNode node, List<String> out) {
    if (out.size() >= 8) {
      return;
    }
    if (node.isString()) {
      String s = node.stringValue().strip();
      if (!s.isEmpty() && !Sentences.isUrl(s)) {
        out.add(s);
      }
    } else if (node.isNumber() || node.isBoolean()) {
      out.add(node.toString());
    } else if (node.isContainer()) {
      for (JsonNode child : node) {
        collectText(child, out);
      }
    }
  }

  /**
   * Removes a trailing list introduction or a bare bullet, which would promise items that never come. A number that
   * ends the sentence is the answer ("The answer is 42."), never taken for a list marker: a numbered list's marker
   * starts a line, where the sentence has already ended, or follows a colon with its item after it, where the
   * sentence goes on ({@link Sentences#firstEnd}); only a sentence that is nothing but a marker is one.
   */
  private static String dropDanglingList(String s) {
    String t = s.replaceAll("(?:^|\\s+)[-*•·]\\s*$", "").replaceAll("^\\d{1,2}[.)、]\\s*$", "");
    if (t.endsWith(":") || t.endsWith("：")) {
      t = t.substring(0, t.length() - 1).strip();
      return t.isEmpty() ? t : t + "…";
    }
    return t;
  }

  /** Cuts to {@code cap} code points with an ellipsis, never inside a URL and preferably at a word boundary. */
  private static String cut(String s, int cap) {
    int end = s.offsetByCodePoints(0, cap - 1);
    if (Character.isWhitespace(s.charAt(end))) {
      return s.substring(0, end).replaceAll("[\\s,，、;；:：(（\\-]+$", "") + "…";
    }
    int tokenStart = end;
    while (tokenStart > 0 && !Character.isWhitespace(s.charAt(tokenStart - 1))) {
      tokenStart--;
    }
    int tokenEnd = end;
    while (tokenEnd < s.length() && !Character.isWhitespace(s.charAt(tokenEnd))) {
      tokenEnd++;
    }
    String token = s.substring(tokenStart, tokenEnd);
    if (Sentences.isUrl(token)) {
      end = tokenStart;
    } else if (tokenStart > 0 && end - tokenStart < 16 && isLatin(token)) {
      end = tokenStart;
    }
    String head = s.substring(0, end).replaceAll("[\\s,，、;；:：(（\\-]+$", "");
    return head + "…";
  }

  private static boolean isLatin(String token) {
    return !token.isEmpty() && token.codePoints().allMatch(cp -> cp < 0x2E80);
  }

  @Override
  public String toString() {
    return "AnswerShaper{maxChars=" + maxChars + "}";
  }
}
