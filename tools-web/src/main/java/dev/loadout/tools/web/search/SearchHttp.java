package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchException;
import dev.loadout.core.net.Backends;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP plumbing engines share: every request goes through the pinned client, and every failure of it
 * is classified here once into {@link SearchException} codes. Messages name the engine and a code, never the
 * request URL (it carries the user's query) or a header (it may carry a key).
 */
final class SearchHttp {
  /** Search answers are small; a larger one is a misbehaving upstream. */
  static final long MAX_BODY_BYTES = 2L << 20;


  private SearchHttp() {}

  /** Sends a request; a transport failure becomes a {@link SearchException} ({@link Backends#classify}). */
  static SafeHttpResponse send(SafeHttpClient client, SafeHttpRequest request, String engine) throws SearchException {
    return Backends.send(client, request, engine, SearchException::new);
  }

  /** The response if its status is 2xx and its body whole, else the matching failure ({@link Backends#ok}). */
  static SafeHttpResponse ok(SafeHttpResponse response, String engine) throws SearchException {
    return Backends.ok(response, engine, SearchException::new);
  }

  /** The body as a JSON object, or a {@link SearchException#BAD_UPSTREAM_RESPONSE}. */
  static JsonNode jsonObject(SafeHttpResponse response, String engine) throws SearchException {
    return Backends.jsonObject(response, engine, SearchException::new);
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

  /** A configured base URL ({@link Backends#baseUrl}), with the trailing slash engines resolve paths against. */
  static String baseUrl(String setting, String url) {
    return Backends.baseUrl(setting, url) + "/";
  }
}
