package dev.loadout.testkit.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.net.HostResolver;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A {@link HostResolver} that never asks real DNS: each name answers scripted addresses (successive calls take
 * successive answers, the last one repeating, so a rebinding name is one line), every call is counted, and a name
 * without an answer fails as unknown. Give it to the guard, {@code NetworkGuard.of(policy, dns)}, to prove that a
 * name resolving to a refused address is refused before any socket opens, without the test reaching the internet.
 *
 * <pre>{@code
 * FakeDns dns = new FakeDns().answer("imds.example", "169.254.169.254");
 * SafeHttpClient client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development(), dns)).build();
 * }</pre>
 *
 * <p>Thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FakeDns implements HostResolver {
  private final Map<String, Deque<List<InetAddress>>> answers = new HashMap<>();
  private final Map<String, Integer> calls = new HashMap<>();

  /** A resolver that knows no name yet. */
  public FakeDns() {}

  /**
   * Adds the next answer for a name: address literals, parsed without any lookup. Called again for the same name, it
   * scripts the answer after this one.
   *
   * @param host the ASCII host name as the guard asks for it (lower case)
   * @param literals IPv4 or IPv6 literals, at least one
   * @throws IllegalArgumentException for a literal that would need a lookup
   */
  public synchronized FakeDns answer(String host, String... literals) {
    if (host == null || literals == null || literals.length == 0) {
      throw new IllegalArgumentException("a host and at least one address literal are required");
    }
    List<InetAddress> list = new ArrayList<>();
    for (String literal : literals) {
      list.add(literal(literal));
    }
    answers.computeIfAbsent(host, h -> new ArrayDeque<>()).add(List.copyOf(list));
    return this;
  }

  @Override
  public synchronized List<InetAddress> resolve(String asciiHost) throws UnknownHostException {
    calls.merge(asciiHost, 1, Integer::sum);
    Deque<List<InetAddress>> scripted = answers.get(asciiHost);
    if (scripted == null || scripted.isEmpty()) {
      throw new UnknownHostException(asciiHost);
    }
    return scripted.size() > 1 ? scripted.poll() : scripted.peek();
  }

  /** How often the name was asked for. */
  public synchronized int calls(String host) {
    return calls.getOrDefault(host, 0);
  }

  /** How often any name was asked for. */
  public synchronized int totalCalls() {
    return calls.values().stream().mapToInt(Integer::intValue).sum();
  }

  private static InetAddress literal(String text) {
    boolean ipv6 = text != null && text.indexOf(':') >= 0;
    boolean ipv4 = text != null && text.matches("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    if (!ipv4 && !ipv6) {
      throw new IllegalArgumentException("not an address literal: " + text);
    }
    try {
      // A literal is parsed, never looked up.
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an address literal: " + text, e);
    }
  }

  @Override
  public synchronized String toString() {
    return "FakeDns{names=" + answers.size() + ", calls=" + totalCalls() + "}";
  }
}
