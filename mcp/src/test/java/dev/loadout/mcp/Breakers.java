package dev.loadout.mcp;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits, bounded, for a server's breaker to reach a state. A gather returns at its deadline while the
 * failed connect is still being wound down on the blocking executor; the quarantine follows a moment later.
 */
final class Breakers {
  private Breakers() {}

  static Optional<BreakerState> await(GuildMcpManager manager, String guildId, long registrationId, BreakerState state) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    Optional<BreakerState> now = manager.breakerState(guildId, registrationId);
    while (!now.equals(Optional.of(state)) && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
      now = manager.breakerState(guildId, registrationId);
    }
    return now;
  }
}
