package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Which member permissions grant others, as data: Discord's {@code ADMINISTRATOR} grants every permission, so a
 * member who holds it passes a {@code MANAGE_GUILD} check without holding {@code MANAGE_GUILD} itself.
 *
 * <p>Set on the turn with {@link TurnContext.Builder#permissionImplications(PermissionImplications)}; then
 * {@link TurnContext#hasPermission(String)} applies it, and with it every rule that reads permissions through the
 * context: the standard permission filter ({@link PermissionRule#isSatisfiedBy(TurnContext)}) and the capability
 * report's redaction alike, so the two can never disagree. Implications are followed transitively. Unknown
 * permissions still fail closed: an implication grants nothing to a member whose permissions are unknown.
 *
 * <pre>{@code
 * TurnContext.builder("openai", model).permissions(memberPermissions)
 *     .permissionImplications(PermissionImplications.discord())
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PermissionImplications {
  /** Discord's permission that grants every other one. */
  public static final String DISCORD_ADMINISTRATOR = "ADMINISTRATOR";

  private static final PermissionImplications NONE = new PermissionImplications(Map.of(), Set.of());
  private static final PermissionImplications DISCORD = builder().impliesEverything(DISCORD_ADMINISTRATOR).build();

  /** Per permission, everything it grants (the closure, itself excluded). */
  private final Map<String, Set<String>> granted;
  private final Set<String> grantAll;

  private PermissionImplications(Map<String, Set<String>> granted, Set<String> grantAll) {
    this.granted = granted;
    this.grantAll = grantAll;
  }

  /** No permission grants another: each permission counts only when held. The default of every turn. */
  public static PermissionImplications none() {
    return NONE;
  }

  /** Discord's table: {@value #DISCORD_ADMINISTRATOR} grants every permission. */
  public static PermissionImplications discord() {
    return DISCORD;
  }

  /** Starts a table of the host's own. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Whether a member holding {@code held} is granted {@code permission}: held directly, or implied by a
   * permission held.
   */
  public boolean grants(Set<String> held, String permission) {
    if (held == null || permission == null) {
      return false;
    }
    if (held.contains(permission)) {
      return true;
    }
    if (granted.isEmpty() && grantAll.isEmpty()) {
      return false;
    }
    for (String h : held) {
      if (grantAll.contains(h) || granted.getOrDefault(h, Set.of()).contains(permission)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PermissionImplications && ((PermissionImplications) o).granted.equals(granted)
        && ((PermissionImplications) o).grantAll.equals(grantAll);
  }

  @Override
  public int hashCode() {
    return granted.hashCode() * 31 + grantAll.hashCode();
  }

  /** Reads as "PermissionImplications{ADMINISTRATOR=everything, MOD=[KICK, MUTE]}", sorted. */
  @Override
  public String toString() {
    Map<String, Object> shown = new TreeMap<>(granted);
    grantAll.forEach(p -> shown.put(p, "everything"));
    return "PermissionImplications" + shown;
  }

  /**
   * Builds a {@link PermissionImplications}; each setter rejects a blank permission at once.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final Map<String, Set<String>> direct = new HashMap<>();
    private final Set<String> grantAll = new LinkedHashSet<>();

    private Builder() {}

    /** A member holding {@code permission} is also granted each of {@code implied}. */
    public Builder implies(String permission, String... implied) {
      String p = name("permission", permission);
      if (implied == null || implied.length == 0) {
        throw new IllegalArgumentException("permission [" + p + "] must imply at least one permission");
      }
      Set<String> into = direct.computeIfAbsent(p, k -> new LinkedHashSet<>());
      for (String i : implied) {
        into.add(name("implied permission of [" + p + "]", i));
      }
      return this;
    }

    /** A member holding {@code permission} is granted every permission, as Discord's administrator is. */
    public Builder impliesEverything(String permission) {
      grantAll.add(name("permission", permission));
      return this;
    }

    private static String name(String setting, String value) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException(setting + " must not be blank, but was " + (value == null ? "null" : "'" + value + "'"));
      }
      return value.strip();
    }

    /** The table, with every implication followed to its end (cycles are harmless). */
    public PermissionImplications build() {
      Map<String, Set<String>> closure = new HashMap<>();
      for (String start : direct.keySet()) {
        Set<String> reached = new LinkedHashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>(direct.get(start));
        while (!todo.isEmpty()) {
          String next = todo.pop();
          if (!next.equals(start) && reached.add(next)) {
            todo.addAll(direct.getOrDefault(next, Set.of()));
          }
        }
        closure.put(start, Collections.unmodifiableSet(reached));
      }
      // A permission that implies one that grants everything grants everything itself.
      Set<String> all = new LinkedHashSet<>(grantAll);
      closure.forEach((p, reached) -> {
        if (reached.stream().anyMatch(grantAll::contains)) {
          all.add(p);
        }
      });
      return new PermissionImplications(Map.copyOf(closure), Set.copyOf(all));
    }
  }
}
