package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Keeps tool answers out of later context (on by default, {@link DirectSettings#ignoreToolAnswers()}): from the
 * recent-history window the host already loaded, entries whose source is a tool answer are dropped, old ones
 * included. No extra query, nothing deleted, and the window is not refilled to its size.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolAnswerHistory {
  /** The source the seed stores tool answers under. */
  public static final String TOOL_ANSWER_SOURCE = "mcp";

  private ToolAnswerHistory() {}

  /**
   * The window without tool answers, in order.
   *
   * @param window the recent history as loaded; never null
   * @param source reads an entry's source; an entry whose source is {@value #TOOL_ANSWER_SOURCE} is dropped
   * @param settings when {@link DirectSettings#ignoreToolAnswers()} is off, the window is returned unchanged
   */
  public static <T> List<T> filter(List<T> window, Function<? super T, String> source, DirectSettings settings) {
    if (!settings.ignoreToolAnswers()) {
      return window;
    }
    List<T> out = new ArrayList<>(window.size());
    for (T entry : window) {
      if (!TOOL_ANSWER_SOURCE.equals(source.apply(entry))) {
        out.add(entry);
      }
    }
    return Collections.unmodifiableList(out);
  }
}
