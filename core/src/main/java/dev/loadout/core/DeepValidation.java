package dev.loadout.core;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * Runs a schema check where the caller's stack cannot change its outcome.
 *
 * <p>The validator recurses per level of the arguments. Shallow arguments (the usual case) are checked on the
 * calling thread, which costs nothing extra; deeper ones, and shallow ones whose check overflowed the caller's
 * stack, are checked on a thread with a {@value #STACK_BYTES}-byte stack, where every depth {@link JsonLimits}
 * admits fits with room to spare. That thread is a shared daemon that exits after two idle seconds, so nothing
 * stays behind when no deep arguments arrive; a check of the same arguments against the same schema therefore
 * gives the same answer from any thread.
 */
final class DeepValidation {
  /** Arguments nested this deep or less are checked on the calling thread. */
  static final int CALLER_THREAD_DEPTH = 8;
  static final long STACK_BYTES = 16L << 20;
  static final ArgumentValidator.Violation TOO_DEEP = new ArgumentValidator.Violation("/",
      "the arguments are nested too deeply to be checked against this schema");

  private static final AtomicInteger THREAD_NUMBER = new AtomicInteger();
  private static final ThreadPoolExecutor THREADS = threads();

  private DeepValidation() {}

  private static ThreadPoolExecutor threads() {
    ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 2, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
      Thread t = new Thread(null, r, "loadout-deep-validation-" + THREAD_NUMBER.incrementAndGet(), STACK_BYTES);
      t.setDaemon(true);
      return t;
    });
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /**
   * Every violation, as {@link ArgumentValidator#violations(JsonNode)} gives them.
   *
   * @throws RuntimeException what the validator throws (a schema it cannot apply), or an
   *     {@link IllegalStateException} when the caller is interrupted while a deep check runs
   */
  /**
   * Whether the caller's own thread may try first. Only where the work runs depends on it: a caller whose stack
   * runs out hands over to the big stack, so both ways give the same violations.
   */
  private static boolean shallowEnoughForCallerThread(JsonNode arguments) {
    return ArgumentsReader.depth(arguments) <= CALLER_THREAD_DEPTH;
  }

  static List<ArgumentValidator.Violation> violations(ArgumentValidator validator, JsonNode arguments) {
    if (shallowEnoughForCallerThread(arguments)) {
      try {
        return validator.violations(arguments);
      } catch (StackOverflowError callerStackTooSmall) {
        // The caller was deep in its own stack already; the big one decides instead.
      }
    }
    Future<List<ArgumentValidator.Violation>> check = THREADS.submit(() -> {
      try {
        return validator.violations(arguments);
      } catch (StackOverflowError e) {
        // Only a schema far costlier per level than any ordinary one gets here; the answer is still fixed.
        return List.of(TOO_DEEP);
      }
    });
    try {
      return check.get();
    } catch (InterruptedException e) {
      check.cancel(true);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while checking arguments", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    }
  }
}
