package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Synthesised speech: what an endpoint returns and what a {@link VoiceDelivery} sends.
 *
 * @param bytes the encoded audio; never null, not copied (treat as read-only)
 * @param mimeType e.g. {@code audio/mpeg}; never null
 * @param duration the playing time, when the endpoint or host knows it
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SpeechAudio(byte[] bytes, String mimeType, Optional<Duration> duration) {

  /** Checks that nothing is null. */
  public SpeechAudio {
    if (bytes == null || mimeType == null || duration == null) {
      throw new IllegalArgumentException("speech audio needs bytes, a mime type and an optional duration");
    }
  }

  /** Names the mime type and size, never the bytes. */
  @Override
  public String toString() {
    return "SpeechAudio[" + mimeType + ", " + bytes.length + " bytes" + duration.map(d -> ", " + d.toMillis() + " ms").orElse("") + "]";
  }
}
