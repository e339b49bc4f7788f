package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The test's code inside each worker JVM of a {@link ProcessGroup}. Give the class a public no-argument
 * constructor; each process makes one instance.
 *
 * <p>Each step runs on a thread of its own, so a long step (serve turns until told to stop) does not hold up
 * the next one; the worker guards its own state. A step that throws fails the test's {@link
 * WorkerProcess#run} with the worker's message and stack trace. Anything printed to {@code System.out}
 * goes to the process's standard error, so stray output cannot corrupt the protocol.
 *
 * <pre>{@code
 * public final class CounterWorker implements Worker {
 *   private JdbcPersonaBlockStore store;
 *
 *   public void start(WorkerContext context) {
 *     store = JdbcPersonaBlockStore.create(dataSourceFrom(context.env("DB_URL")));
 *   }
 *
 *   public Object run(Step step, WorkerContext context) {
 *     switch (step.name()) {
 *       case "block": ...; return null;
 *       case "count": return store.active(step.arg(0), step.arg(1), Instant.now()).size();
 *       default: throw new IllegalArgumentException("unknown step " + step);
 *     }
 *   }
 * }
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Worker {
  /**
   * Runs once when the process starts, before it reports ready; open stores here.
   *
   * @throws Exception to fail the group's start with this message
   */
  default void start(WorkerContext context) throws Exception {}

  /**
   * Runs one step.
   *
   * @return the result: null for none, a collection for several values, anything else for one (its
   *     {@code toString()})
   * @throws Exception to fail the step; the test sees the message and the stack trace
   */
  Object run(Step step, WorkerContext context) throws Exception;

  /** Runs once when the test closes the group, before the process exits; close what {@link #start} opened. */
  default void stop() throws Exception {}
}
