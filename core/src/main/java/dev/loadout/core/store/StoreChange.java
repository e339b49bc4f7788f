package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * "Scope X of kind Y changed": what a store announces on its {@link StoreChanges} feed after a write, and what
 * a cache of that kind hears in every process. A change names no values, only where to look again: a cache
 * drops what it holds for the scope and reads it afresh on next use.
 *
 * @param kind what changed, one per store ({@code mcp_registrations}, {@code persona_user_blocks},
 *     {@code direct_configs}, or a host's own); 1 to 64 of {@code a-z 0-9 _}
 * @param scope which part of it: a guild id, a scope, a key; null for every scope of the kind (a feed that
 *     may have missed changes, after its connection was lost, says so with this)
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StoreChange(String kind, String scope) {
  /** The longest scope a change carries; longer scopes are announced as {@linkplain #everything every scope}. */
  public static final int MAX_SCOPE_CHARS = 1_000;

  /** Checks the parts. */
  public StoreChange {
    if (kind == null || !kind.matches("[a-z0-9_]{1,64}")) {
      throw new IllegalArgumentException("change kind must be 1 to 64 of a-z 0-9 _, but was [" + kind + "]");
    }
    if (scope != null && (scope.isEmpty() || scope.length() > MAX_SCOPE_CHARS)) {
      throw new IllegalArgumentException("change scope must be 1 to " + MAX_SCOPE_CHARS + " characters or null, but had "
          + scope.length());
    }
  }

  /** A change of one scope; a scope too long to announce becomes every scope. */
  public static StoreChange of(String kind, String scope) {
    if (scope == null) {
      throw new IllegalArgumentException("scope must not be null; use StoreChange.everything(kind)");
    }
    return new StoreChange(kind, scope.isEmpty() || scope.length() > MAX_SCOPE_CHARS ? null : scope);
  }

  /** Every scope of the kind may have changed. */
  public static StoreChange everything(String kind) {
    return new StoreChange(kind, null);
  }

  /** Whether this covers every scope of its kind. */
  public boolean isEverything() {
    return scope == null;
  }

  /** Whether a cache entry of this kind and scope must be dropped. */
  public boolean covers(String scopeOfEntry) {
    return scope == null || scope.equals(scopeOfEntry);
  }
}
