package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The host's look-up of a chat message by id, for {@code analyze_image}. It must answer from the host's
 * cache or API quickly; it runs inside the analysis deadline.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface MessageLookup {

  /**
   * The message with this id in the turn's channel.
   *
   * @param messageId the id the model gave; never null
   * @param context the turn; never null
   * @return the message, or empty when there is none the turn may see
   */
  Optional<ImageMessage> message(String messageId, TurnContext context);
}
