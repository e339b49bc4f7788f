package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Which member permissions a tool needs: none, all of a set, or any of a set ("admin or moderator").
 *
 * <p>Permissions are host-defined strings ({@code ADMIN}, {@code MODERATOR}, {@code MANAGE_GUILD}, …).
 * Unknown permissions (a context without a permission set) satisfy only {@link #none()}: every other rule
 * fails closed.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class PermissionRule {
  private static final PermissionRule NONE = new PermissionRule(Set.of(), false);

  private final Set<String> permissions;
  private final boolean any;

  private PermissionRule(Set<String> permissions, boolean any) {
    this.permissions = permissions;
    this.any = any;
  }

  /** No permission needed. */
  public static PermissionRule none() {
    return NONE;
  }

  /** Every listed permission is needed. */
  public static PermissionRule allOf(String... permissions) {
    return of(permissions, false);
  }

  /** At least one listed permission is needed. */
  public static PermissionRule anyOf(String... permissions) {
    return of(permissions, true);
  }

  private static PermissionRule of(String[] permissions, boolean any) {
    Set<String> set = new LinkedHashSet<>();
    for (String p : permissions) {
      if (p == null || p.isBlank()) {
        throw new IllegalArgumentException("permissions must not be blank, but got " + java.util.Arrays.toString(permissions));
      }
      set.add(p.strip());
    }
    if (set.isEmpty()) {
      throw new IllegalArgumentException("a permission rule needs at least one permission; use PermissionRule.none() for none");
    }
    return new PermissionRule(Set.copyOf(set), any && set.size() > 1);
  }

  /** The permissions named; empty for {@link #none()}. */
  public Set<String> permissions() {
    return permissions;
  }

  /** Whether one of the permissions suffices. */
  public boolean isAnyOf() {
    return any;
  }

  /** Whether this rule needs nothing. */
  public boolean isNone() {
    return permissions.isEmpty();
  }

  /**
   * Whether the turn's member passes, through {@link TurnContext#hasPermission(String)}, so the turn's
   * {@link PermissionImplications} apply; unknown permissions pass only {@link #none()}. What the standard
   * permission filter uses.
   */
  public boolean isSatisfiedBy(TurnContext context) {
    if (permissions.isEmpty()) {
      return true;
    }
    if (context.permissions().isEmpty()) {
      return false;
    }
    if (any) {
      for (String p : permissions) {
        if (context.hasPermission(p)) {
          return true;
        }
      }
      return false;
    }
    for (String p : permissions) {
      if (!context.hasPermission(p)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a member with exactly these permissions passes, no implications applied; empty (unknown) passes only
   * {@link #none()}. Prefer {@link #isSatisfiedBy(TurnContext)}.
   */
  public boolean isSatisfiedBy(Optional<Set<String>> memberPermissions) {
    if (permissions.isEmpty()) {
      return true;
    }
    if (memberPermissions.isEmpty()) {
      return false;
    }
    Set<String> held = memberPermissions.get();
    if (any) {
      for (String p : permissions) {
        if (held.contains(p)) {
          return true;
        }
      }
      return false;
    }
    return held.containsAll(permissions);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PermissionRule && ((PermissionRule) o).permissions.equals(permissions) && ((PermissionRule) o).any == any;
  }

  @Override
  public int hashCode() {
    return permissions.hashCode() * 31 + (any ? 1 : 0);
  }

  /** Reads as "none", "all of [ADMIN]" or "any of [ADMIN, MODERATOR]" (sorted). */
  @Override
  public String toString() {
    return permissions.isEmpty() ? "none" : (any ? "any of " : "all of ") + new java.util.TreeSet<>(permissions);
  }
}
