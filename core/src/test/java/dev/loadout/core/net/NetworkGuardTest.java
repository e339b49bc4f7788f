package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The guard's contract: the usage, one resolution per check, mixed answers, and the policy box. */
class NetworkGuardTest {

  @Test
  void theDocumentedUsageCompilesAndBehavesAsWritten() throws Exception {
    NetworkPolicy policy = NetworkPolicy.builder().allowPrivateNetworks(false).build(); // or production() / development()
    HostResolver resolver = host -> List.of(InetAddress.getByName("93.184.215.14"));
    NetworkGuard guard = NetworkGuard.of(policy, resolver);
    UrlVerdict verdict = guard.check("https://example.com/page");
    boolean ok = verdict.allowed(); String code = verdict.code(); String why = verdict.reason();
    List<InetAddress> pinned = verdict.addresses();

    assertThat(ok).isTrue();
    assertThat(code).isEqualTo("allowed");
    assertThat(why).isEqualTo("The URL host 'example.com' resolved to 93.184.215.14, a public address.");
    assertThat(pinned).extracting(InetAddress::getHostAddress).containsExactly("93.184.215.14");
  }

  @Test
  void aNameIsResolvedExactlyOncePerCheckAndALiteralNever() {
    FakeDns dns = new FakeDns().answer("example.com", "93.184.215.14");
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.production(), dns);

    guard.check("https://example.com/a");
    guard.check("https://93.184.215.14/a");
    guard.check("https://[2606:4700:4700::1111]/a");

