package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A tool a turn offers without loading it: available (every filter passed, assembly kept it) but kept out of the
 * model's tool list until a tool search finds it. See {@link ToolSearch}.
 *
 * @param name the tool name; never null
 * @param reason why it is deferred: a code ({@code deferred_tool}, {@code deferred_group}, {@code deferred_source},
 *     {@code deferred_external}, {@code over_token_budget}, deliberate tool mode's {@code deliberate_no_intent} or
 *     {@code deliberate_not_requested} when {@link ToolSearch.Builder#deliberateModeDefers(boolean)} is on, or a custom
 *     policy's own), a sentence and the rule's name;
 *     never null
 * @param source the external source's label, empty for a built-in
 * @param searchText what a search reads besides the name: the description, then each top-level parameter's name and
 *     description; never null
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DeferredTool(String name, HiddenTool.Reason reason, Optional<String> source, String searchText) {
  /** Checks the components are present. */
  public DeferredTool {
    if (name == null || reason == null || source == null || searchText == null) {
      throw new IllegalArgumentException("deferred tool name, reason, source and search text must not be null, but were "
          + name + ", " + reason + ", " + source + ", " + (searchText == null ? null : "…"));
    }
  }

  /** The first sentence of the description (at most 160 characters): what a search result shows of the tool. */
  public String summary() {
    int end = searchText.indexOf('\n');
    String d = end < 0 ? searchText : searchText.substring(0, end);
    int dot = d.indexOf(". ");
    if (dot >= 0) {
      d = d.substring(0, dot + 1);
    }
    return d.length() <= 160 ? d : d.substring(0, 159) + "…";
  }
}
