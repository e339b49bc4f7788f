package dev.loadout.testkit.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.apiguardian.api.API;

/**
 * A {@link Clock} that stands still until the test moves it: {@link #advance(Duration)} forward,
 * {@link #set(Instant)} anywhere (backwards too, as a stepped system clock would).
 *
 * <pre>{@code
 * TestClock clock = TestClock.at(Instant.parse("2026-03-01T12:00:00Z"));
 * CircuitBreaker breaker = new CircuitBreaker(..., clock, Duration.ofMinutes(5), ...);
 * clock.advance(Duration.ofMinutes(5));
 * }</pre>
 *
 * <p>The zone is UTC unless {@link #withZone(ZoneId)} derives a clock in another one; a derived clock
 * shares this clock's time, so moving either moves both. {@link #nanoTime()} reads the same time as a
 * nanosecond counter, for tickers such as Caffeine's {@code Ticker} ({@code clock::nanoTime}).
 *
 * <p>Thread-safe: the code under test may read it from any thread while the test moves it. To run what a
 * {@link java.util.concurrent.ScheduledExecutorService} has waiting as time moves, advance a {@link
 * TestScheduler} on this clock instead of the clock itself.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TestClock extends Clock {
  /** Where {@link #create()} starts: 2026-01-01T00:00:00Z. */
  public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

  private final Source source;
  private final ZoneId zone;

  private TestClock(Source source, ZoneId zone) {
    this.source = source;
    this.zone = zone;
  }

  /** A clock in UTC at {@link #DEFAULT_START}. */
  public static TestClock create() {
    return at(DEFAULT_START);
  }

  /**
   * A clock in UTC at this instant.
   *
   * @throws IllegalArgumentException if {@code start} is null
   */
  public static TestClock at(Instant start) {
    return new TestClock(new Source(checked("start", start)), ZoneOffset.UTC);
  }

  /**
   * Moves the time forward.
   *
   * @param amount zero or positive
   * @return the new time
   * @throws IllegalArgumentException if {@code amount} is null or negative (use {@link #set(Instant)} to go
   *     back)
   */
  public Instant advance(Duration amount) {
    if (amount == null || amount.isNegative()) {
      throw new IllegalArgumentException("a clock advances by zero or more, but was " + amount);
    }
    return source.now.updateAndGet(t -> t.plus(amount));
  }

  /**
   * Sets the time, earlier or later than now.
   *
   * @throws IllegalArgumentException if {@code instant} is null
   */
  public void set(Instant instant) {
    source.now.set(checked("instant", instant));
  }

  @Override
  public Instant instant() {
    return source.now.get();
  }

  /**
   * The time as a nanosecond counter: nanoseconds from where this clock (or the clock it was derived from)
   * started. Only differences between two readings mean anything, as with {@link System#nanoTime()}.
   */
  public long nanoTime() {
    return Duration.between(source.origin, source.now.get()).toNanos();
  }

  /** Moves the time to this instant unless it is already there or later: a scheduler never turns it back. */
  void moveForwardTo(Instant instant) {
    source.now.accumulateAndGet(instant, (now, to) -> to.isAfter(now) ? to : now);
  }

  @Override
  public ZoneId getZone() {
    return zone;
  }

  /** A clock in this zone that shares this clock's time: moving one moves the other. */
  @Override
  public TestClock withZone(ZoneId newZone) {
    Objects.requireNonNull(newZone, "zone");
    return newZone.equals(zone) ? this : new TestClock(source, newZone);
  }

  /** Equal when both read the same time source in the same zone. */
  @Override
  public boolean equals(Object o) {
    return o instanceof TestClock && ((TestClock) o).source == source && ((TestClock) o).zone.equals(zone);
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(source) * 31 + zone.hashCode();
  }

  @Override
  public String toString() {
    return "TestClock[" + instant() + ", " + zone + "]";
  }

  private static Instant checked(String name, Instant value) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return value;
  }

  /** The time every clock derived by {@link #withZone} shares. */
  private static final class Source {
    final Instant origin;
    final AtomicReference<Instant> now;

    Source(Instant start) {
      origin = start;
      now = new AtomicReference<>(start);
    }
  }
}
