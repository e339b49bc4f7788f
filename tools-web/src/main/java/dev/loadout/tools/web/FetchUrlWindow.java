package dev.loadout.tools.web;

import dev.loadout.core.internal.text.Texts;

/**
 * One window of a page's text, and the notes that tell a model where it stands: more to read (and the exact
 * {@code start_index} to continue with), past the end, or a page with nothing to read. The wording is the
 * reference bot's, which models already follow.
 *
 * @param text what the model reads after the URL line: the slice, then a note when one applies
 * @param startIndex where the window starts
 * @param nextIndex where the next window starts, or -1 when the page has been read to its end
 * @param contentLength the page's whole length in characters (UTF-16 units, as {@code start_index} counts)
 */
record FetchUrlWindow(String text, int startIndex, int nextIndex, int contentLength) {
  static final String EMPTY_PAGE = "[The page returned no readable content.]";

  /**
   * Cuts a window.
   *
   * @param content the page's whole text
   * @param start the requested start, 0 or more
   * @param max the window's length, 1 or more
   */
  static FetchUrlWindow of(String content, int start, int max) {
    int total = content.length();
    if (total == 0) {
      return new FetchUrlWindow(EMPTY_PAGE, start, -1, 0);
    }
    if (start >= total) {
      return new FetchUrlWindow("[End of page content. No further content found at character offset " + start
          + ". All sections of this page have been read.]", start, -1, total);
    }
    int end = (int) Math.min(total, (long) start + max);
    // Never split a surrogate pair: the next window would start with half a character.
    if (end < total && end - 1 > start) {
      end = Texts.cutPoint(content, end);
    }
    String slice = content.substring(start, end);
    if (end >= total) {
      return new FetchUrlWindow(slice, start, -1, total);
    }
    return new FetchUrlWindow(slice + "\n\n[Content truncated. Continue reading from character offset " + end
        + " with start_index=" + end + ".]", start, end, total);
  }
}
