package dev.loadout.tools.voice;

import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpException;
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

  /** Sends a request; a transport failure or an error status becomes a {@link SpeechException}. */
  static SafeHttpResponse exchange(SafeHttpClient client, SafeHttpRequest request) throws SpeechException {
    SafeHttpResponse response;
    try {
      response = client.send(request);
    } catch (SafeHttpException e) {
      throw new SpeechException("The speech endpoint could not be reached (" + e.code() + ")", e.retryable());
    }
    int s = response.status();
    if (s < 200 || s > 299) {
      throw new SpeechException("The speech endpoint answered HTTP " + s, s >= 500 || s == 429);
    }
    if (response.bodyLength() == 0) {
      throw new SpeechException("The speech endpoint returned no audio", true);
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

  /** Checks an http(s) URL setting. */
  static String url(String setting, String url) {
    if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
      throw new IllegalArgumentException(setting + " must be an http(s) URL, but was " + url);
    }
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
