package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The watchdog behind every call deadline, driven directly: an alarm whose deadline passed fires once, a
 * closed alarm never fires, and closing the watchdog keeps the caller's interrupt. Deadlines in these tests
 * have already passed or lie an hour ahead, so nothing waits on the clock.
 */
@Timeout(30)
class DeadlineTimerTest {
  private static final long HOUR = TimeUnit.HOURS.toNanos(1);

  @Test
  void anExpiredAlarmFiresOnceEvenWhileTheWatchdogKeepsWatching() throws Exception {
    DeadlineTimer timer = new DeadlineTimer();
    AtomicInteger first = new AtomicInteger();
    CountDownLatch firstFired = new CountDownLatch(1);
    CountDownLatch secondFired = new CountDownLatch(1);

    timer.arm(System.nanoTime(), () -> {
      first.incrementAndGet();
      firstFired.countDown();
    });
    assertThat(firstFired.await(10, TimeUnit.SECONDS)).isTrue();
    // A later alarm proves the watchdog went round again, past where the first would fire a second time.
    timer.arm(System.nanoTime(), secondFired::countDown);
    assertThat(secondFired.await(10, TimeUnit.SECONDS)).isTrue();
    timer.close();

    assertThat(first).hasValue(1);
  }

  @Test
  void aClosedAlarmNeverFiresAndAFutureOneNotBeforeItsDeadline() throws Exception {
    DeadlineTimer timer = new DeadlineTimer();
    AtomicInteger fired = new AtomicInteger();
    CountDownLatch watchdogBusy = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch probe = new CountDownLatch(1);

    // The watchdog is held inside an earlier alarm, so the expired one below is closed before it can look.
    timer.arm(System.nanoTime(), () -> {
      watchdogBusy.countDown();
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    assertThat(watchdogBusy.await(10, TimeUnit.SECONDS)).isTrue();
    timer.arm(System.nanoTime(), fired::incrementAndGet).close();
    timer.arm(System.nanoTime() + HOUR, fired::incrementAndGet);
    release.countDown();
    timer.arm(System.nanoTime(), probe::countDown);
    assertThat(probe.await(10, TimeUnit.SECONDS)).isTrue();
    timer.close();

    assertThat(fired).hasValue(0);
  }

  @Test
  void closingKeepsTheCallersInterruptAndMayBeRepeated() throws Exception {
    DeadlineTimer timer = new DeadlineTimer();
    CountDownLatch running = new CountDownLatch(1);
    timer.arm(System.nanoTime(), running::countDown);
    timer.arm(System.nanoTime() + HOUR, () -> {});
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

    Thread.currentThread().interrupt();
    timer.close();

    assertThat(Thread.interrupted()).isTrue();
    timer.close();
  }

  @Test
  void anAlarmThatThrowsDoesNotStopTheWatchdog() throws Exception {
    DeadlineTimer timer = new DeadlineTimer();
    CountDownLatch after = new CountDownLatch(1);

    timer.arm(System.nanoTime(), () -> {
      throw new IllegalStateException("cancel failed");
    });
    timer.arm(System.nanoTime(), after::countDown);

    assertThat(after.await(10, TimeUnit.SECONDS)).isTrue();
    timer.close();
  }
}
