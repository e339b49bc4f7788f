package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Something a worker saw and reported while it ran ({@link WorkerContext#observe}), as the test receives it.
 *
 * @param process the index of the process that saw it (0 to K-1)
 * @param name what was seen; never blank
 * @param values details, in order; never null
 * @param at when the worker saw it, by the worker's system clock (all workers run on the test's machine, so
 *     their clocks agree to within the operating system's precision)
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Observation(int process, String name, List<String> values, Instant at) {
  /** Checks the parts and copies the values. */
  public Observation {
    if (name == null || name.isBlank() || at == null) {
      throw new IllegalArgumentException("an observation needs a name and an instant, but got " + name + ", " + at);
    }
    values = List.copyOf(values);
  }

  /**
   * The value at this index.
   *
   * @throws IllegalArgumentException naming the observation when there is no such value
   */
  public String value(int index) {
    if (index < 0 || index >= values.size()) {
      throw new IllegalArgumentException("observation [" + name + "] of process " + process + " has no value " + index
          + ": it has " + values);
    }
    return values.get(index);
  }
}
