package dev.loadout.testkit.stores;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.direct.BookedContext;
import dev.loadout.direct.ClaimResult;
import dev.loadout.direct.ToolTask;
import dev.loadout.direct.ToolTaskStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ToolTaskStore} must do, as a JUnit 5 suite: extend it, return a fresh, empty store from
 * {@link #newStore()}, and for a store shared by processes also {@link #otherProcess()} (a second store on the same
 * data). It checks atomic claims under races, the session's one task slot, cooldowns, stale and pending tasks,
 * cancellation and completion; Loadout's in-memory, SQLite and PostgreSQL stores pass it.
 *
 * <pre>{@code
 * class MyTaskStoreTest extends ToolTaskStoreContract {
 *   protected ToolTaskStore newStore() { return new MyTaskStore(freshDatabase()); }
 * }
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class ToolTaskStoreContract {
  /** The instant the contract's tasks start at. */
  protected static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  /** The cooldown the contract claims with. */
  protected static final Duration COOLDOWN = Duration.ofSeconds(60);
  /** After this long a running task counts as stale. */
  protected static final Duration STALE = Duration.ofSeconds(25);

  /** The store under test, new for each test. */
  protected ToolTaskStore store;

  /** A new, empty store. */
  protected abstract ToolTaskStore newStore() throws Exception;

  /** A second store on the same data, as another process would have; the same store for in-memory. */
  protected ToolTaskStore otherProcess() {
    return store;
  }

  /** Race rounds of two claims each; a networked database costs a connection per claim, so it may run fewer. */
  protected int raceRounds() {
    return 1500;
  }

  /** Makes the store for the next test. */
  @BeforeEach
  public void createStore() throws Exception {
    store = newStore();
  }

  protected static ToolTask task(String session, String id, String message, ToolTask.State state, Instant at) {
    return new ToolTask(session, id, "web_search_exa", "{\"query\":\"冰雪奇缘\"}", message, 0, state, at);
  }

  protected static ToolTask running(String id, String message, Instant at) {
    return task("s1", id, message, ToolTask.State.RUNNING, at);
  }

  @Test
  public void aFreeSlotIsClaimedAndStoredWithEveryField() {
    ToolTask t = running("t1", "m1", T0.plusNanos(123_456_789));
    assertThat(store.claim(t, COOLDOWN, STALE)).isEqualTo(new ClaimResult.Claimed(t));
    assertThat(store.find("s1")).contains(t);
    assertThat(store.find("s1").orElseThrow().startedAt()).isEqualTo(T0.plusMillis(123));
  }

  @Test
  public void aRunningTaskKeepsOtherMessagesOutAsBusy() {
    ToolTask first = running("t1", "m1", T0);
    store.claim(first, COOLDOWN, STALE);
    assertThat(store.claim(running("t2", "m2", T0.plusSeconds(5)), Duration.ofSeconds(1), STALE))
        .isEqualTo(new ClaimResult.Busy(first));
  }

  @Test
  public void theSameMessageNeverClaimsTwice() {
    ToolTask first = running("t1", "m1", T0);
    store.claim(first, COOLDOWN, STALE);
    store.complete("s1", "t1");
    assertThat(store.claim(running("t2", "m1", T0.plusSeconds(3600)), COOLDOWN, STALE))
        .isInstanceOf(ClaimResult.Duplicate.class);
  }

  @Test
  public void theCooldownCountsFromTheTaskStartAcrossTools() {
    store.claim(running("t1", "m1", T0), COOLDOWN, STALE);
    store.complete("s1", "t1");
    ToolTask other = new ToolTask("s1", "t2", "calc", "{}", "m2", 0, ToolTask.State.RUNNING, T0.plusSeconds(45));
    ClaimResult r = store.claim(other, COOLDOWN, STALE);
    assertThat(r).isInstanceOf(ClaimResult.CoolingDown.class);
    assertThat(((ClaimResult.CoolingDown) r).secondsLeft()).isEqualTo(15);
    ToolTask later = new ToolTask("s1", "t3", "calc", "{}", "m3", 0, ToolTask.State.RUNNING, T0.plusSeconds(60));
    assertThat(store.claim(later, COOLDOWN, STALE)).isEqualTo(new ClaimResult.Claimed(later));
  }

  @Test
  public void anInterruptedRunningTaskStopsBlockingAfterTheStaleLimitAndIsNotRetried() {
    store.claim(running("t1", "m1", T0), Duration.ofSeconds(1), STALE);
    assertThat(store.claim(running("t2", "m2", T0.plusSeconds(24)), Duration.ofSeconds(1), STALE))
        .isInstanceOf(ClaimResult.Busy.class);
    ToolTask next = running("t2", "m2", T0.plusSeconds(26));
    assertThat(store.claim(next, Duration.ofSeconds(1), STALE)).isEqualTo(new ClaimResult.Claimed(next));
    assertThat(store.complete("s1", "t1")).isFalse();
  }

  @Test
  public void sessionsHaveSlotsOfTheirOwn() {
    store.claim(running("t1", "m1", T0), COOLDOWN, STALE);
    ToolTask elsewhere = task("s2", "t2", "m2", ToolTask.State.RUNNING, T0);
    assertThat(store.claim(elsewhere, COOLDOWN, STALE)).isEqualTo(new ClaimResult.Claimed(elsewhere));
  }

  @Test
  public void completeMarksTheTaskDoneAndClearsItsArguments() {
    store.claim(running("t1", "m1", T0), COOLDOWN, STALE);
    assertThat(store.complete("s1", "other-id")).isFalse();
    assertThat(store.complete("s1", "t1")).isTrue();
    ToolTask done = store.find("s1").orElseThrow();
    assertThat(done.state()).isEqualTo(ToolTask.State.DONE);
    assertThat(done.arguments()).isNull();
    assertThat(store.complete("s1", "t1")).isFalse();
  }

  @Test
  public void cancelEndsAPendingOrRunningTaskAndClearsItsArguments() {
    ToolTask t = running("t1", "m1", T0);
    store.claim(t, COOLDOWN, STALE);
    assertThat(store.cancel("s1")).contains(t);
    assertThat(store.find("s1").orElseThrow().state()).isEqualTo(ToolTask.State.CANCELLED);
    assertThat(store.find("s1").orElseThrow().arguments()).isNull();
    assertThat(store.cancel("s1")).isEmpty();
    assertThat(store.cancel("nobody")).isEmpty();
    assertThat(store.complete("s1", "t1")).isFalse();
  }

  @Test
  public void aPendingTaskIsClaimedOnceByTheNextMessageOfItsGeneration() {
    ToolTask booked = task("s1", "t1", "m1", ToolTask.State.PENDING, T0);
    assertThat(store.claim(booked, COOLDOWN, STALE)).isEqualTo(new ClaimResult.Claimed(booked));
    assertThat(store.claimPending("s1", "m1", 0, T0.plusSeconds(1))).isEmpty();
    assertThat(store.claimPending("s1", "m2", 1, T0.plusSeconds(1))).isEmpty();
    ToolTask claimed = store.claimPending("s1", "m2", 0, T0.plusSeconds(2)).orElseThrow();
    assertThat(claimed.state()).isEqualTo(ToolTask.State.RUNNING);
    assertThat(claimed.startedAt()).isEqualTo(T0.plusSeconds(2));
    assertThat(claimed.arguments()).isEqualTo(booked.arguments());
    assertThat(store.claimPending("s1", "m3", 0, T0.plusSeconds(3))).isEmpty();
  }

  @Test
  public void aPendingTaskKeepsOtherClaimsOutButAnOlderGenerationsDoesNot() {
    store.claim(task("s1", "t1", "m1", ToolTask.State.PENDING, T0), Duration.ofSeconds(1), STALE);
    assertThat(store.claim(running("t2", "m2", T0.plusSeconds(100)), Duration.ofSeconds(1), STALE))
        .isInstanceOf(ClaimResult.Busy.class);
    ToolTask newer = new ToolTask("s1", "t3", "calc", "{}", "m3", 1, ToolTask.State.RUNNING, T0.plusSeconds(100));
    assertThat(store.claim(newer, Duration.ofSeconds(1), STALE)).isEqualTo(new ClaimResult.Claimed(newer));
  }

  protected static final BookedContext ALICE = new BookedContext("alice", "g1", "c1", null, "tomori",
      java.util.Set.of("MANAGE_GUILD", "SEND_MESSAGES"), java.util.Map.of("web_search", true), "zh-CN",
      "帮我查一下冰雪奇缘", java.util.List.of(dev.loadout.core.participants.Participant.builder(
              dev.loadout.core.participants.ParticipantId.user("bob")).label("Bob")
          .alias("bobby", 1, dev.loadout.core.participants.AliasExposure.LOOKUP_ONLY,
              java.util.Set.of(dev.loadout.core.participants.AliasPurpose.TOOL_TARGET))
          .inContext(true).build()));

  protected static ToolTask booking(String id, String message, Instant at, BookedContext by) {
    return new ToolTask("s1", id, "web_search_exa", "{\"query\":\"冰雪奇缘\"}", message, 0, ToolTask.State.PENDING, at,
        at, by);
  }

  @Test
  public void aBookingKeepsWhoBookedItAndWhenUntilItEnds() {
    ToolTask booked = booking("t1", "m1", T0, ALICE);
    store.claim(booked, COOLDOWN, STALE, Duration.ofMinutes(5));
    assertThat(otherProcess().find("s1")).contains(booked);
    ToolTask claimed = otherProcess().claimPending("s1", "m2", 0, T0.plusSeconds(30), Duration.ofMinutes(5))
        .orElseThrow();
    assertThat(claimed.bookedContext()).isEqualTo(ALICE);
    assertThat(claimed.createdAt()).isEqualTo(T0);
    assertThat(claimed.startedAt()).isEqualTo(T0.plusSeconds(30));
    store.complete("s1", "t1");
    ToolTask done = store.find("s1").orElseThrow();
    assertThat(done.bookedContext()).isNull();
    assertThat(done.arguments()).isNull();
  }

  @Test
  public void aBookingWithUnknownPermissionsStaysUnknownNotEmpty() {
    BookedContext unknown = new BookedContext(null, null, null, null, null, null, java.util.Map.of(), "und", null,
        java.util.List.of());
    store.claim(booking("t1", "m1", T0, unknown), COOLDOWN, STALE, Duration.ofMinutes(5));
    assertThat(store.find("s1").orElseThrow().bookedContext().knownPermissions()).isEmpty();
  }

  @Test
  public void aBookingPastItsAgeIsExpiredNotClaimedAndNoLongerKeepsOthersOut() {
    Duration age = Duration.ofMinutes(5);
    store.claim(booking("t1", "m1", T0, ALICE), Duration.ofSeconds(1), STALE, age);
    assertThat(store.claimPending("s1", "m2", 0, T0.plus(age), age)).isEmpty();
    ToolTask expired = store.find("s1").orElseThrow();
    assertThat(expired.state()).isEqualTo(ToolTask.State.EXPIRED);
    assertThat(expired.arguments()).isNull();
    assertThat(expired.bookedContext()).isNull();

    store.claim(new ToolTask("s2", "t2", "calc", "{}", "n1", 0, ToolTask.State.PENDING, T0), Duration.ofSeconds(1),
        STALE, age);
    ToolTask fresh = new ToolTask("s2", "t3", "calc", "{}", "n2", 0, ToolTask.State.RUNNING, T0.plus(age).plusMillis(1));
    assertThat(store.claim(fresh, Duration.ofSeconds(1), STALE, age)).isEqualTo(new ClaimResult.Claimed(fresh));
  }

  @Test
  public void aBookingWithinItsAgeIsClaimedAndKeepsOthersOut() {
    Duration age = Duration.ofMinutes(5);
    store.claim(booking("t1", "m1", T0, ALICE), Duration.ofSeconds(1), STALE, age);
    assertThat(store.claim(running("t2", "m2", T0.plus(age).minusSeconds(1)), Duration.ofSeconds(1), STALE, age))
        .isInstanceOf(ClaimResult.Busy.class);
    assertThat(store.claimPending("s1", "m3", 0, T0.plus(age).minusMillis(1), age)).isPresent();
  }

  @Test
  public void twoThreadsNeverBothClaimTheSameSlot() throws Exception {
    int rounds = raceRounds();
    AtomicInteger claimed = new AtomicInteger();
    AtomicInteger doubles = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < rounds; round++) {
        Instant at = T0.plusSeconds(round * 2L);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<ClaimResult>> results = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
          ToolTaskStore s = side == 0 ? store : otherProcess();
          ToolTask t = task("race", "t" + round + "-" + side, "m" + round + "-" + side, ToolTask.State.RUNNING, at);
          results.add(pool.submit(() -> {
            start.await();
            return s.claim(t, Duration.ofSeconds(1), Duration.ofSeconds(1));
          }));
        }
        start.countDown();
        int wins = 0;
        for (Future<ClaimResult> f : results) {
          wins += f.get() instanceof ClaimResult.Claimed ? 1 : 0;
        }
        claimed.addAndGet(wins);
        doubles.addAndGet(wins > 1 ? 1 : 0);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(doubles.get()).isZero();
    assertThat(claimed.get()).isEqualTo(rounds);
  }
}
