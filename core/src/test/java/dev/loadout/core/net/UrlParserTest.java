package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both sides of every rule of the strict parser, at its edges: the characters a scheme may hold, the port
 * range, label and host lengths, when a host counts as numeric, and how the request target is encoded. Each
 * case says what is read (host, port, target) or which refusal, with its reason, comes back.
 */
class UrlParserTest {

  // --- scheme ------------------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"a:x", "z:x", "A:x", "Z:x", "xazAZ09+-.://host/", "git+ssh://host/", "view-source:http://x/",
      "z39.50r://host/"})
  void aSchemeOfLettersDigitsPlusHyphenAndDotIsReadAndThenRefusedAsUnsupported(String url) {
    assertThat(rejection(url).code).isEqualTo(UrlVerdict.UNSUPPORTED_SCHEME);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"1http://host/", "+http://host/", "`http://host/", "{http://host/", "@http://host/",
      "[http://host/", "h_ttp://host/", "h/ttp://host/", "ht`tp://host/", "ht{tp://host/", "ht@tp://host/", "ht[tp://host/",
      "ht%tp://host/", "://host/", ":"})
  void anythingElseBeforeTheColonIsNotASchemeAtAll(String url) {
    UrlParser.Rejected r = rejection(url);

    assertThat(r.code).isEqualTo(UrlVerdict.INVALID_URL);
    assertThat(r.getMessage()).isEqualTo("The URL does not start with a scheme such as https://.");
  }

  @Test
  void theSchemeIsReadCaseInsensitivelyAndAnyCaseOfHttpOrHttpsIsAccepted() throws Exception {
    assertThat(UrlParser.parse("HtTpS://example.com/").scheme()).isEqualTo("https");
    assertThat(UrlParser.parse("HTTP://example.com/").scheme()).isEqualTo("http");
  }

  @Test
  void anUnsupportedSchemeIsQuotedInFullUpToTwentyCharactersAndCutAfter() {
    String twenty = "abcdefghijklmnopqrst";

    assertThat(rejection(twenty + "://host/").getMessage())
        .isEqualTo("The URL scheme '" + twenty + "' is not supported; only http and https URLs can be fetched.");
    assertThat(rejection(twenty + "u://host/").getMessage())
        .isEqualTo("The URL scheme '" + twenty + "…' is not supported; only http and https URLs can be fetched.");
  }

  // --- authority -----------------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://@example.com/", "http://user@example.com/", "http://:@example.com/", "http://a:b@c/"})
  void anAtSignAnywhereInTheAuthorityIsUserInformation(String url) {
    assertThat(rejection(url).code).isEqualTo(UrlVerdict.CREDENTIALS_IN_URL);
  }

  @Test
  void anEmptyHostBeforeAPortIsNoHostAndABadPortIsReportedFirst() {
    assertThat(rejection("http://:80/").getMessage()).isEqualTo("The URL has no host.");
    assertThat(rejection("http://:99999/").getMessage()).isEqualTo("The URL's port must be a number from 1 to 65535.");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://a:1:2/", "http://:80:90/", "http://a::/", "http://::/"})
  void aSecondColonOutsideBracketsIsRefusedAsAnUnbracketedIpv6Address(String url) {
    assertThat(rejection(url).getMessage())
        .isEqualTo("The URL's host has more than one ':'; an IPv6 address must be in brackets.");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"http://example.com:1/, 1", "http://example.com:9/, 9", "http://example.com:65535/, 65535", "http://example.com:00080/, 80",
      "https://example.com:/, 443", "http://example.com:/, 80", "http://example.com/, 80", "https://example.com/, 443"})
  void portsFromOneTo65535AreAcceptedAndAnEmptyPortIsTheSchemesDefault(String url, int port) throws Exception {
    assertThat(UrlParser.parse(url).port()).isEqualTo(port);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://example.com:0/", "http://example.com:65536/", "http://example.com:000080/",
      "http://example.com:8a/", "http://[::1]:0/", "http://[::1]:65536/"})
  void portsOutsideThatRangeOrLongerThanFiveDigitsAreRefused(String url) {
    assertThat(rejection(url).getMessage()).isEqualTo("The URL's port must be a number from 1 to 65535.");
  }

  @Test
  void aDefaultPortIsLeftOutOfTheUriAndAnyOtherIsKept() throws Exception {
    assertThat(UrlParser.parse("https://example.com:443/a").uri().toString()).isEqualTo("https://example.com/a");
    assertThat(UrlParser.parse("http://example.com:80/a").uri().toString()).isEqualTo("http://example.com/a");
    assertThat(UrlParser.parse("https://example.com:80/a").uri().toString()).isEqualTo("https://example.com:80/a");
    assertThat(UrlParser.parse("http://example.com:443/a").uri().toString()).isEqualTo("http://example.com:443/a");
  }

  // --- IPv6 ----------------------------------------------------------------------------------------------

  @Test
  void aBracketedHostIsReadWithItsPortOrWithout() throws Exception {
    ParsedUrl withPort = UrlParser.parse("http://[2606:4700:4700::1111]:8080/x");
    ParsedUrl without = UrlParser.parse("https://[2606:4700:4700::1111]/x");

    assertThat(withPort.host()).isEqualTo("2606:4700:4700::1111");
    assertThat(withPort.port()).isEqualTo(8080);
    assertThat(withPort.uri().toString()).isEqualTo("http://[2606:4700:4700::1111]:8080/x");
    assertThat(without.port()).isEqualTo(443);
    assertThat(without.literal()).isNotNull();
  }

  @Test
  void aZoneIdIsAmbiguousWhereverItsPercentSignStands() {
    assertThat(rejection("http://[%25eth0]/").code).isEqualTo(UrlVerdict.AMBIGUOUS_HOST);
    assertThat(rejection("http://[fe80::1%25eth0]/").code).isEqualTo(UrlVerdict.AMBIGUOUS_HOST);
  }

  @Test
  void anIpv4TailOfABracketedHostMustBeACanonicalDottedQuadWhereverTheDotStands() throws Exception {
    assertThat(rejection("http://[.:1]/").getMessage())
        .isEqualTo("The URL's IPv6 host ends in an IPv4 part that is not a canonical dotted quad.");
    assertThat(rejection("http://[::ffff:1.2.3]/").code).isEqualTo(UrlVerdict.AMBIGUOUS_HOST);
    assertThat(UrlParser.parse("http://[::ffff:1.2.3.4]/").literal().getHostAddress()).isEqualTo("1.2.3.4");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://[]/", "http://[1234]/", "http://[::g]/"})
  void aBracketedHostWithoutAColonOrWithANonHexDigitIsNotIpv6(String url) {
    assertThat(rejection(url).getMessage()).isEqualTo("The URL's bracketed host is not an IPv6 address.");
  }

  @Test
  void aBracketedHostWithoutItsClosingBracketOrWithTextAfterItIsRefused() {
    assertThat(rejection("http://[::1/").getMessage()).isEqualTo("The URL's IPv6 host has no closing bracket.");
    assertThat(rejection("http://[::1]x/").getMessage()).isEqualTo("The URL has characters after its IPv6 host.");
  }

  // --- names ---------------------------------------------------------------------------------------------

  @Test
  void aLabelOf63CharactersIsAcceptedAndOneOf64IsNot() throws Exception {
    String label63 = "a".repeat(62) + "z";

    assertThat(UrlParser.parse("http://" + label63 + ".example/").host()).isEqualTo(label63 + ".example");
    assertThat(rejection("http://" + label63 + "b.example/").code).isEqualTo(UrlVerdict.INVALID_URL);
  }

  @Test
  void aHostOf253CharactersIsAcceptedWithOrWithoutItsTrailingDotAndOneOf254IsNot() throws Exception {
    String host253 = "a".repeat(63) + "." + "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(61);
    String host254 = host253 + "d";

    assertThat(host253).hasSize(253);
    assertThat(UrlParser.parse("http://" + host253 + "/").host()).isEqualTo(host253);
    assertThat(UrlParser.parse("http://" + host253 + "./").host()).isEqualTo(host253);
    assertThat(rejection("http://" + host254 + "/").getMessage()).isEqualTo("The URL's host must have 1 to 253 characters.");
    assertThat(rejection("http://./").getMessage()).isEqualTo("The URL's host must have 1 to 253 characters.");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://a0-9z.example/", "http://0a.example/", "http://z9.example/", "http://9-a.example/",
      "http://a.b-c.d/"})
  void lettersDigitsAndInnerHyphensMakeAName(String url) throws Exception {
    String expected = url.substring("http://".length(), url.length() - 1);

    assertThat(UrlParser.parse(url).host()).isEqualTo(expected);
    assertThat(UrlParser.parse(url).literal()).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://a_b.example/", "http://-ab.example/", "http://ab-.example/", "http://a..b/",
      "http://.ab/", "http://a`b.example/", "http://a{b.example/", "http://a*b.example/"})
  void anythingElseInANameIsRefused(String url) {
    assertThat(rejection(url).code).isEqualTo(UrlVerdict.INVALID_URL);
  }

  @Test
  void upperCaseAndInternationalNamesAreReadInLowerCaseAscii() throws Exception {
    assertThat(UrlParser.parse("http://ExAmPlE.CoM/").host()).isEqualTo("example.com");
    assertThat(UrlParser.parse("http://BÜCHER.example/").host()).isEqualTo("xn--bcher-kva.example");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://example.cafe/", "http://example.a1/", "http://example.x0/", "http://1.2.3.x/",
      "http://0x7f.0.0.x1/"})
  void aLastLabelThatIsNotANumberLeavesTheHostAName(String url) throws Exception {
    ParsedUrl parsed = UrlParser.parse(url);

    assertThat(parsed.literal()).isNull();
    assertThat(parsed.host()).isEqualTo(url.substring("http://".length(), url.length() - 1));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://example.0xzz/", "http://example.0x1g/", "http://example.1a/", "http://example.0x-1/"})
  void aLastLabelThatStartsWithADigitButIsNoNumberIsNotAHostName(String url) {
    UrlParser.Rejected r = rejection(url);

    assertThat(r.code).isEqualTo(UrlVerdict.INVALID_URL);
    assertThat(r.getMessage()).isEqualTo("The URL's host is not valid.");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://example.0x/", "http://example.0x1f/", "http://example.0xff/", "http://example.09/",
      "http://example.0/", "http://1.2.3/"})
  void aLastLabelThatIsANumberMakesTheHostANonCanonicalAddress(String url) {
    assertThat(rejection(url).code).isEqualTo(UrlVerdict.AMBIGUOUS_HOST);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"http://a.b.c.1/", "http://1.b.2.3/", "http://[::ffff:1.2.3.a]/", "http://[::ffff:a.2.3.4]/"})
  void aDottedQuadWithALetterInAPartIsNoAddressButAnAmbiguousHost(String url) {
    assertThat(rejection(url).code).isEqualTo(UrlVerdict.AMBIGUOUS_HOST);
  }

  @Test
  void aCanonicalDottedQuadIsALiteralThatIsNeverResolved() throws Exception {
    ParsedUrl parsed = UrlParser.parse("http://0.9.10.255/");

    assertThat(parsed.literal().getHostAddress()).isEqualTo("0.9.10.255");
    assertThat(parsed.host()).isEqualTo("0.9.10.255");
  }

  // --- request target ------------------------------------------------------------------------------------

  @Test
  void theRequestTargetKeepsValidEscapesAndUriCharactersAndEncodesEverythingElse() throws Exception {
    assertThat(target("http://h/%41")).isEqualTo("/%41");
    assertThat(target("http://h/a%41b")).isEqualTo("/a%41b");
    assertThat(target("http://h/%af%AF%09")).isEqualTo("/%af%AF%09");
    assertThat(target("http://h/%20%A0%00")).isEqualTo("/%20%A0%00");
    assertThat(target("http://h/a%4")).isEqualTo("/a%254");
    assertThat(target("http://h/a%")).isEqualTo("/a%25");
    assertThat(target("http://h/%4G")).isEqualTo("/%254G");
    assertThat(target("http://h/%G4")).isEqualTo("/%25G4");
    assertThat(target("http://h/azAZ09-._~!$&'()*+,;=:@/")).isEqualTo("/azAZ09-._~!$&'()*+,;=:@/");
    assertThat(target("http://h/`{}[]^\"<>")).isEqualTo("/%60%7B%7D%5B%5D%5E%22%3C%3E");
  }

  @Test
  void anEmptyPathBecomesASlashAndTheFragmentIsDropped() throws Exception {
    assertThat(target("http://h?q=1")).isEqualTo("/?q=1");
    assertThat(target("http://h")).isEqualTo("/");
    assertThat(target("http://h#f")).isEqualTo("/");
    assertThat(target("http://h/a?b#c?d")).isEqualTo("/a?b");
  }

  @Test
  void charactersOutsideAsciiAreSentAsTheirUtf8Bytes() throws Exception {
    assertThat(target("http://h/é")).isEqualTo("/%C3%A9");
    assertThat(target("http://h/\uD83D\uDE00x")).isEqualTo("/%F0%9F%98%80x");
    assertThat(target("http://h/a?\uD83D\uDE00")).isEqualTo("/a?%F0%9F%98%80");
  }

  @Test
  void anUnpairedSurrogateCannotBeUtf8AndIsSentAsAnEncodedQuestionMark() throws Exception {
    assertThat(target("http://h/a\uD83D")).isEqualTo("/a%3F");
    assertThat(target("http://h/a\uDE00b")).isEqualTo("/a%3Fb");
  }

  // --- lengths and characters of the whole URL ----------------------------------------------------------

  @Test
  void aUrlOf8192CharactersIsReadAndOneOf8193IsNot() throws Exception {
    String prefix = "http://h/";
    String exact = prefix + "a".repeat(UrlParser.MAX_URL_LENGTH - prefix.length());

    assertThat(UrlParser.parse(exact).uri().toString()).hasSize(UrlParser.MAX_URL_LENGTH);
    assertThat(rejection(exact + "a").getMessage()).isEqualTo("The URL is longer than 8192 characters.");
  }

  @ParameterizedTest(name = "U+{0}")
  @ValueSource(ints = {0x00, 0x1F, 0x20, 0x7F, 0x85, 0xA0, 0x2028, 0x2029, 0x200B, 0xFEFF, 0x3000})
  void whitespaceAndControlCharactersAreRefusedAnywhere(int ch) {
    assertThat(rejection("http://h/a" + (char) ch + "b").getMessage())
        .isEqualTo("The URL contains whitespace or a control character; Loadout refuses it rather than trim it.");
  }

  @ParameterizedTest(name = "U+{0}")
  @ValueSource(ints = {0x21, 0x7E, 0xA1, 0xFF})
  void printableCharactersNextToThoseAreKept(int ch) throws Exception {
    assertThat(UrlParser.parse("http://h/a" + (char) ch + "b").host()).isEqualTo("h");
  }

  private static String target(String url) throws UrlParser.Rejected {
    return UrlParser.parse(url).uri().toASCIIString().substring("http://h".length());
  }

  private static UrlParser.Rejected rejection(String url) {
    try {
      ParsedUrl parsed = UrlParser.parse(url);
      return fail("expected a refusal of %s, but it was read as %s", url, parsed);
    } catch (UrlParser.Rejected r) {
      return r;
    }
  }
}
