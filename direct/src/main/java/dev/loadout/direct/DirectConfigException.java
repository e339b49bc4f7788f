package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A direct-invocation config was refused when saved. {@link #problems()} lists every problem, each naming the
 * tool, the field and the value, such as {@code web_search_exa: rules[1].pattern must have at most 9 capture
 * groups, but had 10}; the message joins them.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  /**
   * Creates one.
   *
   * @param problems every problem; never empty
   */
  public DirectConfigException(List<String> problems) {
    super(String.join("\n", problems));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("problems must not be empty");
    }
    this.problems = List.copyOf(problems);
  }

  /** Every problem, in field order; never empty. */
  public List<String> problems() {
    return problems;
  }
}
