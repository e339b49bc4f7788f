package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a {@link Worker} knows of its process and how it reports what it sees.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface WorkerContext {
  /** This process's index, 0 to {@link #processes()} - 1. */
  int index();

  /** How many processes the group started. */
  int processes();

  /**
   * An environment variable of this process (the test's environment plus the group's
   * {@linkplain ProcessGroup.Builder#environment additions}).
   */
  Optional<String> env(String name);

  /**
   * An environment variable that must be set.
   *
   * @throws IllegalStateException naming the variable when it is not set
   */
  default String requiredEnv(String name) {
    return env(name).orElseThrow(() -> new IllegalStateException("worker environment has no " + name));
  }

  /**
   * Reports an observation to the test at once, stamped with this process's clock. Safe from any thread,
   * including threads the worker's code under test runs on (a listener, a scheduler).
   *
   * @param name what was seen; not blank
   * @param values details; no element may be null
   */
  void observe(String name, Object... values);
}
