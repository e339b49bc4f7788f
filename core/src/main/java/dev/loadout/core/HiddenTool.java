package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A tool the model does not see on a turn, with every reason why.
 *
 * @param name the tool name
 * @param reasons each hiding decision, in filter order, then assembly's; never empty
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record HiddenTool(String name, List<Reason> reasons) {
  /** Copies the reasons. */
  public HiddenTool {
    reasons = List.copyOf(reasons);
  }

  /** Whether any reason has this code. */
  public boolean hasReason(String code) {
    return reasons.stream().anyMatch(r -> r.code().equals(code));
  }

  /**
   * One reason.
   *
   * @param code the stable code
   * @param message the sentence
   * @param source who decided: a filter's class name, or {@code assembly}
   */
  @API(status = MAINTAINED, since = "0.1")
  public record Reason(String code, String message, String source) {}
}
