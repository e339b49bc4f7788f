package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A reference clip a cloning endpoint speaks like, with what is said in it.
 *
 * @param audio the encoded clip; never null or empty, not copied (treat as read-only)
 * @param mimeType e.g. {@code audio/wav}; never blank
 * @param transcript the words spoken in the clip; never blank
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record VoiceSample(byte[] audio, String mimeType, String transcript) {

  /** Checks that nothing is missing. */
  public VoiceSample {
    if (audio == null || audio.length == 0 || mimeType == null || mimeType.isBlank() || transcript == null || transcript.isBlank()) {
      throw new IllegalArgumentException("a voice sample needs audio, a mime type and a transcript");
    }
  }

  /** Names the type and size, never the audio or transcript. */
  @Override
  public String toString() {
    return "VoiceSample[" + mimeType + ", " + audio.length + " bytes]";
  }
}
