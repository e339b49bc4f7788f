package dev.loadout.testkit.time;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Caffeine's timed eviction driven entirely by the test: no entry expires until the test says so. */
class CaffeineOnTestSchedulerTest {
  @Test
  void caffeineEvictsExpiredEntriesWhenTheSchedulerAdvancesPastTheirExpiry() {
    TestClock clock = TestClock.create();
    TestScheduler scheduler = TestScheduler.on(clock);
    List<String> removed = Collections.synchronizedList(new ArrayList<>());
    Cache<String, String> cache = Caffeine.newBuilder()
        .expireAfterWrite(Duration.ofMinutes(1))
        .ticker(clock::nanoTime)
        .executor(Runnable::run)
        .scheduler(Scheduler.forScheduledExecutorService(scheduler))
        .removalListener((String k, String v, RemovalCause cause) -> removed.add(k + ":" + cause))
        .build();
    cache.put("a", "1");
    assertThat(scheduler.pendingTasks()).as("Caffeine asked for a wake-up").isPositive();

    scheduler.advance(Duration.ofSeconds(30));
    assertThat(removed).isEmpty();
    assertThat(cache.getIfPresent("a")).isEqualTo("1");

    scheduler.advance(Duration.ofMinutes(2));
    assertThat(removed).containsExactly("a:EXPIRED");
    assertThat(cache.asMap()).isEmpty();
    assertThat(scheduler.failures()).isEmpty();
  }
}