    assertThat(dns.calls("example.com")).isEqualTo(1);
    assertThat(dns.totalCalls()).isEqualTo(1);
  }

  @Test
  void aNameWhoseAnswersMixPublicAndPrivateIsRefusedInProduction() {
    FakeDns dns = new FakeDns().answer("mixed.test", "93.184.215.14", "10.0.0.7");

    UrlVerdict production = NetworkGuard.of(NetworkPolicy.production(), dns).check("https://mixed.test/");
    UrlVerdict development = NetworkGuard.of(NetworkPolicy.development(), dns).check("https://mixed.test/");

    assertThat(production.code()).isEqualTo(UrlVerdict.PRIVATE_NETWORK);
    assertThat(production.addresses()).isEmpty();
    assertThat(production.reason()).isEqualTo("The URL host 'mixed.test' resolved to 93.184.215.14, 10.0.0.7; 10.0.0.7 is "
        + "a private network address (10.0.0.0/8), and every address a host resolves to must be allowed. Loadout blocks "
        + "private and internal addresses unless they are allowed: set FETCH_URL_ALLOW_PRIVATE_NETWORK=true (in "
        + "production), or run outside production.");
    assertThat(development.allowed()).isTrue();
    assertThat(development.addresses()).extracting(InetAddress::getHostAddress).containsExactly("93.184.215.14", "10.0.0.7");
  }

  @Test
  void oneMetadataAnswerRefusesTheNameUnderEveryPolicyAndNamesNoOptIn() {
    FakeDns dns = new FakeDns().answer("evil.test", "10.0.0.7", "93.184.215.14", "169.254.169.254");

    for (NetworkPolicy policy : List.of(NetworkPolicy.production(), NetworkPolicy.development(),
        NetworkPolicy.builder().allowPrivateNetworks(true).build())) {
      UrlVerdict verdict = NetworkGuard.of(policy, dns).check("http://evil.test/");

      assertThat(verdict.code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT);
      assertThat(verdict.reason()).contains("169.254.169.254 is a link-local address").contains("no setting allows it");
    }
  }

  @Test
  void withPrivateNetworksAllowedPrivateSharedUniqueLocalAndLoopbackAreReachableButNothingElse() {
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.builder().allowPrivateNetworks(true).build(), host -> {
      throw new UnknownHostException(host);
    });

    for (String url : List.of("http://10.1.1.1/", "http://172.16.5.4/", "http://192.168.1.1/", "http://100.64.1.1/",
        "http://[fd12:3456::1]/", "http://127.0.0.1:8080/", "http://[::1]/")) {
      assertThat(guard.check(url).allowed()).as(url).isTrue();
    }
    for (String url : List.of("http://0.0.0.0/", "http://[::]/", "http://169.254.169.254/", "http://[fe80::1]/",
        "http://[fd00:ec2::254]/", "http://[fd20:ce::254]/", "http://100.100.100.200/", "http://192.0.0.192/",
        "http://168.63.129.16/", "http://224.0.0.1/", "http://[64:ff9b::808:808]/", "http://[2002:808:808::]/",
        "http://[2001::1]/")) {
      assertThat(guard.check(url).allowed()).as(url).isFalse();
    }
  }

  @Test
  void theLoopbackNameIsResolvedNormallyWhenPrivateNetworksAreAllowed() {
    FakeDns dns = new FakeDns().answer("localhost", "127.0.0.1", "::1");

    UrlVerdict verdict = NetworkGuard.of(NetworkPolicy.development(), dns).check("http://localhost:8080/");

    assertThat(verdict.allowed()).isTrue();
    assertThat(verdict.addresses()).extracting(InetAddress::getHostAddress).containsExactly("127.0.0.1", "0:0:0:0:0:0:0:1");
  }

  @Test
  void aResolverThatFailsThrowsOrAnswersNothingGivesUnresolvableHost() {
    NetworkPolicy policy = NetworkPolicy.development();

    assertThat(NetworkGuard.of(policy, host -> {
      throw new UnknownHostException(host);
    }).check("http://gone.test/").code()).isEqualTo(UrlVerdict.UNRESOLVABLE_HOST);
    assertThat(NetworkGuard.of(policy, host -> {
      throw new IllegalStateException("resolver bug");
    }).check("http://gone.test/").reason()).isEqualTo("The URL host 'gone.test' could not be resolved.");
    assertThat(NetworkGuard.of(policy, host -> List.of()).check("http://gone.test/").code())
        .isEqualTo(UrlVerdict.UNRESOLVABLE_HOST);
    assertThat(NetworkGuard.of(policy, host -> null).check("http://gone.test/").code())
        .isEqualTo(UrlVerdict.UNRESOLVABLE_HOST);
    assertThat(NetworkGuard.of(policy, host -> Arrays.asList((InetAddress) null)).check("http://gone.test/").code())
        .isEqualTo(UrlVerdict.UNRESOLVABLE_HOST);
  }

  @Test
  void aMappedAnswerBuiltAsInet6AddressIsJudgedAndPinnedAsIpv4() throws Exception {
    byte[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, (byte) 169, (byte) 254, (byte) 169, (byte) 254};
    InetAddress sneaky = Inet6Address.getByAddress(null, mapped, -1);
    assertThat(sneaky.isLinkLocalAddress()).as("the JDK predicate misses it").isFalse();

    assertThat(NetworkGuard.of(NetworkPolicy.development(), host -> List.of(sneaky)).check("http://x.test/").code())
        .isEqualTo(UrlVerdict.METADATA_ENDPOINT);

    byte[] mappedPublic = mapped.clone();
    mappedPublic[12] = 93;
    mappedPublic[13] = (byte) 184;
    UrlVerdict allowed = NetworkGuard.of(NetworkPolicy.production(),
        host -> List.of(Inet6Address.getByAddress(null, mappedPublic, -1), Inet6Address.getByAddress(null, mappedPublic, 3)))
        .check("http://x.test/");
    assertThat(allowed.addresses()).hasSize(1);
    assertThat(allowed.addresses().get(0).getAddress()).hasSize(4);
  }

  @Test
  void verdictsNeverRepeatThePathOrQuery() {
    FakeDns dns = new FakeDns().answer("example.com", "10.0.0.1");
    UrlVerdict verdict = NetworkGuard.of(NetworkPolicy.production(), dns).check("https://example.com/x?token=s3cr3t");

    assertThat(verdict.reason()).doesNotContain("s3cr3t").doesNotContain("/x");
    assertThat(verdict.toString()).isEqualTo("UrlVerdict{private_network, host=example.com}");
  }

  @Test
  void aGuardNeedsAPolicyAndAResolver() {
    assertThatThrownBy(() -> NetworkGuard.of(null, host -> List.of())).hasMessage("policy must not be null");
    assertThatThrownBy(() -> NetworkGuard.of(NetworkPolicy.production(), null)).hasMessage("resolver must not be null");
  }

  @Test
  void amongEquallyBadAnswersTheFirstIsTheOneTheReasonNames() {
    FakeDns dns = new FakeDns().answer("two.test", "93.184.215.14", "10.0.0.7", "192.168.1.1");

    UrlVerdict verdict = NetworkGuard.of(NetworkPolicy.production(), dns).check("https://two.test/");

    assertThat(verdict.code()).isEqualTo(UrlVerdict.PRIVATE_NETWORK);
    assertThat(verdict.reason()).startsWith("The URL host 'two.test' resolved to 93.184.215.14, 10.0.0.7, 192.168.1.1; "
        + "10.0.0.7 is a private network address (10.0.0.0/8), and every");
  }

  @Test
  void aWorseAnswerAfterALesserOneIsTheOneTheReasonNames() {
    FakeDns dns = new FakeDns().answer("two.test", "10.0.0.7", "0.1.2.3", "192.168.1.1");

    UrlVerdict verdict = NetworkGuard.of(NetworkPolicy.development(), dns).check("https://two.test/");

    assertThat(verdict.code()).isEqualTo(UrlVerdict.RESERVED_ADDRESS);
    assertThat(verdict.reason()).contains("; 0.1.2.3 is an address in 0.0.0.0/8");
  }

  @Test
  void severalPublicAnswersAndOneAllowedPrivateAnswerAreDescribedAsSuch() {
    FakeDns dns = new FakeDns().answer("many.test", "93.184.215.14", "93.184.215.15").answer("one.test", "10.0.0.7")
        .answer("mixed.test", "93.184.215.14", "10.0.0.7");

    assertThat(NetworkGuard.of(NetworkPolicy.production(), dns).check("https://many.test/").reason())
        .isEqualTo("The URL host 'many.test' resolved to 93.184.215.14, 93.184.215.15; all are public addresses.");
    assertThat(NetworkGuard.of(NetworkPolicy.development(), dns).check("https://one.test/").reason())
        .isEqualTo("The URL host 'one.test' resolved to 10.0.0.7, a private network address (10.0.0.0/8), which this "
            + "policy allows.");
    assertThat(NetworkGuard.of(NetworkPolicy.development(), dns).check("https://mixed.test/").reason())
        .isEqualTo("The URL host 'mixed.test' resolved to 93.184.215.14, 10.0.0.7; 10.0.0.7 is a private network address "
            + "(10.0.0.0/8), which this policy allows.");
  }

  @Test
  void aLiteralIsDescribedWithoutResolving() {
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.production(), new FakeDns());

    assertThat(guard.check("http://93.184.215.14/").reason()).isEqualTo("The URL host '93.184.215.14' is a public address.");
    assertThat(guard.check("http://0.0.0.0/").reason()).isEqualTo("The URL host '0.0.0.0' is an address in 0.0.0.0/8 "
        + "(\"this network\"), which reaches the local machine. Loadout never fetches these, and no setting allows it "
        + "(not even FETCH_URL_ALLOW_PRIVATE_NETWORK).");
  }

  @Test
  void admittingPrivateNetworksLetsPrivateAddressesThroughButNeverMetadataAndKeepsTheResolver() {
    FakeDns dns = new FakeDns().answer("nas.lan", "192.168.1.20");
    NetworkGuard production = NetworkGuard.of(NetworkPolicy.production(), dns);
    NetworkGuard admitting = production.admittingPrivateNetworks();

    assertThat(production.check("http://10.0.0.1/").allowed()).isFalse();
    assertThat(admitting.check("http://10.0.0.1/").allowed()).isTrue();
    assertThat(admitting.check("http://nas.lan/").allowed()).isTrue();
    assertThat(admitting.check("http://169.254.169.254/").code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT);
    assertThat(admitting.policy().allowPrivateNetworks()).isTrue();
    assertThat(production.policy().allowPrivateNetworks()).as("the original is unchanged").isFalse();
    assertThat(admitting.admittingPrivateNetworks().check("http://10.0.0.1/").allowed()).isTrue();
  }

  @Test
  void aGuardOnTheSystemResolverJudgesLiteralsWithoutAnyLookup() {
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.production());

    assertThat(guard.check("http://127.0.0.1/").code()).isEqualTo(UrlVerdict.PRIVATE_NETWORK);
    assertThat(guard.check("http://[2606:4700:4700::1111]/").allowed()).isTrue();
  }

  @Test
  void theGuardDescribesItselfByItsPolicy() {
    NetworkPolicy policy = NetworkPolicy.production();

    assertThat(NetworkGuard.of(policy, new FakeDns())).hasToString("NetworkGuard{" + policy + "}");
  }
}
