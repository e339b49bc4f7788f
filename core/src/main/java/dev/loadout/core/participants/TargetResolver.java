package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.TargetResolution.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Turns a name a model wrote into one participant, following a fixed ladder; the first step that gives an
 * answer (resolved or ambiguous) ends it:
 * <ol>
 *   <li>a blank name is not found;</li>
 *   <li><b>exact ids</b>: a {@code kind:id} of a participant, or a participant's raw id. Input that matches
 *       the configured {@linkplain Builder#idPattern platform id form} (Discord snowflakes, say) is then
 *       looked up in the directory and never falls through to the name search;</li>
 *   <li><b>conversation</b>: {@link ParticipantTargetIndex#resolve(String, AliasPurpose)}, with its
 *       collision policy and primary-name tie-break;</li>
 *   <li><b>directory</b>: a {@link MemberDirectory} search, checked for exact normalised equality on display
 *       name, then persona-scoped nickname, then saved nickname, then global name, then username; each step
 *       resolves, is ambiguous, or falls through;</li>
 *   <li>one persona {@linkplain NameAffixes affix} pair stripped, and steps 3–4 again.</li>
 * </ol>
 * For {@link AliasPurpose#TOOL_TARGET} bots are skipped at every step.
 *
 * <p>Immutable and thread-safe; build one per bot. The turn's index and affixes come from the context's
 * {@link ParticipantTargetIndex#ATTRIBUTE} and {@link NameAffixes#ATTRIBUTE} (absent means empty).
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class TargetResolver {
  private static final List<Rung> LADDER = List.of(
      new Rung(Stage.DIRECTORY_DISPLAY_NAME, DirectoryMember::displayName),
      new Rung(Stage.DIRECTORY_PERSONA_NICKNAME, DirectoryMember::personaNickname),
      new Rung(Stage.DIRECTORY_SAVED_NICKNAME, DirectoryMember::savedNickname),
      new Rung(Stage.DIRECTORY_GLOBAL_NAME, DirectoryMember::globalName),
      new Rung(Stage.DIRECTORY_USERNAME, DirectoryMember::username));

  private record Rung(Stage stage, Function<DirectoryMember, String> name) {}

  private final MemberDirectory directory;
  private final Pattern idPattern;
  private final int searchLimit;

  private TargetResolver(Builder b) {
    this.directory = b.directory;
    this.idPattern = b.idPattern;
    this.searchLimit = b.searchLimit;
  }

  /** Starts a resolver: by default no directory and no platform id form. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Resolves against the turn's index and affixes.
   *
   * @param context the turn; never null
   * @param input the name as the model wrote it; null or blank is not found
   * @param purpose which aliases count; never null
   * @return never null
   * @throws RuntimeException whatever the {@link MemberDirectory} throws
   */
  public TargetResolution resolve(TurnContext context, String input, AliasPurpose purpose) {
    if (context == null || purpose == null) {
      throw new IllegalArgumentException("context and purpose must not be null, but got " + context + ", " + purpose);
    }
    ParticipantTargetIndex index = context.attribute(ParticipantTargetIndex.ATTRIBUTE).orElse(ParticipantTargetIndex.empty());
    NameAffixes affixes = context.attribute(NameAffixes.ATTRIBUTE).orElse(NameAffixes.NONE);
    String normalized = ParticipantAlias.normalize(input);
    if (normalized.isEmpty()) {
      return TargetResolution.NotFound.plain();
    }
    boolean bots = purpose == AliasPurpose.TOOL_TARGET;
    String raw = input.strip();

    TargetResolution byId = byId(context, index, raw, purpose);
    if (byId != null) {
      return byId;
    }
    boolean[] botMatched = {false};
    TargetResolution r = names(context, index, raw, normalized, purpose, botMatched);
    if (r != null) {
      return r;
    }
    String stripped = affixes.strip(normalized);
    if (stripped != null) {
      r = names(context, index, stripped, stripped, purpose, botMatched);
      if (r instanceof TargetResolution.Resolved) {
        return ((TargetResolution.Resolved) r).withAffixStripped();
      }
      if (r != null) {
        return r;
      }
    }
    return bots && botMatched[0] ? new TargetResolution.NotFound(true) : TargetResolution.NotFound.plain();
  }

  private TargetResolution byId(TurnContext context, ParticipantTargetIndex index, String raw, AliasPurpose purpose) {
    boolean skipBots = purpose == AliasPurpose.TOOL_TARGET;
    int colon = raw.indexOf(':');
    if (colon > 0) {
      try {
        Optional<Participant> p = index.get(ParticipantId.parse(raw));
        if (p.isPresent() && p.get().hasAliasFor(purpose)) {
          return p.get().isBot() && skipBots ? new TargetResolution.NotFound(true) : resolved(p.get(), Stage.ID);
        }
      } catch (IllegalArgumentException notAnId) {
        // A name with a colon in it ("Dr: Who"): not an id form, carry on with the name search.
      }
    }
    Participant single = null;
    int count = 0;
    boolean bot = false;
    for (Participant p : index.withRawId(raw)) {
      if (!p.hasAliasFor(purpose)) {
        continue;
      }
      if (p.isBot() && skipBots) {
        bot = true;
        continue;
      }
      single = p;
      count++;
    }
    if (count == 1) {
      return resolved(single, Stage.ID);
    }
    if (idPattern != null && idPattern.matcher(raw).matches()) {
      // A platform id never falls through to the name search: an id names one account or nobody.
      Optional<DirectoryMember> member = directory.member(context, raw);
      if (member.isPresent()) {
        if (member.get().bot() && skipBots) {
          return new TargetResolution.NotFound(true);
        }
        return resolvedMember(index, member.get(), Stage.ID);
      }
      return new TargetResolution.NotFound(bot);
    }
    return null;
  }

  /** Steps 3 and 4 for one spelling of the name, or null when neither gave an answer. */
  private TargetResolution names(TurnContext context, ParticipantTargetIndex index, String query, String normalized,
      AliasPurpose purpose, boolean[] botMatched) {
    TargetResolution r = index.resolveNormalized(normalized, purpose);
    if (r != null) {
      return r;
    }
    botMatched[0] |= index.notFound(normalized, purpose).botMatched();
    if (directory == MemberDirectory.NONE || context.guildId().isEmpty()) {
      return null;
    }
    List<DirectoryMember> members = directory.search(context, query, searchLimit);
    boolean skipBots = purpose == AliasPurpose.TOOL_TARGET;
    for (Rung rung : LADDER) {
      List<DirectoryMember> matches = new ArrayList<>(2);
      for (DirectoryMember m : members == null ? List.<DirectoryMember>of() : members) {
        if (m != null && normalized.equals(ParticipantAlias.normalize(rung.name().apply(m)))) {
          if (m.bot() && skipBots) {
            botMatched[0] = true;
          } else if (matches.stream().noneMatch(x -> x.userId().equals(m.userId()))) {
            matches.add(m);
          }
        }
      }
      if (matches.size() == 1) {
        return resolvedMember(index, matches.get(0), rung.stage());
      }
      if (matches.size() > 1) {
        List<TargetResolution.Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < matches.size() && i < TargetResolution.MAX_CANDIDATES; i++) {
          candidates.add(new TargetResolution.Candidate(ParticipantId.user(matches.get(i).userId()), matches.get(i).label()));
        }
        return new TargetResolution.Ambiguous(candidates, matches.size());
      }
    }
    return null;
  }

  private static TargetResolution.Resolved resolved(Participant p, Stage stage) {
    return new TargetResolution.Resolved(p.id(), p.label(), stage, false);
  }

  private static TargetResolution.Resolved resolvedMember(ParticipantTargetIndex index, DirectoryMember m, Stage stage) {
    ParticipantId id = ParticipantId.user(m.userId());
    String label = index.get(id).map(Participant::label).orElseGet(m::label);
    return new TargetResolution.Resolved(id, label, stage, false);
  }

  @Override
  public String toString() {
    return "TargetResolver{directory=" + directory + ", idPattern=" + idPattern + "}";
  }

  /**
   * Builds a {@link TargetResolver}.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private MemberDirectory directory = MemberDirectory.NONE;
    private Pattern idPattern;
    private int searchLimit = MemberDirectory.DEFAULT_LIMIT;

    private Builder() {}

    /** The guild member directory asked after the conversation; {@link MemberDirectory#NONE} by default. */
    public Builder directory(MemberDirectory directory) {
      if (directory == null) {
        throw new IllegalArgumentException("directory must not be null; use MemberDirectory.NONE for none");
      }
      this.directory = directory;
      return this;
    }

    /**
     * The platform's raw user id form, such as {@code \d{17,20}} for Discord; input matching it in full is
     * treated as an id and never searched as a name. Null (the default) disables the id step's directory
     * lookup.
     */
    public Builder idPattern(Pattern idPattern) {
      this.idPattern = idPattern;
      return this;
    }

    /** How many members one directory search asks for; 1 to 1000, 100 by default. */
    public Builder searchLimit(int searchLimit) {
      if (searchLimit < 1 || searchLimit > 1000) {
        throw new IllegalArgumentException("searchLimit must be from 1 to 1000, but was " + searchLimit);
      }
      this.searchLimit = searchLimit;
      return this;
    }

    /** Builds the resolver. */
    public TargetResolver build() {
      return new TargetResolver(this);
    }
  }
}
