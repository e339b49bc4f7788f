package dev.loadout.core.net;

import java.net.IDN;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Strict URL parsing (ssrf.md §8 steps 1–5): ambiguous input is refused, never repaired, because nearly
 * every SSRF bypass on record is two parsers disagreeing about one string. So: no userinfo, no backslash,
 * no whitespace or control characters anywhere, no {@code %} in the host, no IPv6 zone ids, and an IPv4
 * literal only in canonical dotted-quad form ({@code 127.1}, {@code 2130706433}, {@code 0x7f.1} and
 * {@code 0177.0.0.1} are refused even when they would decode to a public address: Java reads
 * {@code 0177.0.0.1} as 177.0.0.1 where glibc and browsers read 127.0.0.1).
 *
 * <p>Reasons never quote the URL: it may carry tokens in its query. They name the host at most.
 */
final class UrlParser {
  /** Longer URLs are refused; real pages stay far below it. */
  static final int MAX_URL_LENGTH = 8192;

  /** A refusal with its verdict code and reason; no stack trace, it is an expected outcome. */
  static final class Rejected extends Exception {
    private static final long serialVersionUID = 1L;
    final String code;

    Rejected(String code, String reason) {
      super(reason, null, false, false);
      this.code = code;
    }
  }

  private UrlParser() {}

