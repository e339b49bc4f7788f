package dev.loadout.testkit.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class TestClockTest {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  @Test
  void itStandsStillUntilTheTestMovesIt() {
    TestClock clock = TestClock.at(T0);
    assertThat(clock.instant()).isEqualTo(T0);
    assertThat(clock.millis()).isEqualTo(T0.toEpochMilli());
    assertThat(clock.advance(Duration.ofSeconds(90))).isEqualTo(T0.plusSeconds(90));
    assertThat(clock.instant()).isEqualTo(T0.plusSeconds(90));
    clock.set(T0.minusSeconds(3600));
    assertThat(clock.instant()).as("set may go back, as a stepped system clock does").isEqualTo(T0.minusSeconds(3600));
  }

  @Test
  void itIsInUtcAndStartsAtAFixedInstantByDefault() {
    TestClock clock = TestClock.create();
    assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
    assertThat(clock.instant()).isEqualTo(TestClock.DEFAULT_START).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
  }

  @Test
  void aClockInAnotherZoneSharesTheSameTime() {
    TestClock utc = TestClock.at(T0);
    TestClock tokyo = utc.withZone(ZoneId.of("Asia/Tokyo"));
    assertThat(tokyo.getZone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
    assertThat(ZonedDateTime.now(tokyo).getHour()).isEqualTo(21);
    utc.advance(Duration.ofHours(1));
    assertThat(tokyo.instant()).isEqualTo(T0.plusSeconds(3600));
    tokyo.set(T0);
    assertThat(utc.instant()).isEqualTo(T0);
    assertThat(tokyo.withZone(ZoneOffset.UTC)).isEqualTo(utc).hasSameHashCodeAs(utc);
    assertThat(TestClock.at(T0)).as("another source is another clock").isNotEqualTo(utc);
  }

  @Test
  void nanoTimeMeasuresTheSameTimeForTickers() {
    TestClock clock = TestClock.at(T0);
    long before = clock.nanoTime();
    clock.advance(Duration.ofNanos(1_500));
    assertThat(clock.nanoTime() - before).isEqualTo(1_500);
    TestClock derived = clock.withZone(ZoneId.of("Europe/Paris"));
    assertThat(derived.nanoTime()).isEqualTo(clock.nanoTime());
  }

  @Test
  void concurrentAdvancesAreNeverLost() throws Exception {
    TestClock clock = TestClock.at(T0);
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Thread t = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int j = 0; j < 10_000; j++) {
          clock.advance(Duration.ofMillis(1));
        }
      });
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    assertThat(clock.instant()).isEqualTo(T0.plusSeconds(40));
  }

  @Test
  void badArgumentsAreRefusedWithTheValueNamed() {
    TestClock clock = TestClock.at(T0);
    assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PT-1S");
    assertThatThrownBy(() -> clock.set(null)).hasMessageContaining("instant must not be null");
    assertThatThrownBy(() -> TestClock.at(null)).hasMessageContaining("start must not be null");
  }
}
