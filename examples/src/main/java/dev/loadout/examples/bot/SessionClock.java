package dev.loadout.examples.bot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The scripted session's clock: it starts at a fixed instant and moves one minute per message, so the session prints
 * the same dice rolls on every run and a direct rule's cooldown has always passed by the next message.
 */
final class SessionClock extends Clock {
  static final Instant START = Instant.parse("2026-11-30T12:00:00Z");

  private volatile Instant now = START;

  /** Moves to the next message's time. */
  void nextMessage() {
    now = now.plus(Duration.ofMinutes(1));
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("the session clock stays in UTC");
  }

  @Override
  public Instant instant() {
    return now;
  }
}
