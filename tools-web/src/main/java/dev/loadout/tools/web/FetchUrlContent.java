package dev.loadout.tools.web;

import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * Turns a response body into the text {@code fetch_url} shows: HTML becomes Markdown (unless {@code raw}),
 * other text passes through decoded, binary content is refused. The media type comes from
 * {@code Content-Type}; without one, the body is sniffed just enough to tell HTML, text and binary apart.
 */
final class FetchUrlContent {
  private static final Set<String> HTML = Set.of("text/html", "application/xhtml+xml");
  private static final Set<String> TEXT_APPLICATIONS = Set.of("application/json", "application/xml",
      "application/javascript", "application/ecmascript", "application/x-javascript", "application/yaml",
      "application/x-yaml", "application/toml", "application/x-ndjson", "application/x-sh", "application/sql",
      "application/graphql", "application/x-tex", "application/x-httpd-php");
  private static final int SNIFF_BYTES = 1024;

  private FetchUrlContent() {}

  /** The media type of a {@code Content-Type} value: lower-case, without parameters; empty when absent. */
  static String mediaType(String contentType) {
    if (contentType == null) {
      return "";
    }
    int semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
  }

  /**
   * The page's text.
   *
   * @param body the bytes read
   * @param contentType the {@code Content-Type} header, or null
   * @param raw whether HTML stays HTML
   * @param finalUrl the URL relative links are resolved against
   * @param timeLeft how long the conversion may take: the call's remaining time
   * @return the type used and the text
   * @throws FetchUrlFailure {@code unsupported_content_type} for binary content, {@code timeout} when the
   *     conversion ran out of time (or the thread was interrupted because the call's deadline passed)
   */
  static Text read(byte[] body, String contentType, boolean raw, String finalUrl, Duration timeLeft)
      throws FetchUrlFailure {
    String type = mediaType(contentType);
    if (type.isEmpty()) {
      type = sniff(body);
    }
    if (HTML.contains(type)) {
      String html = HtmlCharsets.decode(body, contentType);
      if (raw) {
        return new Text(type, html, PageMetadata.NONE);
      }
      MarkdownPage page = HtmlToMarkdown.standard().convert(html, base(finalUrl), timeLeft);
      if (page.timedOut()) {
        throw new FetchUrlFailure(FetchUrlTool.TIMEOUT, "The page could not be converted in time.", true);
      }
      return new Text(type, page.markdown(), page.metadata());
    }
    if (isText(type)) {
      return new Text(type, decodeText(body, contentType), PageMetadata.NONE);
    }
    throw new FetchUrlFailure(FetchUrlTool.UNSUPPORTED_CONTENT_TYPE, "The URL returned " + printable(type)
        + " content, which fetch_url cannot read: it reads HTML pages and text only.", false);
  }

  /** The type and the text of a page, and what the page said about its article (author, date, site). */
  record Text(String mediaType, String text, PageMetadata metadata) {}

  static boolean isText(String type) {
    return type.startsWith("text/") || TEXT_APPLICATIONS.contains(type) || type.endsWith("+json")
        || type.endsWith("+xml") || type.endsWith("+yaml");
  }

  /** Decodes text by its declared charset, else UTF-8; a byte-order mark wins over both, as in browsers. */
  private static String decodeText(byte[] body, String contentType) {
    if (body.length >= 3 && (body[0] & 0xFF) == 0xEF && (body[1] & 0xFF) == 0xBB && (body[2] & 0xFF) == 0xBF) {
      return new String(body, 3, body.length - 3, StandardCharsets.UTF_8);
    }
    if (body.length >= 2 && ((body[0] & 0xFF) == 0xFE && (body[1] & 0xFF) == 0xFF
        || (body[0] & 0xFF) == 0xFF && (body[1] & 0xFF) == 0xFE)) {
      Charset utf16 = (body[0] & 0xFF) == 0xFE ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE;
      return new String(body, 2, body.length - 2, utf16);
    }
    Charset charset = HtmlCharsets.fromContentType(contentType).orElse(StandardCharsets.UTF_8);
    return new String(body, charset);
  }

  /** Without a declared type: HTML if it looks like markup, text if it has no NUL byte, else binary. */
  private static String sniff(byte[] body) {
    int n = Math.min(body.length, SNIFF_BYTES);
    for (int i = 0; i < n; i++) {
      if (body[i] == 0) {
        return "application/octet-stream";
      }
    }
    String head = new String(body, 0, n, StandardCharsets.ISO_8859_1).stripLeading().toLowerCase(Locale.ROOT);
    return head.startsWith("<!doctype html") || head.startsWith("<html") || head.contains("<body")
        ? "text/html" : "text/plain";
  }

  private static URI base(String finalUrl) {
    try {
      return URI.create(finalUrl);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** A server-sent media type made safe to echo: short, a media-type alphabet only. */
  private static String printable(String type) {
    String s = type.replaceAll("[^a-z0-9!#$&^_.+\\-/]", "?");
    return s.length() > 64 ? s.substring(0, 64) + "…" : s;
  }
}
