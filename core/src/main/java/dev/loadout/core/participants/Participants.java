package dev.loadout.core.participants;

import static dev.loadout.core.participants.AliasExposure.LOOKUP_ONLY;
import static dev.loadout.core.participants.AliasExposure.VISIBLE;
import static dev.loadout.core.participants.AliasPurpose.COPIED_IDENTITY;
import static dev.loadout.core.participants.AliasPurpose.INPUT_REFERENCE;
import static dev.loadout.core.participants.AliasPurpose.OUTPUT_MENTION;
import static dev.loadout.core.participants.AliasPurpose.PERSONA_TRIGGER;
import static dev.loadout.core.participants.AliasPurpose.TOOL_TARGET;
import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Participants from the sources a chat platform has, with the usual priorities, from plain values: a host
 * passes strings it read from its platform, never platform types. Blank or null names are skipped, since
 * platforms leave most of them unset.
 *
 * <table>
 *   <caption>User aliases, lower priority preferred</caption>
 *   <tr><th>source</th><th>priority</th><th>purposes</th><th>exposure</th></tr>
 *   <tr><td>impersonated identity</td><td>0</td><td>output</td><td>visible</td></tr>
 *   <tr><td>saved nickname</td><td>10</td><td>input; output too when exposed</td><td>lookup-only unless exposed</td></tr>
 *   <tr><td>guild display name</td><td>15</td><td>input</td><td>lookup-only</td></tr>
 *   <tr><td>guild nickname</td><td>20</td><td>input + output</td><td>visible</td></tr>
 *   <tr><td>global name</td><td>30</td><td>input + output</td><td>visible</td></tr>
 *   <tr><td>username</td><td>40</td><td>input + output</td><td>visible</td></tr>
 *   <tr><td>raw id</td><td>50</td><td>output; only when no other alias has an output purpose</td><td>visible</td></tr>
 * </table>
 * "Output" means {@link AliasPurpose#OUTPUT_MENTION}, {@link AliasPurpose#TOOL_TARGET} and
 * {@link AliasPurpose#COPIED_IDENTITY}.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class Participants {
  /** Priority of an impersonated identity. */
  public static final int IMPERSONATED_PRIORITY = 0;
  /** Priority of a saved nickname, and of a persona's nickname. */
  public static final int SAVED_NICKNAME_PRIORITY = 10;
  /** Priority of a guild display name. */
  public static final int GUILD_DISPLAY_NAME_PRIORITY = 15;
  /** Priority of a guild nickname, and of a persona's first trigger word (later ones count up). */
  public static final int GUILD_NICKNAME_PRIORITY = 20;
  /** Priority of a global name, and of a bridge user's display name. */
  public static final int GLOBAL_NAME_PRIORITY = 30;
  /** Priority of a username. */
  public static final int USERNAME_PRIORITY = 40;
  /** Priority of the raw id, the last resort for output. */
  public static final int RAW_ID_PRIORITY = 50;

  private static final Set<AliasPurpose> OUTPUT = EnumSet.of(OUTPUT_MENTION, TOOL_TARGET, COPIED_IDENTITY);
  private static final Set<AliasPurpose> INPUT_AND_OUTPUT = EnumSet.of(INPUT_REFERENCE, OUTPUT_MENTION, TOOL_TARGET, COPIED_IDENTITY);

  private Participants() {}

  /** Starts a human user with the platform's user id. */
  public static UserBuilder user(String userId) {
    return new UserBuilder(ParticipantId.user(userId));
  }

  /** Starts another bot account; it gets the same aliases as a user but is never a tool target. */
  public static UserBuilder bot(String userId) {
    return new UserBuilder(ParticipantId.bot(userId));
  }

  /**
   * A persona: its nickname (priority 10: output mention, tool target, copied identity) and its trigger
   * words (priority 20, 21, …: output mention and persona trigger). Triggers that are platform mentions
   * ({@code <@…>}) are skipped. The label is the nickname.
   *
   * @param personaId the persona's id
   * @param nickname the persona's name; not blank
   * @param triggers trigger words; null or blank entries are skipped
   */
  public static Participant persona(String personaId, String nickname, List<String> triggers) {
    ParticipantId id = ParticipantId.persona(personaId);
    if (nickname == null || ParticipantAlias.normalize(nickname).isEmpty()) {
      throw new IllegalArgumentException("nickname of " + id + " must not be blank, but was "
          + (nickname == null ? "null" : "'" + nickname + "'"));
    }
    Participant.Builder b = Participant.builder(id).label(nickname)
        .alias(nickname, SAVED_NICKNAME_PRIORITY, VISIBLE, OUTPUT);
    int i = 0;
    for (String trigger : triggers == null ? List.<String>of() : triggers) {
      if (usable(trigger) && !trigger.strip().startsWith("<@")) {
        b.alias(trigger, GUILD_NICKNAME_PRIORITY + i++, VISIBLE, EnumSet.of(OUTPUT_MENTION, PERSONA_TRIGGER));
      }
    }
    return b.build();
  }

  /**
   * A user relayed by a bridge: the display name is a lookup-only output mention and tool target (a tool
   * decides whether it accepts bridge users).
   */
  public static Participant bridgeUser(String bridgeUserId, String displayName) {
    ParticipantId id = new ParticipantId(ParticipantKind.BRIDGE_USER, bridgeUserId);
    Participant.Builder b = Participant.builder(id);
    if (usable(displayName)) {
      b.label(displayName).alias(displayName, GLOBAL_NAME_PRIORITY, LOOKUP_ONLY, EnumSet.of(OUTPUT_MENTION, TOOL_TARGET));
    }
    return b.build();
  }

  /** A webhook author: its display name is kept for display and serves no purpose. */
  public static Participant webhook(String webhookId, String displayName) {
    ParticipantId id = new ParticipantId(ParticipantKind.WEBHOOK, webhookId);
    Participant.Builder b = Participant.builder(id);
    if (usable(displayName)) {
      b.label(displayName).alias(displayName, GLOBAL_NAME_PRIORITY, VISIBLE, Set.of());
    }
    return b.build();
  }

  private static boolean usable(String name) {
    return name != null && !ParticipantAlias.normalize(name).isEmpty();
  }

  /**
   * Builds a user (or bot) participant from the names its platform knows; each setter may be given null.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class UserBuilder {
    private final ParticipantId id;
    private final Participant.Builder builder;
    private boolean hasOutput;

    private UserBuilder(ParticipantId id) {
      this.id = id;
      this.builder = Participant.builder(id);
    }

    private UserBuilder add(String name, int priority, AliasExposure exposure, Set<AliasPurpose> purposes) {
      if (usable(name)) {
        builder.alias(name, priority, exposure, purposes);
        hasOutput |= purposes.contains(OUTPUT_MENTION);
      }
      return this;
    }

    /** The identity the bot was told to impersonate for this user (priority 0, output only). */
    public UserBuilder impersonatedName(String name) {
      return add(name, IMPERSONATED_PRIORITY, VISIBLE, OUTPUT);
    }

    /**
     * The nickname the bot saved for the user (priority 10): input only and lookup-only, unless the user
     * chose to expose it, in which case it is also an output name and visible.
     */
    public UserBuilder savedNickname(String name, boolean exposed) {
      return exposed ? add(name, SAVED_NICKNAME_PRIORITY, VISIBLE, INPUT_AND_OUTPUT)
          : add(name, SAVED_NICKNAME_PRIORITY, LOOKUP_ONLY, EnumSet.of(INPUT_REFERENCE));
    }

    /** The guild display name (priority 15, input only, lookup-only). */
    public UserBuilder guildDisplayName(String name) {
      return add(name, GUILD_DISPLAY_NAME_PRIORITY, LOOKUP_ONLY, EnumSet.of(INPUT_REFERENCE));
    }

    /** The guild nickname (priority 20). */
    public UserBuilder guildNickname(String name) {
      return add(name, GUILD_NICKNAME_PRIORITY, VISIBLE, INPUT_AND_OUTPUT);
    }

    /** The platform-wide display name (priority 30). */
    public UserBuilder globalName(String name) {
      return add(name, GLOBAL_NAME_PRIORITY, VISIBLE, INPUT_AND_OUTPUT);
    }

    /** The account's username (priority 40). */
    public UserBuilder username(String name) {
      return add(name, USERNAME_PRIORITY, VISIBLE, INPUT_AND_OUTPUT);
    }

    /** Overrides the primary name (by default the preferred output alias). */
    public UserBuilder label(String label) {
      builder.label(label);
      return this;
    }

    /** Whether the user is in this conversation's participant context; true unless set. */
    public UserBuilder inContext(boolean inContext) {
      builder.inContext(inContext);
      return this;
    }

    /** Builds the participant, adding the raw id as an output alias if no other alias is one. */
    public Participant build() {
      if (!hasOutput) {
        builder.alias(id.id(), RAW_ID_PRIORITY, VISIBLE, OUTPUT);
        hasOutput = true;
      }
      return builder.build();
    }
  }
}
