package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The first and last address of every blocked range and the neighbours just outside it, under the production
 * and the development policy (ssrf.md §7 and the Loadout policy box). Addresses are given as URL literals, so
 * no resolver is involved; {@link NetworkGuardPropertiesTest} shows a resolver gives the same verdicts.
 */
class NetworkGuardRangesTest {
  private static final NetworkGuard PRODUCTION = NetworkGuard.of(NetworkPolicy.production(), host -> {
    throw new AssertionError("a literal must not be resolved: " + host);
  });
  private static final NetworkGuard DEVELOPMENT = NetworkGuard.of(NetworkPolicy.development(), host -> {
    throw new AssertionError("a literal must not be resolved: " + host);
  });

  @ParameterizedTest(name = "{0}: production {1}, development {2}")
  @CsvSource(delimiter = '|', textBlock = """
      0.0.0.0         | reserved_address  | reserved_address
      0.255.255.255   | reserved_address  | reserved_address
      1.0.0.0         | allowed           | allowed
      9.255.255.255   | allowed           | allowed
      10.0.0.0        | private_network   | allowed
      10.255.255.255  | private_network   | allowed
      11.0.0.0        | allowed           | allowed
      100.63.255.255  | allowed           | allowed
      100.64.0.0      | private_network   | allowed
      100.127.255.255 | private_network   | allowed
      100.128.0.0     | allowed           | allowed
      100.100.100.199 | private_network   | allowed
      100.100.100.200 | metadata_endpoint | metadata_endpoint
      100.100.100.201 | private_network   | allowed
      126.255.255.255 | allowed           | allowed
      127.0.0.0       | private_network   | allowed
      127.0.0.1       | private_network   | allowed
      127.255.255.255 | private_network   | allowed
      128.0.0.0       | allowed           | allowed
      168.63.129.15   | allowed           | allowed
      168.63.129.16   | metadata_endpoint | metadata_endpoint
      168.63.129.17   | allowed           | allowed
      169.253.255.255 | allowed           | allowed
      169.254.0.0     | metadata_endpoint | metadata_endpoint
      169.254.169.254 | metadata_endpoint | metadata_endpoint
      169.254.170.2   | metadata_endpoint | metadata_endpoint
      169.254.255.255 | metadata_endpoint | metadata_endpoint
      169.255.0.0     | allowed           | allowed
      172.15.255.255  | allowed           | allowed
      172.16.0.0      | private_network   | allowed
      172.31.255.255  | private_network   | allowed
      172.32.0.0      | allowed           | allowed
      191.255.255.255 | allowed           | allowed
      192.0.0.0       | reserved_address  | reserved_address
      192.0.0.191     | reserved_address  | reserved_address
      192.0.0.192     | metadata_endpoint | metadata_endpoint
      192.0.0.193     | reserved_address  | reserved_address
      192.0.0.255     | reserved_address  | reserved_address
      192.0.1.0       | allowed           | allowed
      192.0.1.255     | allowed           | allowed
      192.0.2.0       | reserved_address  | reserved_address
      192.0.2.255     | reserved_address  | reserved_address
      192.0.3.0       | allowed           | allowed
      192.31.196.1    | allowed           | allowed
      192.88.98.255   | allowed           | allowed
      192.88.99.0     | reserved_address  | reserved_address
      192.88.99.255   | reserved_address  | reserved_address
      192.88.100.0    | allowed           | allowed
      192.167.255.255 | allowed           | allowed
      192.168.0.0     | private_network   | allowed
      192.168.255.255 | private_network   | allowed
      192.169.0.0     | allowed           | allowed
      198.17.255.255  | allowed           | allowed
      198.18.0.0      | reserved_address  | reserved_address
      198.19.255.255  | reserved_address  | reserved_address
      198.20.0.0      | allowed           | allowed
      198.51.99.255   | allowed           | allowed
      198.51.100.0    | reserved_address  | reserved_address
      198.51.100.255  | reserved_address  | reserved_address
      198.51.101.0    | allowed           | allowed
      203.0.112.255   | allowed           | allowed
      203.0.113.0     | reserved_address  | reserved_address
      203.0.113.255   | reserved_address  | reserved_address
      203.0.114.0     | allowed           | allowed
      223.255.255.255 | allowed           | allowed
      224.0.0.0       | reserved_address  | reserved_address
      239.255.255.255 | reserved_address  | reserved_address
      240.0.0.0       | reserved_address  | reserved_address
      255.255.255.255 | reserved_address  | reserved_address
      93.184.215.14   | allowed           | allowed
      """)
  void ipv4RangesAreClassifiedAtTheirEdges(String address, String production, String development) {
    assertThat(PRODUCTION.check("http://" + address + "/").code()).isEqualTo(production);
    assertThat(DEVELOPMENT.check("http://" + address + "/").code()).isEqualTo(development);
  }

