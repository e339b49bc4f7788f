package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.net.AddressRules.Category;
import dev.loadout.core.net.AddressRules.Classification;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The one place that decides whether a URL may be reached: every outbound URL in Loadout ({@code fetch_url},
 * search engines, image and voice backends, downloads, MCP endpoints) goes through {@link #check(String)}.
 *
 * <p>A check parses the URL strictly (ambiguous spellings are refused, not interpreted), converts an IDN host
 * to ASCII, refuses metadata and loopback names, resolves the host <em>once</em> with the {@link HostResolver}
 * (IP literals are not resolved), and classifies every answer on its raw bytes. One blocked answer refuses
 * the URL: a name that mixes public and internal addresses is refused. An allowed verdict carries the checked
 * addresses, and {@link SafeHttpClient} connects only to them, so what was checked is what is reached.
 *
 * <p>A check never opens a socket. It is thread-safe, and as fast as the resolver: literals cost a few
 * microseconds.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class NetworkGuard {
  private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback");
  private static final Set<String> METADATA_NAMES = Set.of("metadata.google.internal", "metadata.goog", "metadata",
      "instance-data", "instance-data.ec2.internal");
  private static final String OPT_IN = " Loadout blocks private and internal addresses unless they are allowed: set "
      + NetworkPolicy.FETCH_URL_ALLOW_PRIVATE_NETWORK + "=true (in production), or run outside production.";
  private static final String NEVER = " Loadout never fetches these, and no setting allows it (not even "
      + NetworkPolicy.FETCH_URL_ALLOW_PRIVATE_NETWORK + ").";

  private final NetworkPolicy policy;
  private final HostResolver resolver;

  private NetworkGuard(NetworkPolicy policy, HostResolver resolver) {
    this.policy = policy;
    this.resolver = resolver;
  }

  /**
   * A guard for a policy and a resolver.
   *
   * @param policy what may be reached
   * @param resolver how names become addresses; called once per {@link #check(String)} of a name
   */
  public static NetworkGuard of(NetworkPolicy policy, HostResolver resolver) {
    if (policy == null) {
      throw new IllegalArgumentException("policy must not be null");
    }
    if (resolver == null) {
      throw new IllegalArgumentException("resolver must not be null");
    }
    return new NetworkGuard(policy, resolver);
  }

  /** A guard for a policy that resolves with {@link HostResolver#system()}. */
  public static NetworkGuard of(NetworkPolicy policy) {
    return of(policy, HostResolver.system());
  }

  /** The resolver this guard asks, for clients derived from one built on it. */
  HostResolver resolver() {
    return resolver;
  }

  /** The policy this guard applies. */
  public NetworkPolicy policy() {
    return policy;
  }

  /**
   * The same guard, asking the same resolver, but admitting private networks: for a backend the host itself runs
   * on a private address (its own SearXNG, speech server or MCP server). The cloud-metadata denylist still
   * applies. Use it only for URLs the host configured, never for one a model, a user or a guild admin supplied.
   *
   * @since 0.1
   */
  public NetworkGuard admittingPrivateNetworks() {
    return policy.allowPrivateNetworks() ? this : new NetworkGuard(policy.toBuilder().allowPrivateNetworks(true).build(),
        resolver);
  }

  /**
   * Decides whether a URL may be fetched. Never throws for any input, null included; a resolver that throws
   * gives {@link UrlVerdict#UNRESOLVABLE_HOST}.
   *
   * @param url the URL as received, untrimmed
   * @return the verdict; never null
   */
  public UrlVerdict check(String url) {
    ParsedUrl parsed;
    try {
      parsed = UrlParser.parse(url);
    } catch (UrlParser.Rejected r) {
      return UrlVerdict.refused(r.code, r.getMessage(), null);
    }
    String host = parsed.host();
    if (parsed.literal() == null) {
      if (METADATA_NAMES.contains(host)) {
        return UrlVerdict.refused(UrlVerdict.METADATA_ENDPOINT,
            "The URL host '" + host + "' is a cloud instance-metadata name." + NEVER, parsed);
      }
      if (!policy.allowPrivateNetworks() && (LOOPBACK_NAMES.contains(host) || host.endsWith(".localhost"))) {
        return UrlVerdict.refused(UrlVerdict.PRIVATE_NETWORK,
            "The URL host '" + host + "' names the local machine." + OPT_IN, parsed);
      }
    }
    List<InetAddress> answers;
    // A resolver's list may be immutable, whose contains(null) throws: hence anyMatch(isNull) below.
    if (parsed.literal() != null) {
      answers = List.of(parsed.literal());
    } else {
      try {
        answers = resolver.resolve(host);
      } catch (UnknownHostException | RuntimeException e) {
        return UrlVerdict.refused(UrlVerdict.UNRESOLVABLE_HOST, "The URL host '" + host + "' could not be resolved.", parsed);
      }
      if (answers == null || answers.isEmpty() || answers.stream().anyMatch(Objects::isNull)) {
        return UrlVerdict.refused(UrlVerdict.UNRESOLVABLE_HOST, "The URL host '" + host + "' resolved to no address.", parsed);
      }
    }
    return judge(parsed, answers);
  }

  private UrlVerdict judge(ParsedUrl parsed, List<InetAddress> answers) {
    Set<InetAddress> pinned = new LinkedHashSet<>();
    InetAddress worst = null;
    Classification worstClass = null;
    for (InetAddress answer : answers) {
      byte[] bytes = AddressRules.unwrapMapped(answer.getAddress());
      InetAddress normalised;
      try {
        // Rebuilt from bytes: no scope id, mapped forms as IPv4, and no resolver subclass behind it.
        normalised = InetAddress.getByAddress(parsed.host(), bytes);
      } catch (UnknownHostException e) {
        throw new IllegalStateException(e);
      }
      pinned.add(normalised);
      Classification c = AddressRules.classify(bytes);
      if (worstClass == null || c.category().compareTo(worstClass.category()) > 0) {
        worst = normalised;
        worstClass = c;
      }
    }
    Objects.requireNonNull(worstClass);
    boolean reachable = AddressRules.reachable(worstClass.category(), policy.allowPrivateNetworks());
    String what = worstClass.category() == Category.PUBLIC ? "a public address"
        : reachable ? worstClass.description() + ", which this policy allows" : worstClass.description();
    String sentence;
    if (parsed.literal() != null) {
      sentence = "The URL host '" + parsed.host() + "' is " + what + ".";
    } else {
      String list = pinned.stream().map(InetAddress::getHostAddress).collect(Collectors.joining(", "));
      sentence = "The URL host '" + parsed.host() + "' resolved to " + list;
      if (pinned.size() == 1) {
        sentence += ", " + what + ".";
      } else if (worstClass.category() == Category.PUBLIC) {
        sentence += "; all are public addresses.";
      } else {
        sentence += "; " + worst.getHostAddress() + " is " + what
            + (reachable ? "." : ", and every address a host resolves to must be allowed.");
      }
    }
    if (reachable) {
      return UrlVerdict.allowed(sentence, new ArrayList<>(pinned), parsed);
    }
    switch (worstClass.category()) {
      case PRIVATE:
        return UrlVerdict.refused(UrlVerdict.PRIVATE_NETWORK, sentence + OPT_IN, parsed);
      case METADATA:
        return UrlVerdict.refused(UrlVerdict.METADATA_ENDPOINT, sentence + NEVER, parsed);
      default:
        return UrlVerdict.refused(UrlVerdict.RESERVED_ADDRESS, sentence + NEVER, parsed);
    }
  }

  /** Whether a connection to these address bytes is allowed; the pinned client's last check before connect. */
  boolean reachable(InetAddress address) {
    Category category = AddressRules.classify(AddressRules.unwrapMapped(address.getAddress())).category();
    return AddressRules.reachable(category, policy.allowPrivateNetworks());
  }

  @Override
  public String toString() {
    return "NetworkGuard{" + policy + "}";
  }
}
