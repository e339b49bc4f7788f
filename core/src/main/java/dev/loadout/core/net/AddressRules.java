package dev.loadout.core.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Classifies an address by its raw bytes, never by {@code InetAddress.isXxx()} predicates: those miss CGNAT,
 * unique-local, NAT64, 6to4, Teredo and the documentation ranges, and an {@code Inet6Address} built from
 * IPv4-mapped bytes reports {@code isLoopbackAddress() == false} although connecting to it reaches 127.0.0.1.
 *
 * <p>The tables follow the IANA special-purpose registries (ssrf.md §7). Rules are tried in order and the
 * first match wins, so the always-blocked metadata addresses come before the wider ranges that contain them
 * (100.100.100.200 inside CGNAT, 192.0.0.192 inside 192.0.0.0/24, fd00:ec2::/32 inside fc00::/7). IPv6 uses
 * "allow only 2000::/3 minus its special blocks" rather than an enumeration of bad ranges, so ranges IANA
 * adds later outside 2000::/3 are blocked without a code change.
 */
final class AddressRules {

  /** What a class of address needs before it may be reached. Declared from least to most severe. */
  enum Category {
    /** A public address. */
    PUBLIC,
    /** Private, shared (CGNAT), unique-local or loopback: reachable only when private networks are allowed. */
    PRIVATE,
    /** Special-purpose: never reachable. */
    RESERVED,
    /** Link-local or a cloud instance-metadata endpoint: never reachable. */
    METADATA
  }

  /** The outcome for one address: its category and a phrase naming its range, for reasons. */
  record Classification(Category category, String description) {}

