package dev.loadout.mcp;

import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Calls the host's listener and contains what it throws. */
final class Listeners {
  private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);
  private final McpEventListener listener;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  Listeners(McpEventListener listener) {
    this.listener = listener;
  }

  void transition(Pool.Key key, BreakerState from, BreakerState to, Instant at) {
    try {
      listener.onBreakerTransition(new BreakerTransition(key.guildId(), key.registrationId(), key.host(), from, to, at));
    } catch (RuntimeException e) {
      contain("onBreakerTransition", e);
    }
  }

  /** Reports a connect with empty strings for what it lacks, as {@link McpEventListener#onConnect} promises. */
  void connect(Pool.Key key, String transport, String code) {
    try {
      listener.onConnect(guild(key), key.registrationId(),
          transport == null ? "" : transport, code == null ? "" : code);
    } catch (RuntimeException e) {
      contain("onConnect", e);
    }
  }

  /** Reports the end of an established connection, with an empty guild for a host server. */
  void disconnect(Pool.Key key, String code) {
    try {
      listener.onDisconnect(guild(key), key.registrationId(), code);
    } catch (RuntimeException e) {
      contain("onDisconnect", e);
    }
  }

  /** The guild as the listener's events promise it: empty for a host server. */
  private static String guild(Pool.Key key) {
    return key.guildId() == null ? "" : key.guildId();
  }

  /** A listener that throws is logged once per event: a broken listener must not flood the log on every connect. */
  private void contain(String event, RuntimeException e) {
    if (warned.add(event)) {
      LOG.warn("MCP event listener {} threw from {}; the manager goes on as if it had returned (logged once)",
          listener.getClass().getName(), event, e);
    }
  }
}
