package dev.loadout.core.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A resolver that never touches real DNS: names map to scripted answers (one list per call, the last one
 * repeating), every call is counted, and an unknown name fails.
 */
final class FakeDns implements HostResolver {
  private final Map<String, Deque<List<InetAddress>>> answers = new HashMap<>();
  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

  /** Maps a name to literal addresses (parsed without any lookup); repeated calls script successive answers. */
  FakeDns answer(String host, String... literals) {
    List<InetAddress> list = new ArrayList<>();
    for (String literal : literals) {
      list.add(literal(literal));
    }
    answers.computeIfAbsent(host, h -> new ArrayDeque<>()).add(list);
    return this;
  }

  FakeDns answer(String host, List<InetAddress> addresses) {
    answers.computeIfAbsent(host, h -> new ArrayDeque<>()).add(addresses);
    return this;
  }

  @Override
  public synchronized List<InetAddress> resolve(String asciiHost) throws UnknownHostException {
    calls.computeIfAbsent(asciiHost, h -> new AtomicInteger()).incrementAndGet();
    Deque<List<InetAddress>> scripted = answers.get(asciiHost);
    if (scripted == null || scripted.isEmpty()) {
      throw new UnknownHostException(asciiHost);
    }
    return scripted.size() > 1 ? scripted.poll() : scripted.peek();
  }

  int calls(String host) {
    AtomicInteger n = calls.get(host);
    return n == null ? 0 : n.get();
  }

  int totalCalls() {
    return calls.values().stream().mapToInt(AtomicInteger::get).sum();
  }

  /** An address from a literal; refuses anything that would need a lookup. */
  static InetAddress literal(String text) {
    if (!(text.indexOf(':') >= 0 || UrlParser.canonicalIpv4Bytes(text) != null)) {
      throw new IllegalArgumentException("not a literal: " + text);
    }
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(text, e);
    }
  }
}
