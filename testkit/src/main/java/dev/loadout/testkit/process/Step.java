package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * One scripted step a test sends to a worker process: a name the worker switches on, and text arguments.
 *
 * @param name what to do; never blank
 * @param args its arguments, in order; never null, potentially empty (no element is null)
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Step(String name, List<String> args) {
  /** Checks the parts and copies the arguments. */
  public Step {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a step needs a name, but got [" + name + "]");
    }
    if (args == null || args.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("step [" + name + "] needs arguments without nulls, but got " + args);
    }
    args = List.copyOf(args);
  }

  /** A step with these arguments. */
  public static Step of(String name, String... args) {
    return new Step(name, List.of(args));
  }

  /**
   * The argument at this index.
   *
   * @throws IllegalArgumentException naming the step when there is no such argument
   */
  public String arg(int index) {
    if (index < 0 || index >= args.size()) {
      throw new IllegalArgumentException("step [" + name + "] has no argument " + index + ": it has " + args);
    }
    return args.get(index);
  }

  /** The argument at this index as an int. */
  public int intArg(int index) {
    return Integer.parseInt(arg(index));
  }

  /** The argument at this index as a long. */
  public long longArg(int index) {
    return Long.parseLong(arg(index));
  }
}
