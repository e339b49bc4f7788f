package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.ParticipantId;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The host's look-up of a participant's avatar, for {@code generate_image}'s {@code target_identity}
 * references. The tool first turns the name the model wrote into a participant with core's
 * {@link dev.loadout.core.participants.TargetResolver} (the same ladder every tool target uses), then asks
 * this for the avatar.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface AvatarResolver {

  /** Knows no avatar; the default, so {@code target_identity} fails with {@code avatar_not_found}. */
  AvatarResolver NONE = (participant, context) -> Optional.empty();

  /**
   * A participant's avatar: its bytes, or its URL for the tool to download through the network guard.
   *
   * @param participant the resolved participant (a user or a persona); never null
   * @param context the turn; never null
   * @return the avatar, or empty when it has none
   */
  Optional<ReferenceMedia> avatar(ParticipantId participant, TurnContext context);
}
