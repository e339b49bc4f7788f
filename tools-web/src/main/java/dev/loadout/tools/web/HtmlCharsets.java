package dev.loadout.tools.web;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Decodes the bytes of an HTML response into text, choosing the character set the way a browser does.
 *
 * <p>Order: a byte-order mark (browsers let it win over everything, since it cannot be there by
 * accident), then the {@code charset} parameter of the {@code Content-Type} header, then a
 * {@code <meta charset>} or {@code <meta http-equiv="Content-Type">} declaration near the start of the
 * document, then UTF-8. A name that Java does not know is skipped, never an error. Malformed bytes
 * become U+FFFD. Labels follow the WHATWG Encoding standard where it differs from Java's names:
 * {@code iso-8859-1}, {@code latin1} and {@code us-ascii} mean windows-1252, and a meta that claims
 * UTF-16 means UTF-8 (the bytes were readable as ASCII, so they are not UTF-16).
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class HtmlCharsets {
  /**
   * How far into the body the meta declaration is looked for. The HTML standard's pre-scan stops at
   * 1,024 bytes; real pages put long comments or scripts first often enough that a little more helps.
   */
  private static final int META_SCAN_BYTES = 4096;

  private static final Pattern HEADER_CHARSET =
      Pattern.compile("(?i)(?:^|;)\\s*charset\\s*=\\s*(\"([^\"]*)\"|'([^']*)'|[^;\\s]+)");
  private static final Pattern META =
      Pattern.compile("(?i)<meta\\b[^>]*?charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9._:\\-]+)");

  private static final Map<String, String> WHATWG_LABELS = Map.of(
      "iso-8859-1", "windows-1252",
      "iso8859-1", "windows-1252",
      "latin1", "windows-1252",
      "l1", "windows-1252",
      "us-ascii", "windows-1252",
      "ascii", "windows-1252",
      "gb2312", "GBK",
      "x-gbk", "GBK",
      "x-sjis", "Shift_JIS");

  private HtmlCharsets() {}

  /**
   * Decodes an HTML body.
   *
   * @param body the response bytes, never null
   * @param contentTypeHeader the {@code Content-Type} header value, or null when there was none
   * @return the text, without a byte-order mark; never null
   */
  public static String decode(byte[] body, String contentTypeHeader) {
    Objects.requireNonNull(body, "body");
    Charset charset = detect(body, contentTypeHeader);
    int skip = bomLength(body);
    return new String(body, skip, body.length - skip, charset);
  }

  /**
   * The character set {@link #decode} would use.
   *
   * @param body the response bytes, never null
   * @param contentTypeHeader the {@code Content-Type} header value, or null when there was none
   * @return the chosen character set; UTF-8 when nothing usable was declared
   */
  public static Charset detect(byte[] body, String contentTypeHeader) {
    Objects.requireNonNull(body, "body");
    Optional<Charset> bom = fromBom(body);
    if (bom.isPresent()) {
      return bom.get();
    }
    Optional<Charset> header = fromContentType(contentTypeHeader);
    if (header.isPresent()) {
      return header.get();
    }
    return fromMeta(body).orElse(StandardCharsets.UTF_8);
  }

  /** The charset parameter of a Content-Type value, if present and known to Java. */
  static Optional<Charset> fromContentType(String contentType) {
    if (contentType == null) {
      return Optional.empty();
    }
    Matcher m = HEADER_CHARSET.matcher(contentType);
    if (!m.find()) {
      return Optional.empty();
    }
    String label = m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : m.group(1);
    return lookup(label);
  }

  static Optional<Charset> fromMeta(byte[] body) {
    // ISO-8859-1 maps each byte to one char, so ASCII markup reads the same whatever the real charset.
    String head = new String(body, 0, Math.min(body.length, META_SCAN_BYTES), StandardCharsets.ISO_8859_1);
    Matcher m = META.matcher(head);
    while (m.find()) {
      String label = m.group(1).toLowerCase(Locale.ROOT);
      if (label.startsWith("utf-16")) {
        return Optional.of(StandardCharsets.UTF_8);
      }
      Optional<Charset> found = lookup(label);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private static Optional<Charset> fromBom(byte[] b) {
    if (b.length >= 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF) {
      return Optional.of(StandardCharsets.UTF_8);
    }
    if (b.length >= 2 && (b[0] & 0xff) == 0xFE && (b[1] & 0xff) == 0xFF) {
      return Optional.of(StandardCharsets.UTF_16BE);
    }
    if (b.length >= 2 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE) {
      return Optional.of(StandardCharsets.UTF_16LE);
    }
    return Optional.empty();
  }

  private static int bomLength(byte[] b) {
    if (b.length >= 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF) {
      return 3;
    }
    return fromBom(b).isPresent() ? 2 : 0;
  }

  private static Optional<Charset> lookup(String label) {
    String name = label.trim().toLowerCase(Locale.ROOT);
    if (name.isEmpty()) {
      return Optional.empty();
    }
    name = WHATWG_LABELS.getOrDefault(name, name);
    try {
      return Optional.of(Charset.forName(name));
    } catch (IllegalArgumentException unknownOrIllegalName) {
      // A page that declares a charset Java lacks is still readable in the next source's charset.
      return Optional.empty();
    }
  }
}
