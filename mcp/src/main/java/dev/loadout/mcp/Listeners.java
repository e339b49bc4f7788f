package dev.loadout.mcp;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Calls the host's listener and contains what it throws. */
final class Listeners {
  private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);
  private final McpEventListener listener;

  Listeners(McpEventListener listener) {
    this.listener = listener;
  }

  void transition(BreakerTransition t) {
    try {
      listener.onBreakerTransition(t);
    } catch (RuntimeException e) {
      LOG.warn("MCP event listener {} threw from onBreakerTransition ({})", listener.getClass().getName(),
          e.getClass().getSimpleName());
    }
  }

  void connect(String guildId, long id, String transport, String code) {
    try {
      listener.onConnect(guildId, id, transport, code);
    } catch (RuntimeException e) {
      LOG.warn("MCP event listener {} threw from onConnect ({})", listener.getClass().getName(), e.getClass().getSimpleName());
    }
  }
}
