package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A breaker move as a listener receives it: a value naming the server, the two states and the time. */
class BreakerTransitionTest {
  static final Instant AT = Instant.parse("2026-01-02T03:04:05Z");

  @Test
  void aGuildServersMoveNamesTheGuildAndTheRegistration() {
    BreakerTransition t = new BreakerTransition("g1", 7, null, BreakerState.CLOSED, BreakerState.OPEN, AT);
    assertThat(t.guildId()).contains("g1");
    assertThat(t.registrationId()).isEqualTo(7);
    assertThat(t.hostServer()).isEmpty();
    assertThat(t.from()).isEqualTo(BreakerState.CLOSED);
    assertThat(t.to()).isEqualTo(BreakerState.OPEN);
    assertThat(t.at()).isEqualTo(AT);
    assertThat(t).hasToString("Breaker of MCP server 7 in guild g1 went from CLOSED to OPEN at 2026-01-02T03:04:05Z");
  }

  @Test
  void aHostServersMoveNamesTheHostServer() {
    BreakerTransition t = new BreakerTransition(null, 0, "search", BreakerState.OPEN, BreakerState.HALF_OPEN, AT);
    assertThat(t.guildId()).isEmpty();
    assertThat(t.hostServer()).contains("search");
    assertThat(t).hasToString("Breaker of host MCP server 'search' went from OPEN to HALF_OPEN at 2026-01-02T03:04:05Z");
  }

  @Test
  void movesAreEqualExactlyWhenEveryPartIs() {
    BreakerTransition t = new BreakerTransition("g1", 7, null, BreakerState.CLOSED, BreakerState.OPEN, AT);
    BreakerTransition same = new BreakerTransition("g1", 7, null, BreakerState.CLOSED, BreakerState.OPEN, AT);
    assertThat(t).isEqualTo(same).hasSameHashCodeAs(same);
    for (BreakerTransition other : List.of(
        new BreakerTransition("g2", 7, null, BreakerState.CLOSED, BreakerState.OPEN, AT),
        new BreakerTransition("g1", 8, null, BreakerState.CLOSED, BreakerState.OPEN, AT),
        new BreakerTransition("g1", 7, "h", BreakerState.CLOSED, BreakerState.OPEN, AT),
        new BreakerTransition("g1", 7, null, BreakerState.HALF_OPEN, BreakerState.OPEN, AT),
        new BreakerTransition("g1", 7, null, BreakerState.CLOSED, BreakerState.HALF_OPEN, AT),
        new BreakerTransition("g1", 7, null, BreakerState.CLOSED, BreakerState.OPEN, AT.plusMillis(1)))) {
      assertThat(t).as(other.toString()).isNotEqualTo(other);
    }
    assertThat(t).isNotEqualTo(t.toString());
  }
}
