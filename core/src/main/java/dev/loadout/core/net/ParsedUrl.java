package dev.loadout.core.net;

import java.net.InetAddress;
import java.net.URI;

/**
 * A URL that passed {@link UrlParser}: lower-case scheme, ASCII host without brackets or trailing dot, an
 * effective port, and the request target already percent-encoded. Never holds user information.
 *
 * @param scheme {@code http} or {@code https}
 * @param host the ASCII host: a name, a canonical dotted quad, or an IPv6 literal without brackets
 * @param port the port a connection goes to (the scheme's default when the URL names none)
 * @param literal the address when the host is an IP literal, else null
 * @param uri the normalised absolute URI, without fragment
 */
record ParsedUrl(String scheme, String host, int port, InetAddress literal, URI uri) {

  /** Whether two URLs share scheme, host and port, the boundary for forwarding credentials on redirect. */
  boolean sameOrigin(ParsedUrl other) {
    return scheme.equals(other.scheme) && host.equals(other.host) && port == other.port;
  }

  /** Scheme, host and port only: what logs and messages may show (no path or query, which may hold tokens). */
  String origin() {
    boolean defaultPort = port == ("https".equals(scheme) ? 443 : 80);
    String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    return scheme + "://" + h + (defaultPort ? "" : ":" + port);
  }
}
