package dev.loadout.core;

import dev.loadout.core.net.NetEvents;
import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * One turn's {@link LoadoutListener}, called so that nothing it does can change the turn: what it throws is
 * contained and logged once per listener class and event. {@link #OFF} is the turn without a listener, which
 * costs one branch per event.
 */
final class TurnEvents {
  static final TurnEvents OFF = new TurnEvents(LoadoutListener.NONE, null, () -> 0L);

  private final LoadoutListener listener;
  private final WarnOnce warnings;
  private final LongSupplier ticker;
  private final boolean on;

  private TurnEvents(LoadoutListener listener, WarnOnce warnings, LongSupplier ticker) {
    this.listener = listener;
    this.warnings = warnings;
    this.ticker = ticker;
    this.on = listener != LoadoutListener.NONE;
  }

  /** The events of a turn about to be prepared; {@link #OFF} when the factory gives no listener. */
  static TurnEvents create(LoadoutListener.Factory factory, TurnContext context, WarnOnce warnings,
      LongSupplier ticker) {
    if (factory == null) {
      return OFF;
    }
    LoadoutListener l;
    try {
      l = factory.create(context);
    } catch (RuntimeException e) {
      warnings.warn(Loadout.LOG, "listener-factory|" + factory.getClass().getName() + "|" + e.getClass().getName(),
          () -> "Listener factory " + factory.getClass().getName() + " threw; this turn has no listener", e);
      return OFF;
    }
    if (l == null) {
      warnings.warn(Loadout.LOG, "listener-factory|" + factory.getClass().getName() + "|null",
          () -> "Listener factory " + factory.getClass().getName() + " returned null; this turn has no listener", null);
      return OFF;
    }
    return l == LoadoutListener.NONE ? OFF : new TurnEvents(l, warnings, ticker);
  }

  /** Now, by the Loadout's ticker; 0 without a listener (nothing reads it). */
  long now() {
    return on ? ticker.getAsLong() : 0L;
  }

  private Duration since(long start) {
    return Duration.ofNanos(Math.max(0L, ticker.getAsLong() - start));
  }

  void prepareStart(TurnContext context) {
    if (on) {
      try {
        listener.prepareStart(context);
      } catch (RuntimeException e) {
        contain("prepareStart", e);
      }
    }
  }

  void toolHidden(TurnContext context, HiddenTool tool) {
    if (on) {
      try {
        listener.toolHidden(context, tool);
      } catch (RuntimeException e) {
        contain("toolHidden", e);
      }
    }
  }

  void prepareEnd(PreparedTurn turn, long start) {
    if (on) {
      try {
        listener.prepareEnd(turn, since(start));
      } catch (RuntimeException e) {
        contain("prepareEnd", e);
      }
    }
  }

  void renderEnd(PreparedTurn turn, Dialect dialect, boolean strict, boolean cached) {
    if (on) {
      try {
        listener.renderEnd(turn, dialect, strict, cached);
      } catch (RuntimeException e) {
        contain("renderEnd", e);
      }
    }
  }

  void callStart(PreparedTurn turn, ToolCall call) {
    if (on) {
      try {
        listener.callStart(turn, call);
      } catch (RuntimeException e) {
        contain("callStart", e);
      }
    }
  }

  void callShortCircuited(PreparedTurn turn, ToolCall call, ToolInterceptor interceptor, ToolResult result) {
    if (on) {
      try {
        listener.callShortCircuited(turn, call, interceptor.getClass(), result);
      } catch (RuntimeException e) {
        contain("callShortCircuited", e);
      }
    }
  }

  void callEnd(PreparedTurn turn, ToolCall call, ToolResult result, long start) {
    if (on) {
      try {
        Optional<String> code = Optional.empty();
        boolean retryable = false;
        if (result instanceof ToolResult.Failure f) {
          code = Optional.of(f.code());
          retryable = f.retryable();
        }
        listener.callEnd(turn, new LoadoutListener.CallEnd(call, result, turn.externalSource(call.name()), code, retryable,
            since(start)));
      } catch (RuntimeException e) {
        contain("callEnd", e);
      }
    }
  }

  void callFailed(PreparedTurn turn, ToolCall call, Throwable error, long start) {
    if (on) {
      try {
        listener.callFailed(turn, call, error, since(start));
      } catch (RuntimeException e) {
        contain("callFailed", e);
      }
    }
  }

  void toolRunStart(PreparedTurn turn, ToolCall call) {
    if (on) {
      try {
        listener.toolRunStart(turn, call);
      } catch (RuntimeException e) {
        contain("toolRunStart", e);
      }
    }
  }

  void toolRunEnd(PreparedTurn turn, ToolCall call) {
    if (on) {
      try {
        listener.toolRunEnd(turn, call);
      } catch (RuntimeException e) {
        contain("toolRunEnd", e);
      }
    }
  }

  /** The request events of one call: its tool's hops and refusals, to this turn's listener; NONE without one. */
  NetEvents net(PreparedTurn turn, ToolCall call) {
    if (!on) {
      return NetEvents.NONE;
    }
    return new NetEvents() {
      @Override
      public void hop(int hop, String origin) {
        try {
          listener.outboundHop(turn, call, hop, origin);
        } catch (RuntimeException e) {
          contain("outboundHop", e);
        }
      }

      @Override
      public void refused(int hop, String host, String code) {
        try {
          listener.urlRefused(turn, call, hop, host, code);
        } catch (RuntimeException e) {
          contain("urlRefused", e);
        }
      }
    };
  }

  private void contain(String event, RuntimeException e) {
    String name = listener.getClass().getName();
    warnings.warn(Loadout.LOG, "listener|" + name + "|" + event, () -> "Listener " + name + " threw from " + event
        + " (" + e.getClass().getSimpleName() + "); Loadout carries on as if it had returned", e);
  }
}
