package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The host's answer to "which voice speaks on this turn": usually the active persona's configured voice.
 * Called on every {@code prepare}, so it must be cheap (a cached row, not a query).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface VoiceSource {

  /**
   * The voice for this turn.
   *
   * @param context the turn; never null
   * @return the voice, or empty when the persona has none (voice messages are then hidden)
   */
  Optional<PersonaVoice> voice(TurnContext context);
}