  private record Rule(byte[] prefix, int bits, Category category, String description) {
    boolean matches(byte[] address) {
      int full = bits / 8;
      for (int i = 0; i < full; i++) {
        if (address[i] != prefix[i]) {
          return false;
        }
      }
      int rest = bits % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xFF << (8 - rest)) & 0xFF;
      return (address[full] & mask) == (prefix[full] & mask);
    }
  }

  private static final Classification PUBLIC_V4 = new Classification(Category.PUBLIC, "a public address");
  private static final Classification PUBLIC_V6 = new Classification(Category.PUBLIC, "a public address");
  private static final Classification OUTSIDE_GLOBAL_UNICAST = new Classification(Category.RESERVED,
      "an address outside the global unicast range 2000::/3");

  private static final List<Rule> V4 = List.of(
      v4("169.254.0.0", 16, Category.METADATA, "a link-local address (169.254.0.0/16), where cloud instance-metadata services live"),
      v4("100.100.100.200", 32, Category.METADATA, "the Alibaba Cloud instance-metadata address"),
      v4("192.0.0.192", 32, Category.METADATA, "the Oracle Cloud instance-metadata address"),
      v4("168.63.129.16", 32, Category.METADATA, "the Azure WireServer address"),
      v4("0.0.0.0", 8, Category.RESERVED, "an address in 0.0.0.0/8 (\"this network\"), which reaches the local machine"),
      v4("192.0.0.0", 24, Category.RESERVED, "an IETF protocol-assignment address (192.0.0.0/24)"),
      v4("192.0.2.0", 24, Category.RESERVED, "a documentation address (192.0.2.0/24)"),
      v4("198.51.100.0", 24, Category.RESERVED, "a documentation address (198.51.100.0/24)"),
      v4("203.0.113.0", 24, Category.RESERVED, "a documentation address (203.0.113.0/24)"),
      v4("192.88.99.0", 24, Category.RESERVED, "a deprecated 6to4 relay address (192.88.99.0/24)"),
      v4("198.18.0.0", 15, Category.RESERVED, "a benchmarking address (198.18.0.0/15)"),
      v4("224.0.0.0", 4, Category.RESERVED, "a multicast address (224.0.0.0/4)"),
      v4("240.0.0.0", 4, Category.RESERVED, "a reserved address (240.0.0.0/4, including broadcast)"),
      v4("10.0.0.0", 8, Category.PRIVATE, "a private network address (10.0.0.0/8)"),
      v4("172.16.0.0", 12, Category.PRIVATE, "a private network address (172.16.0.0/12)"),
      v4("192.168.0.0", 16, Category.PRIVATE, "a private network address (192.168.0.0/16)"),
      v4("100.64.0.0", 10, Category.PRIVATE, "a shared carrier-grade NAT address (100.64.0.0/10)"),
      v4("127.0.0.0", 8, Category.PRIVATE, "a loopback address (127.0.0.0/8)"));

  private static final List<Rule> V6 = List.of(
      v6("fe80::", 10, Category.METADATA, "a link-local address (fe80::/10)"),
      v6("fd00:ec2::", 32, Category.METADATA, "an AWS instance-metadata address (fd00:ec2::/32)"),
      v6("fd20:ce::254", 128, Category.METADATA, "the Google Cloud IPv6 instance-metadata address"),
      v6("::", 128, Category.RESERVED, "the unspecified address (::), which reaches the local machine"),
      v6("::1", 128, Category.PRIVATE, "the IPv6 loopback address (::1)"),
      v6("fc00::", 7, Category.PRIVATE, "a unique-local address (fc00::/7)"),
      v6("::", 96, Category.RESERVED, "an IPv4-compatible address (::/96, deprecated)"),
      v6("64:ff9b::", 96, Category.RESERVED, "a NAT64 address (64:ff9b::/96)"),
      v6("64:ff9b:1::", 48, Category.RESERVED, "a local-use NAT64 address (64:ff9b:1::/48)"),
      v6("100::", 64, Category.RESERVED, "a discard-only address (100::/64)"),
      v6("5f00::", 16, Category.RESERVED, "an SRv6 address (5f00::/16)"),
      v6("fec0::", 10, Category.RESERVED, "a deprecated site-local address (fec0::/10)"),
      v6("ff00::", 8, Category.RESERVED, "a multicast address (ff00::/8)"),
      v6("2001::", 32, Category.RESERVED, "a Teredo address (2001::/32)"),
      v6("2001::", 23, Category.RESERVED, "an IETF protocol-assignment address (2001::/23)"),
      v6("2001:db8::", 32, Category.RESERVED, "a documentation address (2001:db8::/32)"),
      v6("2002::", 16, Category.RESERVED, "a 6to4 address (2002::/16)"),
      v6("3fff::", 20, Category.RESERVED, "a documentation address (3fff::/20)"));

  private AddressRules() {}

  /**
   * Classifies 4 or 16 address bytes. IPv4-mapped IPv6 ({@code ::ffff:a.b.c.d}) is unwrapped and judged by
   * the IPv4 rules, because that is where a connection to it goes.
   */
  static Classification classify(byte[] address) {
    byte[] bytes = unwrapMapped(address);
    if (bytes.length == 4) {
      for (Rule rule : V4) {
        if (rule.matches(bytes)) {
          return new Classification(rule.category, rule.description);
        }
      }
      return PUBLIC_V4;
    }
    if (bytes.length != 16) {
      throw new IllegalArgumentException("an address has 4 or 16 bytes, but had " + bytes.length);
    }
    for (Rule rule : V6) {
      if (rule.matches(bytes)) {
        return new Classification(rule.category, rule.description);
      }
    }
    return (bytes[0] & 0xE0) == 0x20 ? PUBLIC_V6 : OUTSIDE_GLOBAL_UNICAST;
  }

  /** Whether a policy lets a category through. */
  static boolean reachable(Category category, boolean allowPrivateNetworks) {
    return category == Category.PUBLIC || (category == Category.PRIVATE && allowPrivateNetworks);
  }

  /** The IPv4 bytes of an IPv4-mapped IPv6 address, or the input unchanged. */
  static byte[] unwrapMapped(byte[] address) {
    if (address.length != 16) {
      return address;
    }
    for (int i = 0; i < 10; i++) {
      if (address[i] != 0) {
        return address;
      }
    }
    if (address[10] != (byte) 0xFF || address[11] != (byte) 0xFF) {
      return address;
    }
    return new byte[] {address[12], address[13], address[14], address[15]};
  }

  private static Rule v4(String dotted, int bits, Category category, String description) {
    String[] parts = dotted.split("\\.");
    byte[] bytes = new byte[4];
    for (int i = 0; i < 4; i++) {
      bytes[i] = (byte) Integer.parseInt(parts[i]);
    }
    return new Rule(bytes, bits, category, description);
  }

  private static Rule v6(String text, int bits, Category category, String description) {
    try {
      // A string with ':' is parsed as an IPv6 literal by InetAddress, never looked up.
      return new Rule(InetAddress.getByName(text).getAddress(), bits, category, description);
    } catch (UnknownHostException e) {
      throw new IllegalStateException("bad IPv6 rule " + text, e);
    }
  }
}
