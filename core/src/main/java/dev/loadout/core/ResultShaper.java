package dev.loadout.core;

import dev.loadout.core.internal.text.Texts;

/**
 * Caps what a model reads of one result, so a huge tool output cannot crowd the context window. The cut
 * text ends with a visible marker; the full data stays on the result for the host. With {@link ResultRemainders}
 * configured, the whole text is kept for the turn's session and the marker says how to read on.
 */
final class ResultShaper {
  static final int MAX_FAILURE_MESSAGE_CHARS = 2_000;
  private final int maxChars;
  private final ResultRemainders remainders;

  ResultShaper(int maxChars, ResultRemainders remainders) {
    this.maxChars = maxChars;
    this.remainders = remainders;
  }

  /** The result within its caps; {@code variant} is null for a call to a tool that was not shown. */
  ToolResult shape(ToolResult result, ToolSpec variant, TurnContext context) {
    if (result instanceof ToolResult.Success) {
      int max = variant == null ? maxChars : variant.maxResultChars().orElse(maxChars);
      ToolResult.Success s = (ToolResult.Success) result;
      String text = s.modelText();
      if (text.length() <= max) {
        return s;
      }
      String session = remainders == null || variant == null ? null : remainders.session(context);
      if (session == null) {
        return s.truncated(cut(text, max), text.length());
      }
      int end = end(text, max);
      String id = remainders.put(session, text);
      return s.truncated(text.substring(0, end) + "\n[truncated: showing the first " + end + " of " + text.length()
          + " characters; call " + ReadResultPartTool.NAME + " with result_id \"" + id + "\" and offset " + end
          + " to read on]", text.length());
    }
    ToolResult.Failure f = (ToolResult.Failure) result;
    if (f.message().length() <= MAX_FAILURE_MESSAGE_CHARS) {
      return f;
    }
    return ToolResult.failure(f.code(), cut(f.message(), MAX_FAILURE_MESSAGE_CHARS), f.retryable());
  }

  /** The first {@code max} chars, never splitting a surrogate pair, plus the marker. */
  static String cut(String text, int max) {
    int end = end(text, max);
    return text.substring(0, end) + "\n[truncated: showing the first " + end + " of " + text.length() + " characters]";
  }

  private static int end(String text, int max) {
    return Texts.cutPoint(text, max);
  }
}
