package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import dev.loadout.testkit.time.TestClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  static final Duration FIRST = Duration.ofSeconds(30);
  static final Duration CAP = Duration.ofMinutes(2);
  final TestClock clock = TestClock.at(T0);
  final List<String> events = new ArrayList<>();
  final CircuitBreaker breaker = new CircuitBreaker("g1/7", clock, FIRST, CAP, 3,
      (from, to, at) -> events.add(from + ">" + to + "@" + Duration.between(T0, at).toSeconds()));

  @Test
  void aClosedBreakerLetsTheServerBeUsedAndPermitsNoProbe() {
    assertThat(breaker.isClosed()).isTrue();
    assertThat(breaker.tryProbe()).isFalse();
    breaker.onConnectSuccess();
    breaker.onCallAnswered();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(events).isEmpty();
  }

  @Test
  void aFailedConnectQuarantinesForTheFirstCooldownAndOnlyAProbeEndsIt() {
    breaker.onConnectFailure();
    assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
    assertThat(breaker.until()).isEqualTo(T0.plus(FIRST));
    clock.advance(FIRST.minusMillis(1));
    assertThat(breaker.tryProbe()).as("not before the cooldown ends").isFalse();
    clock.advance(Duration.ofMillis(1));
    assertThat(breaker.tryProbe()).isTrue();
    assertThat(breaker.tryProbe()).as("exactly one probe").isFalse();
    assertThat(breaker.state()).isEqualTo(BreakerState.HALF_OPEN);
    breaker.onConnectSuccess();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(events).containsExactly("CLOSED>OPEN@0", "OPEN>HALF_OPEN@30", "HALF_OPEN>CLOSED@30");
  }

  @Test
  void eachFailedProbeDoublesTheCooldownUpToTheCapAndASuccessStartsAgainAtTheFirstStep() {
    breaker.onConnectFailure();
    List<Duration> cooldowns = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Instant opened = clock.instant();
      cooldowns.add(Duration.between(opened, breaker.until()));
      clock.advance(Duration.between(opened, breaker.until()));
      assertThat(breaker.tryProbe()).isTrue();
      breaker.onConnectFailure();
    }
    assertThat(cooldowns).containsExactly(Duration.ofSeconds(30), Duration.ofSeconds(60), Duration.ofSeconds(120),
        Duration.ofSeconds(120));

    clock.advance(CAP);
    assertThat(breaker.tryProbe()).isTrue();
    breaker.onConnectSuccess();
    breaker.onConnectFailure();
    assertThat(Duration.between(clock.instant(), breaker.until())).isEqualTo(FIRST);
  }

  @Test
  void theThresholdOfConsecutiveFailedCallsOpensTheBreakerAndAnAnsweredCallStartsTheCountAgain() {
    assertThat(breaker.onCallFailure()).isFalse();
    assertThat(breaker.onCallFailure()).isFalse();
    breaker.onCallAnswered();
    assertThat(breaker.failures()).isZero();
    assertThat(breaker.onCallFailure()).isFalse();
    assertThat(breaker.onCallFailure()).isFalse();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);

    assertThat(breaker.onCallFailure()).as("the third in a row").isTrue();

    assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
    assertThat(breaker.until()).isEqualTo(T0.plus(FIRST));
    assertThat(breaker.onCallFailure()).as("already open").isFalse();
    assertThat(events).containsExactly("CLOSED>OPEN@0");
  }

  @Test
  void aReconnectIsNotAnAnsweredCallSoAServerThatDiesOnEveryCallIsStillQuarantined() {
    breaker.onCallFailure();
    breaker.onConnectSuccess();
    breaker.onCallFailure();
    breaker.onConnectSuccess();
    assertThat(breaker.onCallFailure()).isTrue();
  }

  @Test
  void resetClosesFromEveryStateAndForgetsTheBackOff() {
    breaker.onConnectFailure();
    clock.advance(FIRST);
    breaker.tryProbe();
    breaker.onConnectFailure();
    assertThat(Duration.between(clock.instant(), breaker.until())).isEqualTo(Duration.ofSeconds(60));
    breaker.reset();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    breaker.onConnectFailure();
    assertThat(Duration.between(clock.instant(), breaker.until())).isEqualTo(FIRST);
  }

  @Test
  void onlyLegalMovesAreData() {
    assertThat(CircuitBreaker.Move.legal(BreakerState.CLOSED, BreakerState.HALF_OPEN)).isFalse();
    assertThat(CircuitBreaker.Move.legal(BreakerState.OPEN, BreakerState.HALF_OPEN)).isTrue();
  }

  @Test
  void aCapBelowTheFirstCooldownIsRaisedToItAndADoublingThatMeetsTheCapExactlyIsKept() {
    CircuitBreaker low = new CircuitBreaker("g1/8", clock, FIRST, Duration.ofSeconds(10), 3, (from, to, at) -> { });
    low.onConnectFailure();
    clock.advance(FIRST);
    assertThat(low.tryProbe()).isTrue();
    low.onConnectFailure();
    assertThat(Duration.between(clock.instant(), low.until())).as("the cap is the first cooldown").isEqualTo(FIRST);

    CircuitBreaker exact = new CircuitBreaker("g1/9", clock, FIRST, FIRST.multipliedBy(2), 3, (from, to, at) -> { });
    exact.onConnectFailure();
    clock.advance(FIRST);
    assertThat(exact.tryProbe()).isTrue();
    exact.onConnectFailure();
    assertThat(Duration.between(clock.instant(), exact.until())).isEqualTo(FIRST.multipliedBy(2));
  }

  @Test
  void theCountOfFailedCallsIsReadableAndAnAnsweredCallOrAResetClearsIt() {
    breaker.onCallFailure();
    breaker.onCallFailure();
    assertThat(breaker.failures()).isEqualTo(2);
    breaker.onConnectSuccess();
    assertThat(breaker.failures()).as("a reconnect keeps the count").isEqualTo(2);
    breaker.onCallAnswered();
    assertThat(breaker.failures()).isZero();
    breaker.onCallAnswered();
    assertThat(breaker.failures()).as("answered with nothing to clear").isZero();
    breaker.onCallFailure();
    breaker.reset();
    assertThat(breaker.failures()).isZero();
    assertThat(breaker.onCallFailure()).isFalse();
    assertThat(breaker.onCallFailure()).isFalse();
    assertThat(breaker.onCallFailure()).as("three since the reset").isTrue();
    assertThat(events).containsExactly("CLOSED>OPEN@0");
  }

  @Test
  void anOpenBreakerIgnoresFailuresAndAnsweredCallsAndAConnectSuccessClosesIt() {
    breaker.onConnectFailure();
    Instant until = breaker.until();
    clock.advance(Duration.ofSeconds(5));
    breaker.onConnectFailure();
    assertThat(breaker.until()).as("a second failure while open does not restart the quarantine").isEqualTo(until);
    assertThat(breaker.onCallFailure()).isFalse();
    breaker.onCallAnswered();
    assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
    breaker.onConnectSuccess();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(breaker.until()).isNull();
    assertThat(events).containsExactly("CLOSED>OPEN@0", "OPEN>CLOSED@5");
  }

  @Test
  void aHalfOpenBreakerWhoseProbeFailsReopensAndAResetFromHalfOpenCloses() {
    breaker.onConnectFailure();
    clock.advance(FIRST);
    assertThat(breaker.tryProbe()).isTrue();
    breaker.onCallAnswered();
    assertThat(breaker.state()).as("an answered call is no probe result").isEqualTo(BreakerState.HALF_OPEN);
    breaker.reset();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    breaker.reset();
    assertThat(events).containsExactly("CLOSED>OPEN@0", "OPEN>HALF_OPEN@30", "HALF_OPEN>CLOSED@30");
  }

  @Test
  void whatAnOperatorReadsOfABreakerSaysItsStateTheEndOfTheQuarantineAndTheFailedCalls() {
    assertThat(breaker.toString()).isEqualTo("CircuitBreaker{g1/7 CLOSED}");
    breaker.onCallFailure();
    assertThat(breaker.toString()).isEqualTo("CircuitBreaker{g1/7 CLOSED, 1 failed calls}");
    breaker.onConnectFailure();
    assertThat(breaker.isClosed()).isFalse();
    assertThat(breaker.toString()).isEqualTo("CircuitBreaker{g1/7 OPEN until 2026-03-01T12:00:30Z}");
  }
}
