package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Whether one URL may be fetched, with a stable {@link #code()}, a plain-language {@link #reason()} (given for
 * allowed URLs too) and, when allowed, the checked addresses a connection must go to.
 *
 * <p>The reason names {@code FETCH_URL_ALLOW_PRIVATE_NETWORK} exactly when that opt-in would allow the URL
 * ({@link #PRIVATE_NETWORK}), and says plainly when nothing can ({@link #METADATA_ENDPOINT},
 * {@link #RESERVED_ADDRESS}). Reasons and {@link #toString()} name the host at most, never the path, query
 * or credentials, so they are safe to show to users and models and to log.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class UrlVerdict {
  /** The URL may be fetched, at {@link #addresses()}. */
  public static final String ALLOWED = "allowed";
  /** The URL is malformed: not absolute, whitespace or control characters, a backslash, a bad port or host. */
  public static final String INVALID_URL = "invalid_url";
  /** The scheme is not {@code http} or {@code https}. */
  public static final String UNSUPPORTED_SCHEME = "unsupported_scheme";
  /** The URL carries user information ({@code user:password@}). */
  public static final String CREDENTIALS_IN_URL = "credentials_in_url";
  /** The host is spelled ambiguously: a non-canonical IPv4 form, a percent-encoded host or an IPv6 zone id. */
  public static final String AMBIGUOUS_HOST = "ambiguous_host";
  /** The host is or resolves to a private, carrier-grade NAT, unique-local or loopback address; the opt-in allows it. */
  public static final String PRIVATE_NETWORK = "private_network";
  /** The host is or resolves to a cloud-metadata or link-local address; nothing allows it. */
  public static final String METADATA_ENDPOINT = "metadata_endpoint";
  /** The host is or resolves to a reserved or special-purpose address, such as 0.0.0.0; nothing allows it. */
  public static final String RESERVED_ADDRESS = "reserved_address";
  /** The host did not resolve, or resolved to nothing. */
  public static final String UNRESOLVABLE_HOST = "unresolvable_host";

  private final String code;
  private final String reason;
  private final List<InetAddress> addresses;
  private final ParsedUrl url;

  private UrlVerdict(String code, String reason, List<InetAddress> addresses, ParsedUrl url) {
    this.code = code;
    this.reason = reason;
    this.addresses = List.copyOf(addresses);
    this.url = url;
  }

  static UrlVerdict allowed(String reason, List<InetAddress> addresses, ParsedUrl url) {
    return new UrlVerdict(ALLOWED, reason, addresses, url);
  }

  static UrlVerdict refused(String code, String reason, ParsedUrl url) {
    return new UrlVerdict(code, reason, List.of(), url);
  }

  /** Whether the URL may be fetched. */
  public boolean allowed() {
    return ALLOWED.equals(code);
  }

  /** The stable code: {@link #ALLOWED} or one of the refusal constants of this class; never null. */
  public String code() {
    return code;
  }

  /** Why, in a sentence or two for a user; never null, never the full URL. */
  public String reason() {
    return reason;
  }

  /**
   * The checked addresses, in the resolver's order without duplicates; the only ones a connection for this
   * URL may use. Empty when refused. IPv4-mapped answers come back as IPv4 addresses, without scope ids.
   */
  public List<InetAddress> addresses() {
    return addresses;
  }

  /** The URL's ASCII host (Punycode, lower-case, IPv6 without brackets), when the URL could be parsed. */
  public Optional<String> host() {
    return url == null ? Optional.empty() : Optional.of(url.host());
  }

  /** The parsed URL, present whenever the host could be read; the pinned client connects from it. */
  ParsedUrl url() {
    return url;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof UrlVerdict)) {
      return false;
    }
    UrlVerdict v = (UrlVerdict) o;
    return v.code.equals(code) && v.reason.equals(reason) && v.addresses.equals(addresses) && Objects.equals(v.url, url);
  }

  @Override
  public int hashCode() {
    return Objects.hash(code, reason, addresses);
  }

  /** Code, host and addresses; never the path, query or credentials. */
  @Override
  public String toString() {
    return "UrlVerdict{" + code + (url == null ? "" : ", host=" + url.host())
        + (addresses.isEmpty() ? "" : ", addresses=" + addresses.stream().map(InetAddress::getHostAddress)
            .collect(Collectors.joining(", ", "[", "]"))) + "}";
  }
}
