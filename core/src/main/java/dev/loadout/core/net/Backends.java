package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one boundary every backend call crosses: a request through the pinned client ({@link SafeHttpClient}), its
 * failures and the answer's status classified once into {@link BackendException}'s codes, the answer read as JSON,
 * and the one check of a configured base URL. Used by the web, image and voice tools and by MCP, so a timeout is
 * {@code timeout} and a refused address {@code upstream_refused} whichever tool met it.
 *
 * <p>Messages name the backend ({@code who}, a label such as "SearXNG" or "The image backend") and a code, never a
 * URL or a header.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Backends {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Backends() {}

  /**
   * Sends a request; a transport failure becomes the module's exception, any status is a response.
   *
   * @param client the pinned client
   * @param request the request
   * @param who how messages name the backend
   * @param failure makes the module's exception
   * @throws E the classified failure ({@link #classify})
   */
  public static <E extends Exception> SafeHttpResponse send(SafeHttpClient client, SafeHttpRequest request, String who,
      BackendException.Factory<E> failure) throws E {
    try {
      return client.send(request);
    } catch (SafeHttpException e) {
      throw classify(e, who, failure);
    }
  }

  /**
   * What a pinned client's failure means for any backend:
   * <ul>
   *   <li>{@code url_refused} → {@link BackendException#UPSTREAM_REFUSED}, naming the verdict's code;</li>
   *   <li>{@code connect_timeout}, {@code read_timeout}, {@code deadline_exceeded} → {@link BackendException#TIMEOUT};
   *   </li>
   *   <li>{@code body_too_large}, {@code headers_too_large}, {@code protocol_error}, {@code too_many_redirects},
   *       {@code bad_redirect} → {@link BackendException#BAD_UPSTREAM_RESPONSE};</li>
   *   <li>anything else ({@code connection_failed}, {@code connection_closed}, {@code tls_failure},
   *       {@code cancelled}) → {@link BackendException#UPSTREAM_UNREACHABLE}, retryable as the client says.</li>
   * </ul>
   */
  public static <E extends Exception> E classify(SafeHttpException e, String who, BackendException.Factory<E> failure) {
    switch (e.code()) {
      case SafeHttpException.URL_REFUSED:
        return failure.create(BackendException.UPSTREAM_REFUSED, who + "'s address is not allowed by the network policy ("
            + e.verdict().map(UrlVerdict::code).orElse("refused") + ").", false);
      case SafeHttpException.CONNECT_TIMEOUT:
      case SafeHttpException.READ_TIMEOUT:
      case SafeHttpException.DEADLINE_EXCEEDED:
        return failure.create(BackendException.TIMEOUT, who + " did not answer in time (" + e.code() + ").", true);
      case SafeHttpException.BODY_TOO_LARGE:
      case SafeHttpException.HEADERS_TOO_LARGE:
      case SafeHttpException.PROTOCOL_ERROR:
      case SafeHttpException.TOO_MANY_REDIRECTS:
      case SafeHttpException.BAD_REDIRECT:
        return failure.create(BackendException.BAD_UPSTREAM_RESPONSE,
            who + " sent an answer that could not be read (" + e.code() + ").", false);
      default:
        return failure.create(BackendException.UPSTREAM_UNREACHABLE, who + " could not be reached (" + e.code() + ").",
            e.retryable());
    }
  }

  /**
   * The response when its status is 2xx and its body whole, else the failure: 401 and 403 are
   * {@link BackendException#UPSTREAM_AUTH_FAILED}, 429 {@link BackendException#RATE_LIMITED} (retryable), any other
   * non-2xx {@link BackendException#UPSTREAM_STATUS} (retryable for 5xx), a body cut at the request's cap
   * {@link BackendException#BAD_UPSTREAM_RESPONSE}.
   */
  public static <E extends Exception> SafeHttpResponse ok(SafeHttpResponse response, String who,
      BackendException.Factory<E> failure) throws E {
    int status = response.status();
    if (status == 401 || status == 403) {
      throw failure.create(BackendException.UPSTREAM_AUTH_FAILED, who + " refused the configured credentials (HTTP "
          + status + ").", false);
    }
    if (status == 429) {
      throw failure.create(BackendException.RATE_LIMITED, who + " is rate-limiting requests (HTTP 429).", true);
    }
    if (status < 200 || status > 299) {
      throw failure.create(BackendException.UPSTREAM_STATUS, who + " answered HTTP " + status + ".", status >= 500);
    }
    if (response.truncated()) {
      throw failure.create(BackendException.BAD_UPSTREAM_RESPONSE, who + " sent an answer larger than its size cap.",
          false);
    }
    return response;
  }

  /** {@link #send} then {@link #ok}. */
  public static <E extends Exception> SafeHttpResponse exchange(SafeHttpClient client, SafeHttpRequest request,
      String who, BackendException.Factory<E> failure) throws E {
    return ok(send(client, request, who, failure), who, failure);
  }

  /** The body as a JSON object, else {@link BackendException#BAD_UPSTREAM_RESPONSE}. */
  public static <E extends Exception> JsonNode jsonObject(SafeHttpResponse response, String who,
      BackendException.Factory<E> failure) throws E {
    JsonNode root;
    try {
      root = JSON.readTree(response.body());
    } catch (JacksonException e) {
      root = null;
    }
    if (root == null || !root.isObject()) {
      throw failure.create(BackendException.BAD_UPSTREAM_RESPONSE, who + " sent a response that is not a JSON object.",
          false);
    }
    return root;
  }

  /**
   * Checks a configured base URL at build time, the one rule for every backend: absolute {@code http(s)}, with a host,
   * without user info (credentials in a URL end up in logs), query or fragment. Path placeholders such as
   * {@code {voice_id}}, which an endpoint fills per request, are allowed. Whether the address may be reached is
   * the network guard's call, on every request.
   *
   * @param setting the setting's name, for the message
   * @param url the configured URL
   * @return the URL without trailing slashes
   * @throws IllegalArgumentException naming the setting, never echoing the URL (it may carry a key)
   */
  public static String baseUrl(String setting, String url) {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException(setting + " must be an http(s) URL, but was " + (url == null ? "null" : "blank"));
    }
    String stripped = url.strip();
    URI uri;
    try {
      // A path placeholder such as {voice_id}, filled per request, is checked as the text it stands for.
      uri = new URI(stripped.replaceAll("\\{[a-z_]{1,32}\\}", "x"));
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(setting + " must be an http(s) URL, but could not be read as one");
    }
    if (uri.getRawUserInfo() != null) {
      throw new IllegalArgumentException(setting + " must not carry credentials in the URL; configure the key apart");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
      throw new IllegalArgumentException(setting + " must be an absolute http(s) URL with a host, but its scheme was '"
          + scheme + "'" + (uri.getHost() == null ? " and it has no host" : ""));
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      // Not echoed: a query is where keys end up.
      throw new IllegalArgumentException(setting + " must be an http(s) URL without query or fragment");
    }
    String s = stripped;
    while (s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    return s;
  }

  /**
   * Checks a configured credential (an API key or token): absent, or a non-blank value without line breaks (which
   * would split a header).
   *
   * @param setting the setting's name, for the message (the value is never echoed)
   * @param key the key, or null for none
   * @return the key stripped, or null
   */
  public static String credential(String setting, String key) {
    if (key == null) {
      return null;
    }
    String k = key.strip();
    if (k.isEmpty()) {
      throw new IllegalArgumentException(setting + " must not be blank; leave it unset for none");
    }
    for (int i = 0; i < k.length(); i++) {
      char c = k.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        throw new IllegalArgumentException(setting + " must not contain control characters or line breaks");
      }
    }
    return k;
  }
}
