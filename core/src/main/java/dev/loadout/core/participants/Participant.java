package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * One participant of a conversation: a typed identity, its primary name, and every alias it goes by.
 *
 * <p>The {@link #label()} is the primary name: the name shown for the participant, and the one that wins a
 * tie when an alias is shared (see {@link ParticipantTargetIndex}). Unless the host sets it, it is the
 * preferred {@link AliasPurpose#OUTPUT_MENTION output} alias, else the preferred alias, else the raw id.
 *
 * @param id the identity; never null
 * @param label the primary name; never blank
 * @param aliases the aliases, ordered by priority (stable); immutable
 * @param inContext whether the participant is part of this conversation's participant context (rather
 *     than only known, for example from a persona catalogue); only those are projected as conversation
 *     references
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record Participant(ParticipantId id, String label, List<ParticipantAlias> aliases, boolean inContext) {
  private static final Comparator<ParticipantAlias> BY_PRIORITY = Comparator.comparingInt(ParticipantAlias::priority);

  /**
   * Checks the parts and orders the aliases by priority.
   *
   * @throws IllegalArgumentException naming the part that is unacceptable
   */
  public Participant {
    if (id == null) {
      throw new IllegalArgumentException("participant id must not be null");
    }
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("label of " + id + " must not be blank, but was " + (label == null ? "null" : "'" + label + "'"));
    }
    if (aliases == null || Nulls.any(aliases)) {
      throw new IllegalArgumentException("aliases of " + id + " must be a list without null, but were " + aliases);
    }
    List<ParticipantAlias> sorted = new ArrayList<>(aliases);
    sorted.sort(BY_PRIORITY);
    aliases = List.copyOf(sorted);
  }

  /** Starts a participant with this identity. */
  public static Builder builder(ParticipantId id) {
    if (id == null) {
      throw new IllegalArgumentException("participant id must not be null");
    }
    return new Builder(id);
  }

  /** Whether this is a bot, which is never a tool target. */
  public boolean isBot() {
    return id.kind().equals(ParticipantKind.BOT);
  }

  /**
   * The aliases usable for a purpose, preferred first, one per normalised value; never null.
   */
  public List<ParticipantAlias> aliasesFor(AliasPurpose purpose) {
    List<ParticipantAlias> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (ParticipantAlias alias : aliases) {
      if (alias.has(purpose) && seen.add(alias.normalized())) {
        out.add(alias);
      }
    }
    return out;
  }

  /** Whether any alias serves the purpose. */
  public boolean hasAliasFor(AliasPurpose purpose) {
    for (ParticipantAlias alias : aliases) {
      if (alias.has(purpose)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Builds a {@link Participant}.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final ParticipantId id;
    private final List<ParticipantAlias> aliases = new ArrayList<>();
    private String label;
    private boolean inContext = true;

    private Builder(ParticipantId id) {
      this.id = id;
    }

    /** Sets the primary name; null derives it from the aliases. */
    public Builder label(String label) {
      if (label != null && label.isBlank()) {
        throw new IllegalArgumentException("label of " + id + " must not be blank, but was '" + label + "'");
      }
      this.label = label == null ? null : label.strip();
      return this;
    }

    /** Adds an alias. */
    public Builder alias(ParticipantAlias alias) {
      if (alias == null) {
        throw new IllegalArgumentException("alias of " + id + " must not be null");
      }
      aliases.add(alias);
      return this;
    }

    /** Adds an alias from its parts; see {@link ParticipantAlias#of}. */
    public Builder alias(String value, int priority, AliasExposure exposure, Set<AliasPurpose> purposes) {
      return alias(ParticipantAlias.of(value, priority, exposure, purposes));
    }

    /** Whether the participant is in this conversation's participant context; true unless set. */
    public Builder inContext(boolean inContext) {
      this.inContext = inContext;
      return this;
    }

    /** Builds the participant. */
    public Participant build() {
      return new Participant(id, label != null ? label : derivedLabel(), aliases, inContext);
    }

    private String derivedLabel() {
      ParticipantAlias best = null;
      ParticipantAlias bestOutput = null;
      for (ParticipantAlias a : aliases) {
        if (best == null || a.priority() < best.priority()) {
          best = a;
        }
        if (a.has(AliasPurpose.OUTPUT_MENTION) && (bestOutput == null || a.priority() < bestOutput.priority())) {
          bestOutput = a;
        }
      }
      ParticipantAlias chosen = bestOutput != null ? bestOutput : best;
      return chosen != null ? chosen.value().strip() : id.id();
    }
  }
}
