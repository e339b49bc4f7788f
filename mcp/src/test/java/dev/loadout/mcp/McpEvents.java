package dev.loadout.mcp;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A manager's listener that records its events and lets a test wait for what they announce, instead of polling.
 *
 * <p>A wait reads the truth (a breaker's state, a turn's sources) and, until it holds, sleeps until the next
 * connect or breaker event and reads it again. The manager changes what a wait reads before it announces the
 * change (a breaker swaps its state, then publishes; a connect is pooled, then reported), so a wait never
 * sleeps through the event it needs. The listener itself only counts and signals: it never calls back into the
 * manager, and a waiter never holds the lock while it reads the truth. The one deadline is a hang guard, never
 * what a test measures: a wait that hits it returns what it last read, and the test's assertion fails on that.
 */
final class McpEvents implements McpEventListener {
  /** How long a wait may last before the test is taken to hang. */
  static final Duration HANG_GUARD = Duration.ofSeconds(20);

  /** One {@link McpEventListener#onConnect} as it was reported. */
  record Connect(String guildId, long registrationId, String transport, String failureCode) {}

  /** One {@link McpEventListener#onDisconnect} as it was reported. */
  record Disconnect(String guildId, long registrationId, String code) {}

  private final McpEventListener next;
  private final List<BreakerTransition> transitions = new CopyOnWriteArrayList<>();
  private final List<Connect> connects = new CopyOnWriteArrayList<>();
  private final List<Disconnect> disconnects = new CopyOnWriteArrayList<>();
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition happened = lock.newCondition();
  private long events;

  McpEvents() {
    this(McpEventListener.NONE);
  }

  /** Records, then passes every event on to {@code next}. */
  McpEvents(McpEventListener next) {
    this.next = next;
  }

  @Override
  public void onBreakerTransition(BreakerTransition transition) {
    transitions.add(transition);
    try {
      next.onBreakerTransition(transition);
    } finally {
      signal();
    }
  }

  @Override
  public void onConnect(String guildId, long registrationId, String transport, String failureCode) {
    connects.add(new Connect(guildId, registrationId, transport, failureCode));
    try {
      next.onConnect(guildId, registrationId, transport, failureCode);
    } finally {
      signal();
    }
  }

  @Override
  public void onDisconnect(String guildId, long registrationId, String code) {
    disconnects.add(new Disconnect(guildId, registrationId, code));
    try {
      next.onDisconnect(guildId, registrationId, code);
    } finally {
      signal();
    }
  }

  /** Every disconnect so far, in order. */
  List<Disconnect> disconnects() {
    return List.copyOf(disconnects);
  }

  /** Every breaker transition so far, in order. */
  List<BreakerTransition> transitions() {
    return transitions;
  }

  /** Every connect so far, in order. */
  List<Connect> connects() {
    return connects;
  }

  /** The breaker's state once it is {@code state}, or its last state if the hang guard ran out first. */
  Optional<BreakerState> awaitBreaker(GuildMcpManager manager, String guildId, long registrationId, BreakerState state) {
    return await(() -> manager.breakerState(guildId, registrationId), now -> now.equals(Optional.of(state)));
  }

  /** The transitions once there are at least {@code n}, or those there were when the hang guard ran out. */
  List<BreakerTransition> awaitTransitions(int n) {
    return await(() -> List.copyOf(transitions), now -> now.size() >= n);
  }

  /** The connects once there are at least {@code n}, or those there were when the hang guard ran out. */
  List<Connect> awaitConnects(int n) {
    return await(() -> List.copyOf(connects), now -> now.size() >= n);
  }

  /**
   * Reads {@code truth} until {@code done} accepts what it read, reading again after each event; returns the
   * last reading. {@code truth} may act (take a turn, advance the test's scheduler): it runs on the test's thread.
   */
  <T> T await(Supplier<T> truth, Predicate<? super T> done) {
    long deadline = System.nanoTime() + HANG_GUARD.toNanos();
    while (true) {
      long seen = events();
      T now = truth.get();
      if (done.test(now) || !awaitEventAfter(seen, deadline)) {
        return now;
      }
    }
  }

  private long events() {
    lock.lock();
    try {
      return events;
    } finally {
      lock.unlock();
    }
  }

  /** Whether an event came after the {@code seen}th before the deadline. */
  private boolean awaitEventAfter(long seen, long deadline) {
    lock.lock();
    try {
      while (events == seen) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        happened.awaitNanos(left);
      }
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for an MCP event", e);
    } finally {
      lock.unlock();
    }
  }

  private void signal() {
    lock.lock();
    try {
      events++;
      happened.signalAll();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public String toString() {
    return "McpEvents{" + transitions.size() + " transitions, " + connects.size() + " connects}";
  }
}
