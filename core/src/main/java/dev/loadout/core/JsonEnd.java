package dev.loadout.core;

/**
 * Whether text fed so far is one whole JSON object or array, read one character at a time: a call's arguments
 * are known to be whole without parsing them again on every fragment.
 */
final class JsonEnd {
  private static final int BEFORE = 0;
  private static final int INSIDE = 1;
  private static final int WHOLE = 2;
  private static final int NOT_JSON = 3;
  private int state;
  private int depth;
  private boolean inString;
  private boolean escape;

  void feed(CharSequence s) {
    for (int i = 0; i < s.length() && state != NOT_JSON; i++) {
      char c = s.charAt(i);
      boolean space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
      if (state == BEFORE) {
        if (!space) {
          state = c == '{' || c == '[' ? INSIDE : NOT_JSON;
          depth = 1;
        }
      } else if (state == WHOLE) {
        if (!space) {
          state = NOT_JSON;
        }
      } else if (inString) {
        if (escape) {
          escape = false;
        } else if (c == '\\') {
          escape = true;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if ((c == '}' || c == ']') && --depth == 0) {
        state = WHOLE;
      }
    }
  }

  boolean whole() {
    return state == WHOLE;
  }
}
