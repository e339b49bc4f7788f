package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchException;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP plumbing engines share: every request goes through the pinned client, and every failure of it
 * is classified here once into {@link SearchException} codes. Messages name the engine and a code, never the
 * request URL (it carries the user's query) or a header (it may carry a key).
 */
final class SearchHttp {
  /** Search answers are small; a larger one is a misbehaving upstream. */
  static final long MAX_BODY_BYTES = 2L << 20;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private SearchHttp() {}

  /** Sends a request; a transport failure becomes a {@link SearchException}, any status is a response. */
  static SafeHttpResponse send(SafeHttpClient client, SafeHttpRequest request, String engine) throws SearchException {
    SafeHttpResponse response;
    try {
      response = client.send(request);
    } catch (SafeHttpException e) {
      switch (e.code()) {
        case SafeHttpException.URL_REFUSED:
          String why = e.verdict().map(v -> v.code()).orElse("refused");
          throw new SearchException(SearchException.BACKEND_REFUSED,
              engine + "'s address is not allowed by the network policy (" + why + ").", false);
        case SafeHttpException.CONNECT_TIMEOUT:
        case SafeHttpException.READ_TIMEOUT:
        case SafeHttpException.DEADLINE_EXCEEDED:
          throw new SearchException(SearchException.UPSTREAM_TIMEOUT, engine + " did not answer in time.", true);
        case SafeHttpException.BODY_TOO_LARGE:
        case SafeHttpException.HEADERS_TOO_LARGE:
        case SafeHttpException.PROTOCOL_ERROR:
        case SafeHttpException.TOO_MANY_REDIRECTS:
        case SafeHttpException.BAD_REDIRECT:
          throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE,
              engine + " sent an answer that could not be read (" + e.code() + ").", false);
        default:
          throw new SearchException(SearchException.UPSTREAM_UNREACHABLE,
              engine + " could not be reached (" + e.code() + ").", e.retryable());
      }
    }
    return response;
  }

  /** The response if its status is 2xx and its body whole, else the matching failure. */
  static SafeHttpResponse ok(SafeHttpResponse response, String engine) throws SearchException {
    int status = response.status();
    if (status == 429) {
      throw new SearchException(SearchException.RATE_LIMITED, engine + " is rate-limiting requests (HTTP 429).", true);
    }
    if (status < 200 || status > 299) {
      throw new SearchException(SearchException.UPSTREAM_STATUS, engine + " answered HTTP " + status + ".", status >= 500);
    }
    if (response.truncated()) {
      throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE, engine + " sent an answer larger than "
          + (MAX_BODY_BYTES >> 20) + " MiB.", false);
    }
    return response;
  }

  /** The body as a JSON object, or a {@link SearchException#BAD_UPSTREAM_RESPONSE}. */
  static JsonNode jsonObject(SafeHttpResponse response, String engine) throws SearchException {
    JsonNode root;
    try {
      root = JSON.readTree(response.body());
    } catch (JacksonException e) {
      root = null;
    }
    if (root == null || !root.isObject()) {
      throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE, engine + " sent a response that is not a JSON object.", false);
    }
    return root;
  }

  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** The string value of a field, or the empty string. */
  static String string(JsonNode node, String field) {
    JsonNode v = node == null ? null : node.get(field);
    return v != null && v.isString() ? v.stringValue() : "";
  }

  /** Whether a string is an absolute http(s) URL, the only kind a result may point to. */
  static boolean isWebUrl(String url) {
    if (url == null || url.isBlank()) {
      return false;
    }
    try {
      URI uri = new URI(url.strip());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null;
    } catch (java.net.URISyntaxException e) {
      return false;
    }
  }

  /** The host of a URL without a leading {@code www.}, or the empty string. */
  static String host(String url) {
    try {
      String host = new URI(url.strip()).getHost();
      return host == null ? "" : host.startsWith("www.") ? host.substring(4) : host;
    } catch (java.net.URISyntaxException e) {
      return "";
    }
  }

  /**
   * Checks a configured base URL at build time: absolute http(s), a host, no user info (credentials in a
   * URL end up in logs). Whether the address may be reached is the guard's call, on every request.
   */
  static String baseUrl(String setting, String url) {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException(setting + " must be an http(s) URL, but was " + url);
    }
    URI uri;
    try {
      uri = new URI(url.strip());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException(setting + " must be an http(s) URL, but was '" + url + "'");
    }
    if (uri.getRawUserInfo() != null) {
      throw new IllegalArgumentException(setting + " must not carry credentials in the URL");
    }
    if (!isWebUrl(url) || uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw new IllegalArgumentException(setting + " must be an http(s) URL without query or fragment, but was '" + url + "'");
    }
    String s = uri.toString();
    return s.endsWith("/") ? s : s + "/";
  }
}
