package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * What a worker returned from a step: the values of its result, as text.
 *
 * @param process the index of the process that ran it
 * @param step the step's name
 * @param values the result: empty for {@code null}, the elements of a returned collection, or the one value's
 *     {@code toString()}; never null
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StepResult(int process, String step, List<String> values) {
  /** Copies the values. */
  public StepResult {
    values = List.copyOf(values);
  }

  /** The only value; fails naming the step when there is not exactly one. */
  public String value() {
    if (values.size() != 1) {
      throw new IllegalStateException("step [" + step + "] of process " + process + " returned " + values
          + ", not one value");
    }
    return values.get(0);
  }

  /** The only value as an int. */
  public int intValue() {
    return Integer.parseInt(value());
  }
}
