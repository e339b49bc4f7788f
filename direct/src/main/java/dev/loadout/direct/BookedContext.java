package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.Participant;
import dev.loadout.core.participants.ParticipantTargetIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Who booked a deferred task, as the booking turn knew them: stored with the task, so the task runs under the
 * booking user's identity, permissions, persona, flags and participants, never under those of whoever sends the
 * message that claims it (possibly another user, possibly in another bot process).
 *
 * <p>Taken once, at booking ({@link #of(TurnContext)}), and applied at the claim ({@link #applyTo(TurnContext)}):
 * the claimant's turn contributes only what belongs to the bot rather than to a user (provider, model,
 * capabilities, permission implications, clock). Host attributes other than the participant index are not
 * stored, so a tool that reads one finds it absent on a deferred run and must fail closed; a host that needs one
 * adds it to the applied context itself.
 *
 * <p>Stored as JSON beside the task and cleared with its arguments once the task is done or cancelled.
 *
 * @param userId the booking user; null when the host did not say
 * @param guildId the guild; null in a direct message
 * @param channelId the channel; null when the host did not say
 * @param threadId the thread; null outside one
 * @param personaId the active persona; null when none
 * @param permissions the booking member's permissions; null when unknown, which fails closed
 * @param flags the feature flags of the booking turn
 * @param locale the locale's language tag
 * @param messageText the booking message's text; null when unknown
 * @param participants the booking turn's participant index, as participants; potentially empty
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record BookedContext(String userId, String guildId, String channelId, String threadId, String personaId,
    Set<String> permissions, Map<String, Boolean> flags, String locale, String messageText,
    List<Participant> participants) {

  /** Copies the collections; {@code flags}, {@code locale} and {@code participants} must not be null. */
  public BookedContext {
    if (flags == null || locale == null || participants == null) {
      throw new IllegalArgumentException("a booked context needs flags, a locale and participants (possibly empty), "
          + "but got " + flags + ", " + locale + ", " + participants);
    }
    permissions = permissions == null ? null : Set.copyOf(permissions);
    flags = Map.copyOf(flags);
    participants = List.copyOf(participants);
  }

  /** What a booking turn's context says about who booked, where and with which rights. */
  public static BookedContext of(TurnContext context) {
    if (context == null) {
      throw new IllegalArgumentException("context must not be null");
    }
    List<Participant> participants = context.attribute(ParticipantTargetIndex.ATTRIBUTE)
        .map(ParticipantTargetIndex::participants).orElse(List.of());
    return new BookedContext(context.userId().orElse(null), context.guildId().orElse(null),
        context.channelId().orElse(null), context.threadId().orElse(null), context.personaId().orElse(null),
        context.permissions().orElse(null), new LinkedHashMap<>(context.featureFlags()),
        context.locale().toLanguageTag(), context.messageText().orElse(null), participants);
  }

  /** The booking member's permissions, or empty when they were unknown. */
  public Optional<Set<String>> knownPermissions() {
    return Optional.ofNullable(permissions);
  }

  /**
   * The context a booked task runs under: the booking user's identity, place, permissions, persona, flags,
   * message and participants, with the bot's own parts (provider, model, capabilities, permission implications,
   * clock) from the claimant's context. None of the claimant's attributes are kept.
   *
   * @param claimant the context of the message or run that claimed the task; never null
   */
  public TurnContext applyTo(TurnContext claimant) {
    if (claimant == null) {
      throw new IllegalArgumentException("claimant context must not be null");
    }
    TurnContext.Builder b = TurnContext.builder(claimant.provider(), claimant.model())
        .guildId(guildId).channelId(channelId).threadId(threadId).userId(userId).permissions(permissions)
        .permissionImplications(claimant.permissionImplications()).personaId(personaId).messageText(messageText)
        .locale(Locale.forLanguageTag(locale)).clock(claimant.clock());
    claimant.capabilities().forEach(b::capability);
    flags.forEach(b::flag);
    if (!participants.isEmpty()) {
      b.attribute(ParticipantTargetIndex.ATTRIBUTE, ParticipantTargetIndex.of(participants));
    }
    return b.build();
  }

  /** Whether a context is this booking's: the same user with the same permissions. */
  boolean isAppliedIn(TurnContext context) {
    return java.util.Objects.equals(userId, context.userId().orElse(null))
        && java.util.Objects.equals(permissions, context.permissions().orElse(null));
  }

  /** Names what is stored, never the message text or anyone's names. */
  @Override
  public String toString() {
    return "BookedContext{user=" + (userId != null) + ", guild=" + (guildId != null) + ", permissions="
        + (permissions == null ? "unknown" : permissions.size()) + ", participants=" + participants.size() + "}";
  }
}
