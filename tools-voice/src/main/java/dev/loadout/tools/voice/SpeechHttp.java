package dev.loadout.tools.voice;

import dev.loadout.core.net.Backends;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;

/**
 * What speech endpoints share: the send through the pinned client with its failures classified once, and
 * the checks on the answer. Messages name a status or a code, never the URL or a header (it may carry a key).
 */
final class SpeechHttp {
  static final JsonMapper JSON = JsonMapper.builder().build();
  /** The largest audio read. */
  static final long MAX_AUDIO_BYTES = 25L << 20;

  private SpeechHttp() {
  }

  /** How messages name any speech service. */
  static final String WHO = "The speech endpoint";

  /**
   * Sends a request; a transport failure or an error status becomes a {@link SpeechException} with the shared codes
   * ({@link Backends#exchange}), an empty body {@code bad_upstream_response} (retryable: such services stumble).
   */
  static SafeHttpResponse exchange(SafeHttpClient client, SafeHttpRequest request) throws SpeechException {
    SafeHttpResponse response = Backends.exchange(client, request, WHO, SpeechException::new);
    if (response.bodyLength() == 0) {
      throw new SpeechException(SpeechException.BAD_UPSTREAM_RESPONSE, WHO + " returned no audio", true);
    }
    return response;
  }

  /** The media type without parameters, lower-cased. */
  static Optional<String> type(SafeHttpResponse response) {
    return response.contentType().map(t -> t.split(";")[0].trim().toLowerCase(java.util.Locale.ROOT));
  }

  /** Checks a backend label setting; the label trimmed. */
  static String label(String label) {
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("label must not be blank, but was " + label);
    }
    return label.trim();
  }

  /** Checks an http(s) URL setting ({@link Backends#baseUrl}). */
  static String url(String setting, String url) {
    return Backends.baseUrl(setting, url);
  }
}