  @ParameterizedTest(name = "[{0}]: production {1}, development {2}")
  @CsvSource(delimiter = '|', textBlock = """
      ::                                      | reserved_address  | reserved_address
      ::1                                     | private_network   | allowed
      ::2                                     | reserved_address  | reserved_address
      ::ffff:ffff                             | reserved_address  | reserved_address
      0:0:0:0:1::                             | reserved_address  | reserved_address
      ::ffff:0:0                              | reserved_address  | reserved_address
      ::ffff:8.8.8.8                          | allowed           | allowed
      ::ffff:127.0.0.1                        | private_network   | allowed
      ::ffff:a9fe:a9fe                        | metadata_endpoint | metadata_endpoint
      ::ffff:10.0.0.1                         | private_network   | allowed
      ::ffff:0:7f00:1                         | reserved_address  | reserved_address
      1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff | reserved_address  | reserved_address
      2000::                                  | allowed           | allowed
      2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff | allowed           | allowed
      2001::                                  | reserved_address  | reserved_address
      2001:0:ffff:ffff:ffff:ffff:ffff:ffff    | reserved_address  | reserved_address
      2001:1::                                | reserved_address  | reserved_address
      2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff  | reserved_address  | reserved_address
      2001:200::                              | allowed           | allowed
      2001:db7:ffff:ffff:ffff:ffff:ffff:ffff  | allowed           | allowed
      2001:db8::                              | reserved_address  | reserved_address
      2001:db8:ffff:ffff:ffff:ffff:ffff:ffff  | reserved_address  | reserved_address
      2001:db9::                              | allowed           | allowed
      2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff | allowed           | allowed
      2002::                                  | reserved_address  | reserved_address
      2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff | reserved_address  | reserved_address
      2003::                                  | allowed           | allowed
      2606:4700:4700::1111                    | allowed           | allowed
      2620:4f:8000::1                         | allowed           | allowed
      3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff | allowed           | allowed
      3fff::                                  | reserved_address  | reserved_address
      3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff  | reserved_address  | reserved_address
      3fff:1000::                             | allowed           | allowed
      4000::                                  | reserved_address  | reserved_address
      5f00::                                  | reserved_address  | reserved_address
      64:ff9b::                               | reserved_address  | reserved_address
      64:ff9b::a9fe:a9fe                      | reserved_address  | reserved_address
      64:ff9b::808:808                        | reserved_address  | reserved_address
      64:ff9b:1::                             | reserved_address  | reserved_address
      100::                                   | reserved_address  | reserved_address
      100::ffff:ffff:ffff:ffff                | reserved_address  | reserved_address
      fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff | reserved_address  | reserved_address
      fc00::                                  | private_network   | allowed
      fd00:ec1:ffff:ffff:ffff:ffff:ffff:ffff  | private_network   | allowed
      fd00:ec2::                              | metadata_endpoint | metadata_endpoint
      fd00:ec2::254                           | metadata_endpoint | metadata_endpoint
      fd00:ec2:ffff:ffff:ffff:ffff:ffff:ffff  | metadata_endpoint | metadata_endpoint
      fd00:ec3::                              | private_network   | allowed
      fd20:ce::253                            | private_network   | allowed
      fd20:ce::254                            | metadata_endpoint | metadata_endpoint
      fd20:ce::255                            | private_network   | allowed
      fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff | private_network   | allowed
      fe00::                                  | reserved_address  | reserved_address
      fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff | reserved_address  | reserved_address
      fe80::                                  | metadata_endpoint | metadata_endpoint
      febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff | metadata_endpoint | metadata_endpoint
      fec0::                                  | reserved_address  | reserved_address
      feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff | reserved_address  | reserved_address
      ff00::                                  | reserved_address  | reserved_address
      ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff | reserved_address  | reserved_address
      """)
  void ipv6RangesAreClassifiedAtTheirEdges(String address, String production, String development) {
    assertThat(PRODUCTION.check("http://[" + address + "]/").code()).isEqualTo(production);
    assertThat(DEVELOPMENT.check("http://[" + address + "]/").code()).isEqualTo(development);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      127.0.0.1   | a loopback address (127.0.0.0/8)
      10.1.2.3    | a private network address (10.0.0.0/8)
      100.64.0.1  | a shared carrier-grade NAT address (100.64.0.0/10)
      """)
  void privateRefusalsNameTheOptInThatWouldAllowThem(String address, String range) {
    UrlVerdict verdict = PRODUCTION.check("http://" + address + "/");

    assertThat(verdict.reason()).isEqualTo("The URL host '" + address + "' is " + range + ". Loadout blocks private and "
        + "internal addresses unless they are allowed: set FETCH_URL_ALLOW_PRIVATE_NETWORK=true (in production), or run "
        + "outside production.");
    assertThat(DEVELOPMENT.check("http://" + address + "/").reason())
        .isEqualTo("The URL host '" + address + "' is " + range + ", which this policy allows.");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      169.254.169.254 | a link-local address (169.254.0.0/16), where cloud instance-metadata services live
      0.0.0.0         | an address in 0.0.0.0/8 ("this network"), which reaches the local machine
      """)
  void refusalsNothingCanAllowSaySo(String address, String range) {
    for (NetworkGuard guard : List.of(PRODUCTION, DEVELOPMENT)) {
      assertThat(guard.check("http://" + address + "/").reason()).isEqualTo("The URL host '" + address + "' is " + range
          + ". Loadout never fetches these, and no setting allows it (not even FETCH_URL_ALLOW_PRIVATE_NETWORK).");
    }
  }
}
