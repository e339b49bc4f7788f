package dev.loadout.core.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The one rule for cutting text Loadout shows a model, a user or a log: never between the two halves of a surrogate
 * pair, which would leave half a character (an emoji, a CJK extension character) that providers refuse or render as a
 * replacement glyph. Every place that cuts text calls {@link #cutPoint}; what each adds after the cut (an ellipsis, a
 * note saying where to read on) stays its own.
 */
@API(status = INTERNAL, since = "0.1")
public final class Texts {
  private Texts() {}

  /**
   * Where to cut {@code text} so that it keeps at most {@code end} characters without splitting a pair: {@code end},
   * or one less when the character before it is the first half of a pair.
   *
   * @param text the text
   * @param end the wanted end, from 0 to {@code text.length()}
   * @return the end to cut at, {@code end} or {@code end - 1}
   */
  public static int cutPoint(CharSequence text, int end) {
    if (end < 0 || end > text.length()) {
      throw new IndexOutOfBoundsException("end " + end + " is outside a text of " + text.length() + " characters");
    }
    return end > 0 && Character.isHighSurrogate(text.charAt(end - 1)) ? end - 1 : end;
  }

  /**
   * The text cut to at most {@code max} characters, ending with {@code ellipsis} when it was cut; the ellipsis counts
   * toward {@code max}. A text that fits is returned as it is.
   *
   * @param text the text
   * @param max the most characters the result may have, at least {@code ellipsis.length()}
   * @param ellipsis what marks the cut, such as {@code "…"}
   */
  public static String cut(String text, int max, String ellipsis) {
    if (text.length() <= max) {
      return text;
    }
    return text.substring(0, cutPoint(text, max - ellipsis.length())) + ellipsis;
  }
}
