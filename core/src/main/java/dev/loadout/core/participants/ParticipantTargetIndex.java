package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.AttributeKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The participants of one conversation and every name they go by, indexed per {@link AliasPurpose}.
 *
 * <h2>One collision policy</h2>
 * Every consumer that turns a name into a participant (tool targets, streamed mentions, tool-reply mentions,
 * copied identities) asks {@link #resolve(String, AliasPurpose)}, so they all break ties the same way:
 * <ol>
 *   <li>only aliases carrying the requested purpose count, compared in {@link ParticipantAlias#normalize
 *       normalised} form;</li>
 *   <li>one owner: resolved;</li>
 *   <li>several owners, and the name is the {@link Participant#label() primary name} of exactly one of
 *       them: that one wins (a user called "Alex" beats another user whose secondary alias is "alex");</li>
 *   <li>otherwise ambiguous: two users sharing a primary name stay ambiguous, and so do several users who
 *       only share a secondary alias.</li>
 * </ol>
 * Bots are never {@link AliasPurpose#TOOL_TARGET tool targets}; a tool-target name that only a bot has
 * resolves to {@link TargetResolution.NotFound} with {@code botMatched} set.
 *
 * <p>The per-purpose maps and their tie-break order are computed once when the index is built, so a lookup
 * is a normalisation and a hash lookup. Immutable and thread-safe; attach it to a turn under
 * {@link #ATTRIBUTE}.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ParticipantTargetIndex {
  /** Where tools find the turn's index in the {@link dev.loadout.core.TurnContext}. */
  public static final AttributeKey<ParticipantTargetIndex> ATTRIBUTE =
      AttributeKey.of("loadout.participant-target-index", ParticipantTargetIndex.class);

  private static final AliasPurpose[] PURPOSES = AliasPurpose.values();
  private static final ParticipantTargetIndex EMPTY = new ParticipantTargetIndex(List.of());

  private final List<Participant> participants;
  private final Map<ParticipantId, Participant> byId;
  private final Map<String, List<Participant>> byRawId;
  private final List<Map<String, Owner[]>> byPurpose;
  private final Set<String> botToolTargets;

  /** One owner of an alias, with its precomputed answer. */
  private static final class Owner {
    final Participant participant;
    final int order;
    final int priority;
    final boolean primary;
    final TargetResolution.Resolved resolved;

    Owner(Participant participant, int order, int priority, boolean primary, TargetResolution.Resolved resolved) {
      this.participant = participant;
      this.order = order;
      this.priority = priority;
      this.primary = primary;
      this.resolved = resolved;
    }
  }

  private static final Comparator<Owner> TIE_BREAK = Comparator.<Owner>comparingInt(o -> o.primary ? 0 : 1)
      .thenComparingInt(o -> o.priority).thenComparingInt(o -> o.order);

  private ParticipantTargetIndex(List<Participant> participants) {
    this.participants = List.copyOf(participants);
    Map<ParticipantId, Participant> ids = new HashMap<>();
    Map<String, List<Participant>> raw = new HashMap<>();
    for (Participant p : this.participants) {
      ids.put(p.id(), p);
      raw.computeIfAbsent(p.id().id(), k -> new ArrayList<>(1)).add(p);
    }
    this.byId = ids;
    raw.replaceAll((k, v) -> List.copyOf(v));
    this.byRawId = raw;
    // One pass over each participant's aliases (already in priority order), so the first alias seen for a
    // purpose and normalised value is the preferred one and each owner appears once per alias.
    List<Map<String, Owner[]>> maps = new ArrayList<>(PURPOSES.length);
    for (int i = 0; i < PURPOSES.length; i++) {
      maps.add(new HashMap<>());
    }
    Set<String> bots = new HashSet<>();
    for (int i = 0; i < this.participants.size(); i++) {
      Participant p = this.participants.get(i);
      String primary = ParticipantAlias.normalize(p.label());
      TargetResolution.Resolved resolved = new TargetResolution.Resolved(p.id(), p.label(),
          TargetResolution.Stage.CONVERSATION, false);
      for (ParticipantAlias alias : p.aliases()) {
        String n = alias.normalized();
        for (AliasPurpose purpose : alias.purposes()) {
          if (purpose == AliasPurpose.TOOL_TARGET && p.isBot()) {
            bots.add(n);
            continue;
          }
          Map<String, Owner[]> map = maps.get(purpose.ordinal());
          Owner[] owners = map.get(n);
          if (owners == null) {
            map.put(n, new Owner[] {new Owner(p, i, alias.priority(), primary.equals(n), resolved)});
          } else if (owners[owners.length - 1].participant != p) {
            Owner[] more = Arrays.copyOf(owners, owners.length + 1);
            more[owners.length] = new Owner(p, i, alias.priority(), primary.equals(n), resolved);
            map.put(n, more);
          }
        }
      }
    }
    for (Map<String, Owner[]> map : maps) {
      for (Owner[] owners : map.values()) {
        if (owners.length > 1) {
          Arrays.sort(owners, TIE_BREAK);
        }
      }
    }
    this.byPurpose = List.copyOf(maps);
    this.botToolTargets = Set.copyOf(bots);
  }

  /** The index with nobody in it. */
  public static ParticipantTargetIndex empty() {
    return EMPTY;
  }

  /**
   * An index of these participants. Two participants with the same id are merged as in
   * {@link #merge(List)}.
   *
   * @throws IllegalArgumentException if the collection or an element is null
   */
  public static ParticipantTargetIndex of(Collection<Participant> participants) {
    if (participants == null || Nulls.any(participants)) {
      throw new IllegalArgumentException("participants must be a collection without null, but were " + participants);
    }
    return new ParticipantTargetIndex(mergeById(participants));
  }

  /**
   * Merges indexes by participant id, in order. For an id present in several, the later one's label wins,
   * {@code inContext} is true if any says so, and aliases are united: one per normalised value and purpose
   * set, keeping the lower priority (the later one on a tie). Participants keep the position of their
   * first appearance.
   *
   * @throws IllegalArgumentException if the list or an element is null
   */
  public static ParticipantTargetIndex merge(List<ParticipantTargetIndex> indexes) {
    if (indexes == null || Nulls.any(indexes)) {
      throw new IllegalArgumentException("indexes must be a list without null, but were " + indexes);
    }
    List<Participant> all = new ArrayList<>();
    for (ParticipantTargetIndex index : indexes) {
      all.addAll(index.participants);
    }
    return new ParticipantTargetIndex(mergeById(all));
  }

  /** This index merged with a later one; see {@link #merge(List)}. */
  public ParticipantTargetIndex mergedWith(ParticipantTargetIndex later) {
    return merge(List.of(this, later));
  }

  private static List<Participant> mergeById(Collection<Participant> participants) {
    Map<ParticipantId, Participant> merged = new LinkedHashMap<>();
    for (Participant p : participants) {
      merged.merge(p.id(), p, ParticipantTargetIndex::mergeTwo);
    }
    return new ArrayList<>(merged.values());
  }

  private static Participant mergeTwo(Participant earlier, Participant later) {
    Map<String, ParticipantAlias> aliases = new LinkedHashMap<>();
    for (ParticipantAlias a : earlier.aliases()) {
      aliases.merge(aliasKey(a), a, (x, y) -> y.priority() <= x.priority() ? y : x);
    }
    for (ParticipantAlias a : later.aliases()) {
      aliases.merge(aliasKey(a), a, (x, y) -> y.priority() <= x.priority() ? y : x);
    }
    return new Participant(later.id(), later.label(), new ArrayList<>(aliases.values()),
        earlier.inContext() || later.inContext());
  }

  private static String aliasKey(ParticipantAlias a) {
    List<String> purposes = new ArrayList<>();
    a.purposes().forEach(p -> purposes.add(p.wireName()));
    purposes.sort(null);
    return a.normalized() + '\u0000' + String.join(",", purposes);
  }

  /** Every participant, in the order they were added; immutable. */
  public List<Participant> participants() {
    return participants;
  }

  /** How many participants there are. */
  public int size() {
    return participants.size();
  }

  /** The participant with this id. */
  public Optional<Participant> get(ParticipantId id) {
    return Optional.ofNullable(byId.get(id));
  }

  /** Participants whose raw id (any kind) is this; immutable, possibly empty. */
  List<Participant> withRawId(String rawId) {
    return byRawId.getOrDefault(rawId, List.of());
  }

  /**
   * Resolves a name against the conversation only, under the collision policy described above. This is
   * the conversation stage of {@link TargetResolver}, and what mention renderers use.
   *
   * @param input the name as written; null or blank is not found
   * @param purpose which aliases count; never null
   * @return never null
   */
  public TargetResolution resolve(String input, AliasPurpose purpose) {
    if (purpose == null) {
      throw new IllegalArgumentException("purpose must not be null");
    }
    String normalized = ParticipantAlias.normalize(input);
    if (normalized.isEmpty()) {
      return TargetResolution.NotFound.plain();
    }
    TargetResolution r = resolveNormalized(normalized, purpose);
    return r != null ? r : notFound(normalized, purpose);
  }

  /** The conversation stage for an already normalised name, or null when no participant has it. */
  TargetResolution resolveNormalized(String normalized, AliasPurpose purpose) {
    Owner[] owners = byPurpose.get(purpose.ordinal()).get(normalized);
    if (owners == null) {
      return null;
    }
    if (owners.length == 1 || (owners[0].primary && !owners[1].primary)) {
      return owners[0].resolved;
    }
    List<TargetResolution.Candidate> candidates = new ArrayList<>(TargetResolution.MAX_CANDIDATES);
    for (int i = 0; i < owners.length && i < TargetResolution.MAX_CANDIDATES; i++) {
      candidates.add(new TargetResolution.Candidate(owners[i].participant.id(), owners[i].participant.label()));
    }
    return new TargetResolution.Ambiguous(candidates, owners.length);
  }

  /** Not found, noting whether only a bot had the tool-target name. */
  TargetResolution.NotFound notFound(String normalized, AliasPurpose purpose) {
    return purpose == AliasPurpose.TOOL_TARGET && botToolTargets.contains(normalized)
        ? new TargetResolution.NotFound(true) : TargetResolution.NotFound.plain();
  }

  /**
   * The purpose-filtered collision view: every normalised alias serving the purpose, mapped to its distinct
   * owners in index order (bots included). Entries with two or more owners are the collisions.
   *
   * @return a new immutable map, sorted by alias
   */
  public Map<String, List<ParticipantId>> collisionView(AliasPurpose purpose) {
    if (purpose == null) {
      throw new IllegalArgumentException("purpose must not be null");
    }
    Map<String, List<ParticipantId>> view = new java.util.TreeMap<>();
    for (Participant p : participants) {
      for (ParticipantAlias a : p.aliasesFor(purpose)) {
        view.computeIfAbsent(a.normalized(), k -> new ArrayList<>(1)).add(p.id());
      }
    }
    view.replaceAll((k, v) -> List.copyOf(v));
    return java.util.Collections.unmodifiableMap(view);
  }

  /**
   * The conversation's users metadata, as a projection of this index: the participants in context that are
   * not bots and have at least one tool-target alias, with their visible tool-target aliases.
   *
   * @return a new immutable list, in index order
   */
  public List<ConversationReference> conversationReferences() {
    List<ConversationReference> out = new ArrayList<>();
    for (Participant p : participants) {
      if (!p.inContext() || p.isBot() || !p.hasAliasFor(AliasPurpose.TOOL_TARGET)) {
        continue;
      }
      List<String> visible = new ArrayList<>();
      for (ParticipantAlias a : p.aliasesFor(AliasPurpose.TOOL_TARGET)) {
        if (a.exposure() == AliasExposure.VISIBLE) {
          visible.add(a.value().strip());
        }
      }
      out.add(new ConversationReference(p.id(), p.label(), visible));
    }
    return List.copyOf(out);
  }

  @Override
  public String toString() {
    return "ParticipantTargetIndex{participants=" + participants.size() + "}";
  }
}
