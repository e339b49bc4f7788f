package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.BaseTool;
import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.TargetResolver;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The {@code block_user} and {@code unblock_user} tools.
 *
 * <pre>{@code
 * PersonaBlocks blocks = PersonaBlocks.builder(JdbcPersonaBlockStore.create(dataSource)).build();
 * PersonaBlockTools blocking = PersonaBlockTools.builder(blocks, probe).resolver(resolver).build();
 * ToolRegistry registry = ToolRegistry.builder().register(blocking.blockUser(), blocking.unblockUser()).build();
 * }</pre>
 *
 * <h2>When the model sees them</h2>
 * Only in a guild with an active persona, and unless the feature flag {@value #FEATURE_FLAG} is set to
 * false: blocking is on by default, as in the reference bot, so the tools hide themselves (in assembly)
 * rather than rely on a flag the host must remember to set.
 *
 * <h2>Where they get what they need</h2>
 * Per-bot collaborators come in through this builder: the {@link PersonaBlocks}, the
 * {@link TargetResolver} (with the host's member directory) and the {@link NoticePermissionProbe}. Per-turn
 * facts come from the {@link TurnContext}: guild, persona and clock, and the participant index and name
 * affixes under their attribute keys.
 *
 * <h2>{@code block_user}</h2>
 * Arguments, all required: {@code blocked_user} (a name, resolved by the {@link TargetResolver} for
 * tool targets, never taken as a trusted id), {@code block_type} ({@code mute} or {@code block}),
 * {@code block_duration_hours} (a whole number from 1 to the maximum, 168 by default) and
 * {@code block_reason}; strings are trimmed. Then the notice permissions are checked, and only then the
 * block is saved (replacing an earlier one) with expiry now + hours, and its cache entry dropped. Failures,
 * each a {@code ToolResult} failure: {@code user_block_failed_invalid_target}, {@code _invalid_type},
 * {@code _invalid_duration}, {@code _invalid_reason}, {@code _ambiguous_user} (the message lists up to
 * three candidates), {@code _user_not_found}, {@code _bridge_user}, {@code _bot_target},
 * {@code _missing_permission}, {@code _internal_error} and {@code _db_error}. On success the data holds
 * {@code status = user_block_created_successfully}, {@code user_id}, {@code user_label},
 * {@code block_type}, {@code duration_hours}, {@code expires_at} (ISO-8601) and {@code reason}: what a
 * host needs to post its notice.
 *
 * <h2>{@code unblock_user}</h2>
 * One argument, {@code blocked_user}, resolved the same way, with the same failures under the
 * {@code user_unblock_failed_} prefix. Success has {@code status = user_unblocked_successfully} and
 * {@code removed_block_type}, or, when there was nothing to lift, still a success with
 * {@code status = user_unblock_no_active_block}.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class PersonaBlockTools {
  /** The name of the blocking tool. */
  public static final String BLOCK_USER = "block_user";
  /** The name of the unblocking tool. */
  public static final String UNBLOCK_USER = "unblock_user";
  /** The feature flag that turns both tools off when set to false. */
  public static final String FEATURE_FLAG = "user_blocking";
  /** The tools' group. */
  public static final String GROUP = "moderation";
  /** The default longest block: 168 hours, one week. */
  public static final int DEFAULT_MAX_DURATION_HOURS = 168;

  private final BaseTool blockUser;
  private final BaseTool unblockUser;

  private PersonaBlockTools(Builder b) {
    this.blockUser = new BlockUserTool(b.blocks, b.resolver, b.probe, b.maxDurationHours);
    this.unblockUser = new UnblockUserTool(b.blocks, b.resolver);
  }

  /**
   * Starts the tools.
   *
   * @param blocks where blocks are kept; never null
   * @param probe tells whether the bot can post the block notice; never null (use
   *     {@link NoticePermissionProbe#ALL_GRANTED} when notices need no permission)
   */
  public static Builder builder(PersonaBlocks blocks, NoticePermissionProbe probe) {
    if (blocks == null || probe == null) {
      throw new IllegalArgumentException("persona block tools need blocks and a notice permission probe, but got "
          + blocks + ", " + probe);
    }
    return new Builder(blocks, probe);
  }

  /** Whether the tools may be shown on this turn: a guild, a persona, and the flag not turned off. */
  static boolean enabled(TurnContext context) {
    return context.guildId().isPresent() && context.personaId().isPresent()
        && !Boolean.FALSE.equals(context.featureFlags().get(FEATURE_FLAG));
  }

  /** Why the blocking tools are hidden on a turn where {@link #enabled(TurnContext)} is false. */
  static dev.loadout.core.AvailabilityDecision hiddenReason(TurnContext context) {
    if (context.guildId().isEmpty()) {
      return dev.loadout.core.AvailabilityDecision.hidden("no_guild", "user blocking works in a server, not in direct messages");
    }
    if (context.personaId().isEmpty()) {
      return dev.loadout.core.AvailabilityDecision.hidden("no_persona", "user blocking needs an active persona");
    }
    return dev.loadout.core.AvailabilityDecision.hidden("feature_flag_off", "feature flag [" + FEATURE_FLAG + "] is off");
  }

  /** The {@code block_user} tool. */
  public BaseTool blockUser() {
    return blockUser;
  }

  /** The {@code unblock_user} tool. */
  public BaseTool unblockUser() {
    return unblockUser;
  }

  /** Both tools, {@code block_user} first. */
  public List<BaseTool> tools() {
    return List.of(blockUser, unblockUser);
  }

  /**
   * Builds {@link PersonaBlockTools}.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final PersonaBlocks blocks;
    private final NoticePermissionProbe probe;
    private TargetResolver resolver = TargetResolver.builder().build();
    private int maxDurationHours = DEFAULT_MAX_DURATION_HOURS;

    private Builder(PersonaBlocks blocks, NoticePermissionProbe probe) {
      this.blocks = blocks;
      this.probe = probe;
    }

    /** Resolves {@code blocked_user}; by default the conversation only (no member directory). */
    public Builder resolver(TargetResolver resolver) {
      if (resolver == null) {
        throw new IllegalArgumentException("resolver must not be null");
      }
      this.resolver = resolver;
      return this;
    }

    /** The longest block in hours, shown to the model as the schema's maximum; 1 to 8760 (a year). */
    public Builder maxDurationHours(int hours) {
      if (hours < 1 || hours > 8760) {
        throw new IllegalArgumentException("maxDurationHours must be from 1 to 8760, but was " + hours);
      }
      this.maxDurationHours = hours;
      return this;
    }

    /** Builds the tools. */
    public PersonaBlockTools build() {
      return new PersonaBlockTools(this);
    }
  }
}
