package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.Environment;
import dev.loadout.core.internal.settings.EnvironmentReader;
import dev.loadout.core.internal.settings.Settings;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What outbound HTTP may reach and how much of it Loadout will wait for and read: whether private networks
 * are reachable, the redirect limit, the body cap and the deadlines. Immutable; one per bot is typical.
 *
 * <p>Whatever the policy, cloud-metadata and link-local addresses ({@code 169.254.0.0/16}, {@code fe80::/10},
 * {@code fd00:ec2::/32}, {@code fd20:ce::254}, {@code 100.100.100.200}, {@code 192.0.0.192},
 * {@code 168.63.129.16}, and names such as {@code metadata.google.internal}) and reserved addresses
 * ({@code 0.0.0.0/8}, {@code ::}, multicast, documentation, NAT64, 6to4, Teredo …) stay blocked: no setting
 * relaxes them. {@link #allowPrivateNetworks()} opens only RFC 1918, carrier-grade NAT ({@code 100.64.0.0/10}),
 * unique-local ({@code fc00::/7}) and loopback.
 *
 * <p>{@link #fromEnvironment()} reads (words and units as every Loadout {@code fromEnvironment} reads them):
 * <ul>
 *   <li>{@code RUN_ENV}: {@code development}, {@code dev}, {@code local} or {@code test} (trimmed, any case)
 *       select {@link #development()}, where private networks are reachable; anything else, unset included,
 *       selects {@link #production()} (see {@link Environment#fromVariables(Map)}, which logs the choice once).</li>
 *   <li>{@code FETCH_URL_ALLOW_PRIVATE_NETWORK}: in production, {@code true}, {@code yes}, {@code on} or {@code 1}
 *       make private networks reachable; {@code false}, {@code no}, {@code off}, {@code 0} or unset leave them
 *       blocked; any other word is refused.</li>
 *   <li>{@code MAX_FETCH_SIZE_MB}: when set, the body cap, from 1 MiB to 1 GiB: a whole number of MiB, or a
 *       size with a unit ({@code 512KiB} is refused as below the minimum, {@code 2GiB} as above it).</li>
 * </ul>
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class NetworkPolicy {
  /** The environment variable that selects development or production; see {@link Environment#fromVariables(Map)}. */
  public static final String RUN_ENV = Environment.RUN_ENV;
  /** The production opt-in that makes private networks reachable. */
  public static final String FETCH_URL_ALLOW_PRIVATE_NETWORK = "FETCH_URL_ALLOW_PRIVATE_NETWORK";
  /** The body cap in MiB, when a host wants another than the default. */
  public static final String MAX_FETCH_SIZE_MB = "MAX_FETCH_SIZE_MB";

  /** Redirects followed by default: 3. */
  public static final int DEFAULT_MAX_REDIRECTS = 3;
  /** The body cap in production: 5 MiB. */
  public static final long PRODUCTION_MAX_BODY_BYTES = 5L << 20;
  /** The body cap in development: 50 MiB. */
  public static final long DEVELOPMENT_MAX_BODY_BYTES = 50L << 20;
  /** The largest body cap a policy accepts: 1 GiB (bodies are read into one array). */
  public static final long MAX_BODY_BYTES_LIMIT = 1L << 30;
  /** Connect deadline per address by default: 5 seconds. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
  /** Longest wait for any read by default: 10 seconds. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(10);
  /** Deadline for a whole call, all redirects included, by default: 15 seconds. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(15);

  private static final NetworkPolicy PRODUCTION = builder().build();
  private static final NetworkPolicy DEVELOPMENT = builder().allowPrivateNetworks(true)
      .maxBodyBytes(DEVELOPMENT_MAX_BODY_BYTES).build();

  private final boolean allowPrivateNetworks;
  private final int maxRedirects;
  private final long maxBodyBytes;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration callTimeout;

  private NetworkPolicy(Builder b) {
    this.allowPrivateNetworks = b.allowPrivateNetworks;
    this.maxRedirects = b.maxRedirects;
    this.maxBodyBytes = b.maxBodyBytes;
    this.connectTimeout = b.connectTimeout;
    this.readTimeout = b.readTimeout;
    this.callTimeout = b.callTimeout;
  }

  /** Private networks blocked, 5 MiB bodies, default redirects and deadlines. */
  public static NetworkPolicy production() {
    return PRODUCTION;
  }

  /** Private networks (and loopback) reachable, 50 MiB bodies: the automatic relaxation outside production. */
  public static NetworkPolicy development() {
    return DEVELOPMENT;
  }

  /** A builder starting from the {@link #production()} values. */
  public static Builder builder() {
    return new Builder();
  }

  /** The policy the process environment asks for; see the class documentation for the variables. */
  public static NetworkPolicy fromEnvironment() {
    return fromEnvironment(System.getenv());
  }

  /**
   * The policy an environment asks for; see the class documentation for the variables.
   *
   * @param env variable names to values, such as {@link System#getenv()}
   * @throws IllegalArgumentException naming the variable when {@code FETCH_URL_ALLOW_PRIVATE_NETWORK} is not a
   *     boolean word or {@code MAX_FETCH_SIZE_MB} not a size from 1 MiB to 1 GiB
   */
  public static NetworkPolicy fromEnvironment(Map<String, String> env) {
    EnvironmentReader vars = EnvironmentReader.of(env);
    boolean production = vars.environment() == Environment.PRODUCTION;
    Builder b = production ? builder() : DEVELOPMENT.toBuilder();
    // Read in both environments, so a value that cannot be read is reported wherever it is set.
    if (vars.bool(FETCH_URL_ALLOW_PRIVATE_NETWORK, false) && production) {
      b.allowPrivateNetworks(true);
    }
    long unset = production ? PRODUCTION_MAX_BODY_BYTES : DEVELOPMENT_MAX_BODY_BYTES;
    return b.maxBodyBytes(vars.bytes(MAX_FETCH_SIZE_MB, 1L << 20, unset, 1L << 20, MAX_BODY_BYTES_LIMIT)).build();
  }

  /** Whether RFC 1918, carrier-grade NAT, unique-local and loopback addresses may be reached. */
  public boolean allowPrivateNetworks() {
    return allowPrivateNetworks;
  }

  /** How many redirects one call follows before it fails. */
  public int maxRedirects() {
    return maxRedirects;
  }

  /** How many body bytes are read at most; the rest is never read, whatever {@code Content-Length} says. */
  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /** Deadline for opening a connection to one address. */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** Longest wait for the next bytes of a response. */
  public Duration readTimeout() {
    return readTimeout;
  }

  /** Deadline for a whole call: every hop, connection, header and body byte. */
  public Duration callTimeout() {
    return callTimeout;
  }

  /** A builder holding this policy's values, for deriving another. */
  public Builder toBuilder() {
    return new Builder().allowPrivateNetworks(allowPrivateNetworks).maxRedirects(maxRedirects)
        .maxBodyBytes(maxBodyBytes).connectTimeout(connectTimeout).readTimeout(readTimeout).callTimeout(callTimeout);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof NetworkPolicy)) {
      return false;
    }
    NetworkPolicy p = (NetworkPolicy) o;
    return p.allowPrivateNetworks == allowPrivateNetworks && p.maxRedirects == maxRedirects
        && p.maxBodyBytes == maxBodyBytes && p.connectTimeout.equals(connectTimeout)
        && p.readTimeout.equals(readTimeout) && p.callTimeout.equals(callTimeout);
  }

  @Override
  public int hashCode() {
    return Objects.hash(allowPrivateNetworks, maxRedirects, maxBodyBytes, connectTimeout, readTimeout, callTimeout);
  }

  @Override
  public String toString() {
    return "NetworkPolicy{privateNetworks=" + (allowPrivateNetworks ? "allowed" : "blocked")
        + ", maxRedirects=" + maxRedirects + ", maxBodyBytes=" + maxBodyBytes + ", connectTimeout=" + connectTimeout
        + ", readTimeout=" + readTimeout + ", callTimeout=" + callTimeout + "}";
  }

  /**
   * Builds a {@link NetworkPolicy}; starts from the {@link #production()} values. Each setter rejects a bad
   * value at once, naming the setting.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private boolean allowPrivateNetworks;
    private int maxRedirects = DEFAULT_MAX_REDIRECTS;
    private long maxBodyBytes = PRODUCTION_MAX_BODY_BYTES;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration readTimeout = DEFAULT_READ_TIMEOUT;
    private Duration callTimeout = DEFAULT_CALL_TIMEOUT;

    private Builder() {}

    /** Whether RFC 1918, carrier-grade NAT, unique-local and loopback addresses may be reached. */
    public Builder allowPrivateNetworks(boolean allow) {
      this.allowPrivateNetworks = allow;
      return this;
    }

    /** How many redirects one call follows, from 0 to 20. */
    public Builder maxRedirects(int maxRedirects) {
      if (maxRedirects < 0 || maxRedirects > 20) {
        throw new IllegalArgumentException("maxRedirects must be from 0 to 20, but was " + maxRedirects);
      }
      this.maxRedirects = maxRedirects;
      return this;
    }

    /** The body cap in bytes, from 1 to {@link #MAX_BODY_BYTES_LIMIT}. */
    public Builder maxBodyBytes(long maxBodyBytes) {
      if (maxBodyBytes < 1 || maxBodyBytes > MAX_BODY_BYTES_LIMIT) {
        throw new IllegalArgumentException("maxBodyBytes must be from 1 to " + MAX_BODY_BYTES_LIMIT + ", but was " + maxBodyBytes);
      }
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /** The connect deadline per address, from 1 ms to 1 day. */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = positive("connectTimeout", timeout);
      return this;
    }

    /** The longest wait for the next bytes of a response, from 1 ms to 1 day. */
    public Builder readTimeout(Duration timeout) {
      this.readTimeout = positive("readTimeout", timeout);
      return this;
    }

    /** The deadline for a whole call, redirects included, from 1 ms to 1 day. */
    public Builder callTimeout(Duration timeout) {
      this.callTimeout = positive("callTimeout", timeout);
      return this;
    }

    private static Duration positive(String setting, Duration value) {
      return Settings.deadline(setting, value);
    }

    /** The policy. */
    public NetworkPolicy build() {
      return new NetworkPolicy(this);
    }
  }
}