  static ParsedUrl parse(String url) throws Rejected {
    if (url == null || url.isEmpty()) {
      throw invalid("The URL is empty.");
    }
    if (url.length() > MAX_URL_LENGTH) {
      throw invalid("The URL is longer than " + MAX_URL_LENGTH + " characters.");
    }
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (c == '\\') {
        throw invalid("The URL contains a backslash; Loadout refuses it rather than guess which host is meant.");
      }
      if (isInvisible(c)) {
        throw invalid("The URL contains whitespace or a control character; Loadout refuses it rather than trim it.");
      }
    }
    int colon = url.indexOf(':');
    if (colon == -1 || !isScheme(url, colon)) {
      throw invalid("The URL does not start with a scheme such as https://.");
    }
    String scheme = url.substring(0, colon).toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      String shown = scheme.length() > 20 ? scheme.substring(0, 20) + "…" : scheme;
      throw new Rejected(UrlVerdict.UNSUPPORTED_SCHEME,
          "The URL scheme '" + shown + "' is not supported; only http and https URLs can be fetched.");
    }
    if (!url.startsWith("//", colon + 1)) {
      throw invalid("The URL must be absolute, as in " + scheme + "://host/path.");
    }
    int authorityStart = colon + 3;
    int authorityEnd = authorityStart;
    while (authorityEnd < url.length() && "/?#".indexOf(url.charAt(authorityEnd)) < 0) {
      authorityEnd++;
    }
    String authority = url.substring(authorityStart, authorityEnd);
    if (authority.indexOf('@') >= 0) {
      throw new Rejected(UrlVerdict.CREDENTIALS_IN_URL,
          "The URL carries user information before '@' (such as user:password@host). Loadout refuses "
              + "credentials in URLs; they would leak into logs and redirects.");
    }
    if (authority.isEmpty()) {
      throw invalid("The URL has no host.");
    }
    String hostText;
    String portText;
    boolean bracketed = authority.charAt(0) == '[';
    if (bracketed) {
      int close = authority.indexOf(']');
      if (close == -1) {
        throw invalid("The URL's IPv6 host has no closing bracket.");
      }
      hostText = authority.substring(1, close);
      String rest = authority.substring(close + 1);
      if (!rest.isEmpty() && rest.charAt(0) != ':') {
        throw invalid("The URL has characters after its IPv6 host.");
      }
      portText = rest.isEmpty() ? null : rest.substring(1);
    } else {
      int c = authority.indexOf(':');
      if (c != authority.lastIndexOf(':')) {
        throw invalid("The URL's host has more than one ':'; an IPv6 address must be in brackets.");
      }
      hostText = c < 0 ? authority : authority.substring(0, c);
      portText = c < 0 ? null : authority.substring(c + 1);
    }
    int port = parsePort(portText, scheme);
    String host;
    InetAddress literal;
    if (bracketed) {
      literal = parseIpv6(hostText);
      host = hostText.toLowerCase(Locale.ROOT);
    } else {
      host = asciiHost(hostText);
      literal = lastLabelIsNumeric(host) ? parseCanonicalIpv4(host) : null;
    }
    String target = requestTarget(url.substring(authorityEnd));
    String hostForUri = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    boolean defaultPort = port == ("https".equals(scheme) ? 443 : 80);
    URI uri;
    try {
      uri = new URI(scheme + "://" + hostForUri + (defaultPort ? "" : ":" + port) + target);
    } catch (URISyntaxException e) {
      throw invalid("The URL's path or query is malformed.");
    }
    if (uri.getHost() == null) {
      throw invalid("The URL's host is not valid.");
    }
    return new ParsedUrl(scheme, host, port, literal, uri);
  }

  /** Unicode spaces (the ASCII space too), line and paragraph separators, controls and invisible format characters. */
  private static boolean isInvisible(char c) {
    int type = Character.getType(c);
    return type == Character.SPACE_SEPARATOR || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR || type == Character.CONTROL || type == Character.FORMAT;
  }

  private static boolean isScheme(String url, int colon) {
    char first = url.charAt(0);
    if (!(first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z')) {
      return false;
    }
    for (int i = 1; i < colon; i++) {
      char c = url.charAt(i);
      boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static int parsePort(String text, String scheme) throws Rejected {
    if (text == null || text.isEmpty()) {
      return "https".equals(scheme) ? 443 : 80;
    }
    if (text.length() > 5 || !text.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw invalid("The URL's port must be a number from 1 to 65535.");
    }
    int port = Integer.parseInt(text);
    if (port < 1 || port > 65535) {
      throw invalid("The URL's port must be a number from 1 to 65535.");
    }
    return port;
  }

  private static InetAddress parseIpv6(String text) throws Rejected {
    if (text.indexOf('%') >= 0) {
      throw ambiguous("The URL's IPv6 host has a zone id ('%'); Loadout refuses scoped addresses.");
    }
    if (text.isEmpty() || text.indexOf(':') < 0 || !text.chars().allMatch(ch -> Character.digit(ch, 16) >= 0 || ch == ':' || ch == '.')) {
      throw invalid("The URL's bracketed host is not an IPv6 address.");
    }
    int dot = text.indexOf('.');
    if (dot >= 0) {
      String tail = text.substring(text.lastIndexOf(':') + 1);
      if (canonicalIpv4Bytes(tail) == null) {
        throw ambiguous("The URL's IPv6 host ends in an IPv4 part that is not a canonical dotted quad.");
      }
    }
    try {
      // Only hex digits, ':' and '.' reach here, in brackets: InetAddress parses a literal and never resolves.
      return InetAddress.getByName("[" + text + "]");
    } catch (UnknownHostException e) {
      throw invalid("The URL's bracketed host is not a valid IPv6 address.");
    }
  }

  private static String asciiHost(String text) throws Rejected {
    if (text.isEmpty()) {
      throw invalid("The URL has no host.");
    }
    if (text.indexOf('%') >= 0) {
      throw ambiguous("The URL's host is percent-encoded; Loadout refuses encoded hosts.");
    }
    String ascii = idnToAscii(text);
    if (ascii.endsWith(".")) {
      ascii = ascii.substring(0, ascii.length() - 1);
    }
    if (ascii.isEmpty() || ascii.length() > 253) {
      throw invalid("The URL's host must have 1 to 253 characters.");
    }
    return ascii;
  }

  /**
   * IDNA ToASCII with the STD3 rules, lower-cased, and its postcondition checked again: every label 1 to 63
   * letters, digits and inner hyphens (a trailing dot may follow). The JDK's {@link IDN} already refuses
   * anything else (RFC 3490 §4.1, steps 3 and 8); the second look keeps a JDK that relaxed it from letting an
   * odd label through to the resolver.
   */
  private static String idnToAscii(String text) throws Rejected {
    String ascii;
    try {
      ascii = IDN.toASCII(text, IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
    } catch (IllegalArgumentException e) {
      throw invalid("The URL's host is not a valid domain name.");
    }
    String bare = ascii.endsWith(".") ? ascii.substring(0, ascii.length() - 1) : ascii;
    for (String label : bare.split("\\.", -1)) {
      if (label.isEmpty() && !bare.isEmpty() || label.length() > 63) {
        throw invalid("The URL's host has an empty label or one longer than 63 characters.");
      }
      if (label.startsWith("-") || label.endsWith("-")
          || !label.chars().allMatch(ch -> ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-')) {
        throw invalid("The URL's host is not a valid domain name.");
      }
    }
    return ascii;
  }

  /**
   * WHATWG's "ends in a number": then the host must be an IPv4 literal, and here a canonical one. The last
   * label is never empty: {@link IDN} refuses empty labels and {@link #asciiHost} drops the one trailing dot.
   */
  private static boolean lastLabelIsNumeric(String host) {
    String last = host.substring(host.lastIndexOf('.') + 1);
    if (last.startsWith("0x")) {
      return allDigits(last.substring(2), 16);
    }
    return allDigits(last, 10);
  }

  /** Whether every character is an ASCII digit of the radix (the host is ASCII by now). */
  private static boolean allDigits(String text, int radix) {
    return text.chars().allMatch(ch -> Character.digit(ch, radix) >= 0);
  }

  private static InetAddress parseCanonicalIpv4(String host) throws Rejected {
    byte[] bytes = canonicalIpv4Bytes(host);
    if (bytes == null) {
      throw ambiguous("The URL's host '" + host + "' is a non-canonical IPv4 spelling (such as 127.1, "
          + "2130706433, 0x7f.1 or 0177.0.0.1); write the address as four decimal numbers without leading zeros.");
    }
    try {
      return InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The bytes of {@code a.b.c.d} with each part 0–255 in decimal without leading zeros, else null. */
  static byte[] canonicalIpv4Bytes(String text) {
    String[] parts = text.split("\\.", -1);
    if (parts.length != 4) {
      return null;
    }
    byte[] bytes = new byte[4];
    for (int i = 0; i < 4; i++) {
      String p = parts[i];
      if (p.isEmpty() || p.length() > 3 || (p.length() > 1 && p.charAt(0) == '0')
          || !p.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
        return null;
      }
      int v = Integer.parseInt(p);
      if (v > 255) {
        return null;
      }
      bytes[i] = (byte) v;
    }
    return bytes;
  }

  /**
   * Path and query as sent, fragment dropped. Characters a URI may not hold ({@code "<>^`{|}}, brackets,
   * non-ASCII, a {@code %} not followed by two hex digits) are percent-encoded as browsers do, so model-
   * written URLs still work; nothing here can change which host is reached.
   */
  private static String requestTarget(String rest) {
    int hash = rest.indexOf('#');
    String raw = hash >= 0 ? rest.substring(0, hash) : rest;
    StringBuilder out = new StringBuilder(raw.length() + 1);
    if (raw.isEmpty() || raw.charAt(0) == '?') {
      out.append('/');
    }
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%' && i + 2 < raw.length()
          && Character.digit(raw.charAt(i + 1), 16) >= 0 && Character.digit(raw.charAt(i + 2), 16) >= 0) {
        out.append(c);
      } else if (isUriChar(c)) {
        out.append(c);
      } else {
        int end = Character.isHighSurrogate(c) && i + 1 < raw.length() ? i + 2 : i + 1;
        for (byte b : raw.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
          out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
              .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
        }
        i = end - 1;
      }
    }
    return out.toString();
  }

  /** The ASCII characters a URI may hold as they are. */
  private static boolean isUriChar(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~!$&'()*+,;=:@/?".indexOf(c) >= 0;
  }

  private static Rejected invalid(String reason) {
    return new Rejected(UrlVerdict.INVALID_URL, reason);
  }

  private static Rejected ambiguous(String reason) {
    return new Rejected(UrlVerdict.AMBIGUOUS_HOST, reason);
  }
}
