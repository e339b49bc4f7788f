package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.time.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  final TestClock clock = TestClock.at(T0);
  final List<BreakerTransition> events = new ArrayList<>();
  final CircuitBreaker breaker = new CircuitBreaker("g1", 7, clock, Duration.ofMinutes(5), events::add);

  @Test
  void aClosedBreakerPermitsEveryCall() {
    assertThat(breaker.tryAcquire()).isTrue();
    assertThat(breaker.tryAcquire()).isTrue();
    breaker.onSuccess();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(events).isEmpty();
  }

  @Test
  void aFailureQuarantinesUntilTheCooldownEnds() {
    breaker.onFailure();
    assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
    clock.advance(Duration.ofMinutes(5).minusMillis(1));
    assertThat(breaker.tryAcquire()).isFalse();
    assertThat(events).containsExactly(new BreakerTransition("g1", 7, BreakerState.CLOSED, BreakerState.OPEN, T0));
  }

  @Test
  void afterExpiryExactlyOneTrialIsPermitted() {
    breaker.onFailure();
    clock.advance(Duration.ofMinutes(5));
    assertThat(breaker.tryAcquire()).isTrue();
    assertThat(breaker.tryAcquire()).isFalse();
    assertThat(breaker.state()).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(events.get(1).at()).isEqualTo(T0.plus(Duration.ofMinutes(5)));
  }

  @Test
  void theTrialsSuccessClosesAndItsFailureReopensForAFullCooldown() {
    breaker.onFailure();
    clock.advance(Duration.ofMinutes(5));
    breaker.tryAcquire();
    breaker.onFailure();
    assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
    clock.advance(Duration.ofMinutes(4));
    assertThat(breaker.tryAcquire()).isFalse();
    clock.advance(Duration.ofMinutes(1));
    assertThat(breaker.tryAcquire()).isTrue();
    breaker.onSuccess();
    assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(events).extracting(BreakerTransition::to).containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN,
        BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.CLOSED);
  }

  @Test
  void resetClearsTheQuarantineAndASecondResetPublishesNothing() {
    breaker.onFailure();
    breaker.reset();
    breaker.reset();
    assertThat(breaker.tryAcquire()).isTrue();
    assertThat(events).extracting(BreakerTransition::to).containsExactly(BreakerState.OPEN, BreakerState.CLOSED);
  }

  @Test
  void aFailureWhileOpenDoesNotExtendTheQuarantine() {
    breaker.onFailure();
    clock.advance(Duration.ofMinutes(3));
    breaker.onFailure();
    clock.advance(Duration.ofMinutes(2));
    assertThat(breaker.tryAcquire()).isTrue();
  }

  @Test
  void theLegalMovesAreData() {
    assertThat(CircuitBreaker.Move.legal(BreakerState.CLOSED, BreakerState.HALF_OPEN)).isFalse();
    assertThat(CircuitBreaker.Move.legal(BreakerState.OPEN, BreakerState.HALF_OPEN)).isTrue();
    assertThat(CircuitBreaker.Move.LEGAL).hasSize(5);
  }

  @Test
  void aTransitionReadsAsASentence() {
    breaker.onFailure();
    assertThat(events.get(0)).hasToString(
        "Breaker of MCP server 7 in guild g1 went from CLOSED to OPEN at 2026-03-01T12:00:00Z");
  }
}
