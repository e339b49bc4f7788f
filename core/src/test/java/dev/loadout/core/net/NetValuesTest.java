package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The small values around the guard and the pinned client: origins (what messages may show and where
 * credentials may go), the pinned resolver, response headers, verdict equality, failure codes and the
 * system resolver's arguments.
 */
class NetValuesTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"https://h:443/x?q, https://h", "http://h:80/x, http://h", "http://h:443/, http://h:443",
      "https://h:80/, https://h:80", "https://h:8443/, https://h:8443", "http://[::1]:8080/, http://[::1]:8080",
      "https://[2606:4700::1]/, https://[2606:4700::1]", "HTTP://Example.COM/, http://example.com"})
  void anOriginIsSchemeHostAndAPortOtherThanTheDefault(String url, String origin) throws Exception {
    assertThat(UrlParser.parse(url).origin()).isEqualTo(origin);
  }

  @Test
  void twoUrlsShareAnOriginOnlyWithTheSameSchemeHostAndPort() throws Exception {
    ParsedUrl base = UrlParser.parse("https://a.test/x");

    assertThat(base.sameOrigin(UrlParser.parse("https://A.test:443/y?z"))).isTrue();
    assertThat(base.sameOrigin(UrlParser.parse("http://a.test:443/x"))).isFalse();
    assertThat(base.sameOrigin(UrlParser.parse("https://b.test/x"))).isFalse();
    assertThat(base.sameOrigin(UrlParser.parse("https://a.test:444/x"))).isFalse();
  }

  @Test
  void thePinnedResolverAnswersOnlyThePinnedHostUntilCleared() throws Exception {
    PinnedDns dns = new PinnedDns();
    InetAddress address = FakeDns.literal("127.0.0.1");

    assertThatThrownBy(() -> dns.resolve("a.test")).isInstanceOf(UnknownHostException.class)
        .hasMessage("a.test was not checked by the network guard for this request");
    dns.pin("a.test", List.of(address));
    assertThat(dns.resolve("A.TEST")).containsExactly(address);
    assertThatThrownBy(() -> dns.resolve("b.test")).isInstanceOf(UnknownHostException.class);
    assertThat(dns.resolveCanonicalHostname("a.test")).isEqualTo("a.test");
    dns.clear();
    assertThatThrownBy(() -> dns.resolve("a.test")).isInstanceOf(UnknownHostException.class);
  }

  @Test
  void aPinnedIpv6HostIsAnsweredWithOrWithoutItsBracketsButNotHalfBracketed() throws Exception {
    PinnedDns dns = new PinnedDns();
    InetAddress address = FakeDns.literal("::1");
    dns.pin("::1", List.of(address));

    assertThat(dns.resolve("[::1]")).containsExactly(address);
    assertThat(dns.resolve("::1")).containsExactly(address);
    assertThatThrownBy(() -> dns.resolve("[::1")).isInstanceOf(UnknownHostException.class);
    assertThatThrownBy(() -> dns.resolve("::1]")).isInstanceOf(UnknownHostException.class);
  }

  @Test
  void aCallerCannotChangeThePinnedAnswer() throws Exception {
    PinnedDns dns = new PinnedDns();
    dns.pin("a.test", List.of(FakeDns.literal("127.0.0.1")));

    dns.resolve("a.test")[0] = FakeDns.literal("10.0.0.1");

    assertThat(dns.resolve("a.test")[0].getHostAddress()).isEqualTo("127.0.0.1");
  }

  @Test
  void responseHeadersAreGroupedByLowerCaseNameInArrivalOrderAndCannotBeChanged() {
    Map<String, List<String>> headers = Headers.of(new Header[] {new BasicHeader("Set-Cookie", "a"),
        new BasicHeader("Content-Type", "text/plain"), new BasicHeader("set-cookie", "b")});

    assertThat(headers).containsExactly(Map.entry("set-cookie", List.of("a", "b")), Map.entry("content-type", List.of("text/plain")));
    assertThatThrownBy(() -> headers.get("set-cookie").add("c")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> headers.put("x", List.of())).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void timeoutsAndBrokenConnectionsAreRetryableAndRefusalsLimitsAndBrokenProtocolsAreNot() {
    Set<String> retryable = Set.of(SafeHttpException.CONNECT_TIMEOUT, SafeHttpException.READ_TIMEOUT,
        SafeHttpException.DEADLINE_EXCEEDED, SafeHttpException.CONNECTION_FAILED, SafeHttpException.CONNECTION_CLOSED);
    List<String> final_ = List.of(SafeHttpException.URL_REFUSED, SafeHttpException.TOO_MANY_REDIRECTS,
        SafeHttpException.BAD_REDIRECT, SafeHttpException.BODY_TOO_LARGE, SafeHttpException.HEADERS_TOO_LARGE,
        SafeHttpException.TLS_FAILURE, SafeHttpException.PROTOCOL_ERROR, SafeHttpException.CANCELLED);

    for (String code : retryable) {
      assertThat(new SafeHttpException(code, "m", null, null).retryable()).as(code).isTrue();
    }
    for (String code : final_) {
      assertThat(new SafeHttpException(code, "m", null, null).retryable()).as(code).isFalse();
    }
  }

  @Test
  void verdictsOfTheSameCheckAreEqualAndAnyDifferenceMakesThemUnequal() {
    FakeDns dns = new FakeDns().answer("a.test", "93.184.215.14").answer("b.test", "93.184.215.14")
        .answer("c.test", "93.184.215.15");
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.production(), dns);
    UrlVerdict a = guard.check("https://a.test/");

    assertThat(a).isEqualTo(guard.check("https://a.test/")).hasSameHashCodeAs(guard.check("https://a.test/"));
    assertThat(a).isNotEqualTo(guard.check("https://a.test/other?page")).as("a verdict is about one URL");
    assertThat(a).isNotEqualTo(guard.check("https://b.test/"));
    assertThat(a).isNotEqualTo(guard.check("http://10.0.0.1/"));
    assertThat(guard.check("https://c.test/")).isNotEqualTo(guard.check("https://c.test:8443/"))
        .as("same reason and addresses, another port");
    assertThat(a).isNotEqualTo("allowed");
    assertThat(guard.check("ftp://x/")).isEqualTo(guard.check("ftp://x/")).hasSameHashCodeAs(guard.check("ftp://x/"));
    assertThat(guard.check("ftp://x/").hashCode()).isNotEqualTo(guard.check("gopher://x/").hashCode());
  }

  @Test
  void theSystemResolverReadsLiteralsWithoutALookupAndPassesItsOwnFailuresOn() throws Exception {
    HostResolver system = HostResolver.system();

    assertThat(system.resolve("127.0.0.1")).extracting(InetAddress::getHostAddress).containsExactly("127.0.0.1");
    assertThat(HostResolver.system(Duration.ofMillis(1500)).resolve("::1")).hasSize(1);
    assertThatThrownBy(() -> system.resolve("[::1")).isInstanceOf(UnknownHostException.class)
        .message().doesNotStartWith("lookup of");
  }

  @ParameterizedTest
  @ValueSource(longs = {0, -1})
  void theSystemResolverNeedsAPositiveTimeout(long millis) {
    assertThatThrownBy(() -> HostResolver.system(Duration.ofMillis(millis))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("timeout must be positive, but was");
    assertThatThrownBy(() -> HostResolver.system(null)).hasMessage("timeout must be positive, but was null");
  }
}
