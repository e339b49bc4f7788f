package dev.loadout.benchmarks;

import dev.loadout.core.TurnContext;

/**
 * One way of producing a turn's OpenAI {@code tools} JSON, so rivals run side by side in one JMH run.
 */
interface TurnAdapter extends AutoCloseable {

  /**
   * The measured work: everything one turn needs before the request can be sent. Returns what holds the
   * bytes, for JMH to consume.
   */
  Object turn(TurnContext context);

  /** The bytes {@link #turn} produced, for checks outside the measurement. */
  byte[] toolsJson(TurnContext context);

  @Override
  default void close() {}
}
