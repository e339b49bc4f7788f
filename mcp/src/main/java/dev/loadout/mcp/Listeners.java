package dev.loadout.mcp;

import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Calls the host's listener and contains what it throws. */
final class Listeners {
  private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);
  private final McpEventListener listener;

  Listeners(McpEventListener listener) {
    this.listener = listener;
  }

  void transition(Pool.Key key, BreakerState from, BreakerState to, Instant at) {
    try {
      listener.onBreakerTransition(new BreakerTransition(key.guildId(), key.registrationId(), key.host(), from, to, at));
    } catch (RuntimeException e) {
      LOG.warn("MCP event listener {} threw from onBreakerTransition ({})", listener.getClass().getName(),
          e.getClass().getSimpleName());
    }
  }

  /** Reports a connect with empty strings for what it lacks, as {@link McpEventListener#onConnect} promises. */
  void connect(Pool.Key key, String transport, String code) {
    try {
      listener.onConnect(key.guildId() == null ? "" : key.guildId(), key.registrationId(),
          transport == null ? "" : transport, code == null ? "" : code);
    } catch (RuntimeException e) {
      LOG.warn("MCP event listener {} threw from onConnect ({})", listener.getClass().getName(), e.getClass().getSimpleName());
    }
  }
}
