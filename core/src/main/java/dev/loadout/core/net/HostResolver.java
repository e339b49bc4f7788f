package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apiguardian.api.API;

/**
 * Turns a host name into addresses. {@link NetworkGuard} calls it exactly once per check, and the pinned
 * client connects only to the addresses of that one answer, so a resolver that changes its mind (DNS
 * rebinding) is never asked twice for the same hop.
 *
 * <p>Implementations receive the ASCII (Punycode) host, lower-case, without a trailing dot, and never an IP
 * literal. They may return addresses in any order and may throw {@link UnknownHostException}; every address
 * they return is classified, and one blocked address refuses the whole answer. Tests and hosts with their own
 * DNS inject one; {@link #system()} uses the JVM's resolver.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface HostResolver {

  /** How long {@link #system()} waits for the JVM's resolver. */
  Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  /**
   * Resolves a host name.
   *
   * @param asciiHost the ASCII host name, never an IP literal
   * @return the addresses, never null; an empty list counts as "not found"
   * @throws UnknownHostException when the name does not resolve
   */
  List<InetAddress> resolve(String asciiHost) throws UnknownHostException;

  /** The JVM's resolver ({@link InetAddress#getAllByName}) with a deadline of {@link #DEFAULT_TIMEOUT}. */
  static HostResolver system() {
    return system(DEFAULT_TIMEOUT);
  }

  /**
   * The JVM's resolver with a deadline. The JVM's lookup cannot be interrupted, so it runs on a shared daemon
   * thread and this call gives up after {@code timeout}; the lookup itself ends when the operating system's
   * resolver does.
   *
   * @param timeout how long to wait; positive
   */
  static HostResolver system(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, but was " + timeout);
    }
    long millis = Math.max(1, timeout.toMillis());
    return host -> {
      Future<InetAddress[]> lookup = DnsThreads.EXECUTOR.submit(() -> InetAddress.getAllByName(host));
      try {
        return List.of(lookup.get(millis, TimeUnit.MILLISECONDS));
      } catch (TimeoutException e) {
        lookup.cancel(true);
        throw new UnknownHostException("lookup of " + host + " took longer than " + millis + " ms");
      } catch (ExecutionException e) {
        if (e.getCause() instanceof UnknownHostException) {
          throw (UnknownHostException) e.getCause();
        }
        throw new UnknownHostException("lookup of " + host + " failed: " + e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new UnknownHostException("lookup of " + host + " was interrupted");
      }
    };
  }
}
