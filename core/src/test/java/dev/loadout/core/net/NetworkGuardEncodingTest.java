package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The encoding traps of ssrf.md §1, §2.7 and §5: every spelling Java, glibc, browsers and other validators
 * read differently is refused or read one way only. The resolver answers a public address for any name, so a
 * refusal here comes from parsing, never from DNS, and the tests also check the resolver was not asked.
 */
class NetworkGuardEncodingTest {
  private final FakeDns dns = new FakeDns()
      .answer("example.com", "93.184.215.14")
      .answer("xn--bcher-kva.example", "93.184.215.14")
      .answer("xn--9hbcp.0.0.1", "93.184.215.14");
  private final NetworkGuard guard = NetworkGuard.of(NetworkPolicy.production(), dns);
  private final NetworkGuard development = NetworkGuard.of(NetworkPolicy.development(), dns);

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://127.1/", "http://127.0.1/", "http://2130706433/", "http://2852039166/",
      "http://4294967295/", "http://0/", "http://00.0.0.0/", "http://169.254.43518/", "http://0177.0.0.1/",
      "http://0177.1/", "http://010.0.0.1/", "http://08.0.0.1/", "http://127.000.000.001/", "http://0x7f.1/",
      "http://0x7f.0.0.1/", "http://0x7f000001/", "http://017700000001/", "http://0251.0376.0251.0376/",
      "http://0xA9FEA9FE/", "http://7147006462/", "http://0x41414141A9FEA9FE/", "http://425.510.425.510/",
      "http://256.0.0.1/", "http://1.2.3.4.5/", "http://0251.254.169.254/", "http://8.8.2056/", "http://134744072/",
      "http://0x/", "http://example.0x1f/", "http://١٢٧.0.0.1/", "http://[::ffff:0177.0.0.1]/",
      "http://[::ffff:127.1]/", "http://%31%32%37.0.0.1/", "http://127%2E0%2E0%2E1/", "http://exa%6Dple.com/",
      "http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]/"})
  void ambiguousHostsAreRefusedBeforeAnyLookup(String url) {
    UrlVerdict verdict = guard.check(url);

    assertThat(verdict.code()).isEqualTo(UrlVerdict.AMBIGUOUS_HOST);
    assertThat(development.check(url).code()).isEqualTo(UrlVerdict.AMBIGUOUS_HOST);
    assertThat(dns.totalCalls()).isZero();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {" http://127.0.0.1/", "http://127.0.0.1/\t", "http://exa\nmple.com/", "http://exa\rmple.com/",
      "http://127.0.0.1\u0000/", "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", "http://good.example\\@127.0.0.1/",
      "http://127.1.1.1:80\\@127.2.2.2:80/", "http://127.1.1.1:80#\\@127.2.2.2:80/", "http:127.0.0.1/",
      "http:/127.0.0.1/", "http:///127.0.0.1/", "//127.0.0.1/", "127.0.0.1", "", "http://", "http://:80/",
      "http://example.com:0/", "http://example.com:65536/", "http://example.com:+80/", "http://example.com:-1/",
      "http://example.com:99999999999/", "http://example.com:80:80/", "http://example.com:8o/", "http://a_b.example.com/",
      "http://-a.example.com/", "http://a..example.com/", "http://[v1.fe80::a+en1]/", "http://[1::2::3]/",
      "http://[::1]x/", "http://[::1/", "http://[127.0.0.1]/", "http://::1/", "http://exa\u00a0mple.com/",
      "http://local\u00adhost/", "http://example.com\u2028/", "http://example.com/\u200b"})
  void malformedUrlsAreRefused(String url) {
    assertThat(guard.check(url).code()).isEqualTo(UrlVerdict.INVALID_URL);
    assertThat(dns.totalCalls()).isZero();
  }

  @Test
  void aNullUrlIsRefusedNotThrown() {
    assertThat(guard.check(null).code()).isEqualTo(UrlVerdict.INVALID_URL);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://user@example.com/", "http://user:secret@example.com/", "https://:@example.com/",
      "http://user@evil.example@good.example/", "http://example.com@127.0.0.1/", "http://%40@example.com/"})
  void userInformationIsRefusedAndNeverRepeated(String url) {
    UrlVerdict verdict = guard.check(url);

    assertThat(verdict.code()).isEqualTo(UrlVerdict.CREDENTIALS_IN_URL);
    assertThat(verdict.reason()).doesNotContain("secret").doesNotContain("user@");
    assertThat(verdict.toString()).doesNotContain("secret");
    assertThat(development.check(url).code()).isEqualTo(UrlVerdict.CREDENTIALS_IN_URL);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"file:///etc/passwd", "jar:file:/x.jar!/a", "gopher://127.0.0.1:25/", "dict://127.0.0.1:11211/",
      "ldap://127.0.0.1/", "ftp://example.com/", "netdoc:/etc/passwd", "data:text/plain,hi", "ws://example.com/",
      "wss://example.com/", "mailto:a@example.com", "javascript:alert(1)"})
  void onlyHttpAndHttpsSchemesAreSupported(String url) {
    assertThat(guard.check(url).code()).isEqualTo(UrlVerdict.UNSUPPORTED_SCHEME);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', textBlock = """
      http://１２７.０.０.１/          | 127.0.0.1
      http://127。0。0。1/            | 127.0.0.1
      http://①②⑦.⓪.⓪.①/             | 127.0.0.1
      http://127.0.0.1./              | 127.0.0.1
      http://[::ffff:127.0.0.1]/      | ::ffff:127.0.0.1
      http://[::ffff:7f00:1]/         | ::ffff:7f00:1
      http://[0:0:0:0:0:ffff:127.0.0.1]/ | 0:0:0:0:0:ffff:127.0.0.1
      http://[::FFFF:7F00:1]/         | ::ffff:7f00:1
      http://[0000::1]/               | 0000::1
      """)
  void lookalikeSpellingsOfLoopbackAreReadAsLoopback(String url, String host) {
    UrlVerdict verdict = guard.check(url);

    assertThat(verdict.code()).isEqualTo(UrlVerdict.PRIVATE_NETWORK);
    assertThat(verdict.host()).contains(host);
    assertThat(development.check(url).allowed()).isTrue();
    assertThat(dns.totalCalls()).isZero();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', textBlock = """
      http://[::ffff:a9fe:a9fe]/          | metadata_endpoint
      http://[::ffff:169.254.169.254]/    | metadata_endpoint
      http://[fd00:ec2::254]/             | metadata_endpoint
      http://[::127.0.0.1]/               | reserved_address
      http://[::7f00:1]/                  | reserved_address
      http://[::ffff:0:127.0.0.1]/        | reserved_address
      http://[64:ff9b::a9fe:a9fe]/        | reserved_address
      http://[64:ff9b::7f00:1]/           | reserved_address
      http://[2002:a9fe:a9fe::]/          | reserved_address
      http://[2002:7f00:1::]/             | reserved_address
      http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/ | reserved_address
      http://[::]/                        | reserved_address
      http://0.0.0.0/                     | reserved_address
      """)
  void embeddedAndTranslatedFormsStayBlockedUnderEveryPolicy(String url, String code) {
    assertThat(guard.check(url).code()).isEqualTo(code);
    assertThat(development.check(url).code()).isEqualTo(code);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://localhost/", "http://LOCALHOST/", "http://localhost./", "http://foo.localhost/",
      "http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/", "http://locａlhost/", "http://localhost.localdomain/", "http://ip6-localhost/",
      "http://ip6-loopback/"})
  void namesOfTheLocalMachineAreRefusedInProductionWithoutALookup(String url) {
    UrlVerdict verdict = guard.check(url);

    assertThat(verdict.code()).isEqualTo(UrlVerdict.PRIVATE_NETWORK);
    assertThat(verdict.reason()).contains("FETCH_URL_ALLOW_PRIVATE_NETWORK");
    assertThat(dns.totalCalls()).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://metadata.google.internal/computeMetadata/v1/", "http://METADATA.GOOGLE.INTERNAL./",
      "http://metadata/", "http://metadata.goog/", "http://instance-data/", "http://instance-data.ec2.internal/"})
  void metadataNamesAreRefusedUnderEveryPolicyWithoutALookup(String url) {
    assertThat(guard.check(url).code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT);
    assertThat(development.check(url).code()).isEqualTo(UrlVerdict.METADATA_ENDPOINT);
    assertThat(development.check(url).reason()).contains("no setting allows it");
    assertThat(dns.totalCalls()).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://example.com#@127.0.0.1/", "http://example.com?@127.0.0.1/", "HTTP://EXAMPLE.COM/",
      "http://example.com:0080/", "http://example.com./", "https://example.com/a b?q=<x>"})
  void theHostIsReadWhereEveryOtherParserReadsIt(String url) {
    UrlVerdict verdict = guard.check(url.replace(" ", "%20"));

    assertThat(verdict.allowed()).isTrue();
    assertThat(verdict.host()).contains("example.com");
    assertThat(dns.calls("example.com")).isEqualTo(1);
  }

  @Test
  void internationalNamesAreResolvedInTheirAsciiForm() {
    UrlVerdict verdict = guard.check("http://bücher.example/straße?q=ü");

    assertThat(verdict.allowed()).isTrue();
    assertThat(verdict.host()).contains("xn--bcher-kva.example");
    assertThat(verdict.url().uri().toASCIIString()).isEqualTo("http://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%BC");
  }

  @Test
  void theFragmentIsDroppedAndUnsafeCharactersAreEncoded() {
    UrlVerdict verdict = guard.check("https://example.com/a|b?q={x}&r=%zz#frag");

    assertThat(verdict.url().uri().toASCIIString()).isEqualTo("https://example.com/a%7Cb?q=%7Bx%7D&r=%25zz");
  }
}
