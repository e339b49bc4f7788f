package dev.loadout.core;

/**
 * Caps what a model reads of one result, so a huge tool output cannot crowd the context window. The cut
 * text ends with a visible marker; the full data stays on the result for the host.
 */
final class ResultShaper {
  static final int MAX_FAILURE_MESSAGE_CHARS = 2_000;
  private final int maxChars;

  ResultShaper(int maxChars) {
    this.maxChars = maxChars;
  }

  /** The result within its caps; {@code variant} is null for a call to a tool that was not shown. */
  ToolResult shape(ToolResult result, ToolSpec variant) {
    if (result instanceof ToolResult.Success) {
      int max = variant == null ? maxChars : variant.maxResultChars().orElse(maxChars);
      ToolResult.Success s = (ToolResult.Success) result;
      String text = s.modelText();
      if (text.length() <= max) {
        return s;
      }
      return s.truncated(cut(text, max), text.length());
    }
    ToolResult.Failure f = (ToolResult.Failure) result;
    if (f.message().length() <= MAX_FAILURE_MESSAGE_CHARS) {
      return f;
    }
    return ToolResult.failure(f.code(), cut(f.message(), MAX_FAILURE_MESSAGE_CHARS), f.retryable());
  }

  /** The first {@code max} chars, never splitting a surrogate pair, plus the marker. */
  static String cut(String text, int max) {
    int end = max;
    if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end) + "\n[truncated: showing the first " + end + " of " + text.length() + " characters]";
  }
}
