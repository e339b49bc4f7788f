package dev.loadout.core.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.apache.hc.client5.http.DnsResolver;

/**
 * The HTTP client's only resolver: it answers with the addresses {@link NetworkGuard} validated for the
 * current hop and refuses every other name. The pin lives in a thread-local because the classic client
 * connects on the calling thread inside {@code executeOpen}, and Apache's {@link DnsResolver} gets no request
 * context; {@link SafeHttpClient} sets it just before and clears it just after that call.
 */
final class PinnedDns implements DnsResolver {
  private record Pin(String host, InetAddress[] addresses) {}

  private final ThreadLocal<Pin> current = new ThreadLocal<>();

  void pin(String host, List<InetAddress> addresses) {
    current.set(new Pin(host, addresses.toArray(new InetAddress[0])));
  }

  void clear() {
    current.remove();
  }

  @Override
  public InetAddress[] resolve(String host) throws UnknownHostException {
    Pin pin = current.get();
    if (pin == null || !pin.host.equalsIgnoreCase(strip(host))) {
      // Fail closed: a name the guard did not check for this hop is never resolved.
      throw new UnknownHostException(host + " was not checked by the network guard for this request");
    }
    return pin.addresses.clone();
  }

  @Override
  public String resolveCanonicalHostname(String host) {
    return host;
  }

  private static String strip(String host) {
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }
}
