package dev.loadout.mcp;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.ToolSource;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One pooled, live MCP session of a server: its client, the tools it listed, the {@link ToolSource} a turn
 * sees, and the calls in flight on it. Healthy while it serves; {@linkplain #end ended} once, when its stream
 * or process ended, its server was quarantined, or the pool let it go: the calls still in flight then fail at
 * once with the reason, rather than waiting for answers that will not come.
 */
final class Connection {
  final Target target;
  final Connector.Connected connected;
  final ServerHealth health;
  private final Set<CompletableFuture<?>> calls = ConcurrentHashMap.newKeySet();
  private final AtomicReference<TransportFailure> ended = new AtomicReference<>();
  final AtomicBoolean relisting = new AtomicBoolean();
  private volatile Listing listing;

  /** What a listing of the server's tools became. */
  record Listing(List<McpSchema.Tool> tools, List<BaseTool> loadoutTools, List<HiddenTool> hidden, ToolSource source,
      long listedAtMillis) {}

  Connection(Target target, Connector.Connected connected, ServerHealth health, Listing listing) {
    this.target = target;
    this.connected = connected;
    this.health = health;
    this.listing = listing;
  }

  Listing listing() {
    return listing;
  }

  void listing(Listing l) {
    listing = l;
  }

  /** The server's tool by its MCP name, in the latest listing. */
  Optional<McpSchema.Tool> tool(String mcpName) {
    for (McpSchema.Tool t : listing.tools()) {
      if (t.name().equals(mcpName)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  boolean serves(Target t) {
    return ended.get() == null && target.sameEndpoint(t);
  }

  boolean isEnded() {
    return ended.get() != null;
  }

  /**
   * Tracks a call in flight, so that {@link #end} can fail it; false if the connection already ended (the
   * call is not tracked then and must not be sent).
   */
  boolean track(CompletableFuture<?> call) {
    calls.add(call);
    if (ended.get() != null) {
      calls.remove(call);
      return false;
    }
    return true;
  }

  void untrack(CompletableFuture<?> call) {
    calls.remove(call);
  }

  /** Ends the connection once; true for the caller that ended it. Every call in flight fails with the reason. */
  boolean end(TransportFailure reason) {
    if (!markEnded(reason)) {
      return false;
    }
    failCalls();
    return true;
  }

  /**
   * The first half of {@link #end}: marks the connection ended, once (true for the caller that did), so no new
   * call is tracked; the calls already in flight fail only at {@link #failCalls()}. Between the two the owner
   * records what the loss means, so that whoever hears of it from a failed call finds that already known.
   */
  boolean markEnded(TransportFailure reason) {
    return ended.compareAndSet(null, reason);
  }

  /** Fails every call in flight with the reason the connection ended; after {@link #markEnded}. */
  void failCalls() {
    TransportFailure reason = ended.get();
    for (CompletableFuture<?> c : calls) {
      c.completeExceptionally(reason);
    }
    calls.clear();
  }

  @Override
  public String toString() {
    return "Connection{" + target + " over " + connected.transport() + (ended.get() == null ? "" : ", ended") + "}";
  }
}
