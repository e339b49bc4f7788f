package dev.loadout.mcp;

import dev.loadout.core.HiddenTool;
import dev.loadout.core.ToolSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the pool knows of one server across its connections: its breaker, the tool names of its last listing,
 * why it last failed, whether a background reconnect runs, its scheduled probe, and the {@link ToolSource} a
 * turn sees while it is down. That source names the server's tools as hidden with the reason, so
 * {@code inspect} and the capability report can say why they are missing; it is kept while the reason is the
 * same, so warm turns reuse their routing.
 */
final class ServerHealth {
  final Pool.Key key;
  final CircuitBreaker breaker;
  final AtomicBoolean reconnecting = new AtomicBoolean();
  volatile List<String> toolNames;
  volatile String lastFailure = "it has not connected yet";
  /** Why its last connection ended, as turns quote it while it reconnects (one sentence for the whole reconnect). */
  volatile String lost = "it ended";
  volatile ScheduledFuture<?> probe;
  private volatile Down down;

  /**
   * What a down source was made of: the reason's code, the failure sentence it quotes, and the target (a
   * renamed server is another target; the same one re-read from the store after an unrelated change is equal).
   */
  private record Down(String code, String failure, Target target, ToolSource source) {}

  ServerHealth(Pool.Key key, CircuitBreaker breaker) {
    this.key = key;
    this.breaker = breaker;
  }

  /** The source made for this reason last time, or null if the reason (or the target) has changed since. */
  ToolSource downIfSame(Target t, String code, String failure) {
    Down d = down;
    return d != null && d.code().equals(code) && Objects.equals(d.failure(), failure)
        && (d.target() == t || d.target().equals(t)) ? d.source() : null;
  }

  /**
   * The source of a server that is down for this reason: the same object while the reason stays the same, so
   * the turn's memo and Loadout's routing are reused; a new one (its tools hidden with {@code message}) when it
   * changed.
   */
  ToolSource down(Target t, String code, String failure, String message) {
    ToolSource same = downIfSame(t, code, failure);
    if (same != null) {
      return same;
    }
    HiddenTool.Reason reason = new HiddenTool.Reason(code, message, t.sourceId());
    List<HiddenTool> hidden = new ArrayList<>();
    for (String name : names(t)) {
      hidden.add(new HiddenTool(name, List.of(reason)));
    }
    ToolSource source = ToolSource.of(t.sourceId(), t.name(), List.of()).level(t.level()).withHidden(hidden);
    down = new Down(code, failure, t, source);
    return source;
  }

  /** The model names of the last listing, else of the stored snapshot, else the server itself. */
  private List<String> names(Target t) {
    List<String> known = toolNames;
    if (known != null && !known.isEmpty()) {
      return known;
    }
    if (t.snapshot() != null && !t.snapshot().isEmpty()) {
      List<String> out = new ArrayList<>();
      for (String n : t.snapshot()) {
        String safe = t.selection().modelName(n);
        if (t.selection().decide(n).offered() && !out.contains(safe)) {
          out.add(safe);
        }
      }
      return out;
    }
    return List.of(t.sourceId());
  }

  @Override
  public String toString() {
    return "ServerHealth{" + key.describe() + ", " + breaker + (reconnecting.get() ? ", reconnecting" : "") + "}";
  }
}
