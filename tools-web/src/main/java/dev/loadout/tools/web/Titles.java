package dev.loadout.tools.web;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * Finds a page's title: the headline, without the site name that {@code <title>} usually appends.
 *
 * <p>The {@code <title>} element is the most reliable source but carries " - Site" or " | Site" noise;
 * {@code og:title} is usually the clean headline; an {@code <h1>} that the {@code <title>} contains is the
 * headline as shown. So: prefer an {@code og:title} or an {@code <h1>} that the {@code <title>} contains,
 * otherwise cut the {@code <title>} at its separators and keep the headline-sized part. Whatever is
 * chosen loses a leading or trailing part that names the site ({@code og:site_name} or
 * {@code application-name}), since {@code og:title} often carries the same suffix as {@code <title>}.
 */
final class Titles {
  private static final Pattern SEPARATORS = Pattern.compile("\\s+(?:[|\\-–—»·]|::)\\s+");
  private static final Pattern SPACES = Pattern.compile("\\s+");

  private Titles() {}

  static String of(Document doc) {
    // One walk for all the meta elements, rather than one selector over the whole page per property.
    List<Element> metas = doc.getElementsByTag("meta");
    return withoutSiteName(headline(doc, metas), siteName(metas));
  }

  private static String headline(Document doc, List<Element> metas) {
    Element titleElement = doc.selectFirst("title");
    String raw = titleElement == null ? "" : clean(titleElement.text());
    String og = clean(meta(metas, "og:title"));
    if (og.isEmpty()) {
      og = clean(meta(metas, "twitter:title"));
    }
    if (raw.isEmpty()) {
      return og.isEmpty() ? firstHeading(doc) : og;
    }
    String rawKey = key(raw);
    if (!og.isEmpty() && !rawKey.contains(key(og)) && shownAsHeading(doc, og)) {
      // A <title> that is only the site's name ("Quanta Magazine"), while og:title is the headline the
      // page shows in a heading: the headline wins.
      return og;
    }
    if (!og.isEmpty() && rawKey.contains(key(og))) {
      return og;
    }
    // A headline the <title> contains; the site's name is often an <h1> too, but comes later in it.
    String best = null;
    int bestAt = Integer.MAX_VALUE;
    Elements headings = doc.select("h1, h2");
    for (int i = 0; i < Math.min(6, headings.size()); i++) {
      String h = headingText(headings.get(i));
      String k = key(h);
      int at = k.length() >= 8 ? rawKey.indexOf(k) : -1;
      if (at >= 0 && (at < bestAt || at == bestAt && h.length() > best.length())) {
        best = h;
        bestAt = at;
      }
    }
    if (best != null) {
      return best;
    }
    String[] parts = SEPARATORS.split(raw);
    if (parts.length < 2) {
      return raw;
    }
    // A short headline ("Mozilla - Wikipedia") is too short to find by containment: a heading that is
    // one whole part of the title is the headline.
    for (int i = 0; i < Math.min(6, headings.size()); i++) {
      String k = key(headings.get(i).text());
      for (String p : parts) {
        if (!k.isEmpty() && k.equals(key(p))) {
          return p.strip();
        }
      }
    }
    if (words(parts[0]) >= 3) {
      return parts[0];
    }
    String longest = parts[0];
    for (String p : parts) {
      if (p.length() > longest.length()) {
        longest = p;
      }
    }
    return words(longest) >= 2 ? longest : raw;
  }

  /**
   * The title without a first or last part naming the site: "Headline - BBC News" with the site name
   * "BBC News", "Headline | Factorio" with "Factorio.com". A title that is only the site name stays.
   */
  static String withoutSiteName(String title, String site) {
    String siteKey = key(site);
    if (siteKey.isEmpty()) {
      return title;
    }
    Matcher m = SEPARATORS.matcher(title);
    int firstStart = -1;
    int firstEnd = -1;
    int lastStart = -1;
    int lastEnd = -1;
    while (m.find()) {
      if (firstStart < 0) {
        firstStart = m.start();
        firstEnd = m.end();
      }
      lastStart = m.start();
      lastEnd = m.end();
    }
    if (lastStart < 0) {
      return title;
    }
    if (namesSite(title.substring(lastEnd), siteKey)) {
      return title.substring(0, lastStart).strip();
    }
    if (namesSite(title.substring(0, firstStart), siteKey)) {
      return title.substring(firstEnd).strip();
    }
    return title;
  }

  /**
   * "Spiceworks" names the site "Spiceworks Inc"; "Factorio" names "Factorio.com". One must start the
   * other and be at least half its length: "A" does not name "Apple Insider".
   */
  private static boolean namesSite(String part, String siteKey) {
    String k = key(part);
    boolean prefix = siteKey.startsWith(k) || k.startsWith(siteKey);
    return !k.isEmpty() && prefix
        && Math.min(k.length(), siteKey.length()) * 2 >= Math.max(k.length(), siteKey.length());
  }

  private static String siteName(List<Element> metas) {
    String site = clean(meta(metas, "og:site_name"));
    return site.isEmpty() ? clean(meta(metas, "application-name")) : site;
  }

  /** Whether a heading repeats the title, so that the title is emitted once. */
  static boolean sameAs(String heading, String title) {
    if (title.isEmpty()) {
      return false;
    }
    String h = key(heading);
    String t = key(title);
    if (h.isEmpty()) {
      return false;
    }
    if (h.equals(t)) {
      return true;
    }
    // "Title" vs "Title: a subtitle" or a site-decorated variant: one inside the other, similar size.
    boolean nested = t.contains(h) || h.contains(t);
    return nested && Math.min(h.length(), t.length()) * 4 >= Math.max(h.length(), t.length()) * 3;
  }

  private static boolean shownAsHeading(Document doc, String title) {
    String k = key(title);
    if (k.isEmpty()) {
      return false;
    }
    for (Element h : doc.select("h1, h2")) {
      if (key(h.text()).equals(k)) {
        return true;
      }
    }
    return false;
  }

  /** The content of the first meta element whose {@code property} or {@code name} is the given one. */
  static String meta(List<Element> metas, String property) {
    for (Element m : metas) {
      if (m.attr("property").equalsIgnoreCase(property) || m.attr("name").equalsIgnoreCase(property)) {
        return m.attr("content");
      }
    }
    return "";
  }

  private static String firstHeading(Document doc) {
    Element h1 = doc.selectFirst("h1");
    return h1 == null ? "" : headingText(h1);
  }

  private static String clean(String s) {
    return SPACES.matcher(s).replaceAll(" ").strip();
  }

  /** A heading's text without the permalink mark a documentation generator put after it. */
  private static String headingText(Element h) {
    Element copy = null;
    for (Element a : h.select("a")) {
      if (MarkdownRenderer.permalink(a)) {
        copy = copy == null ? h.clone() : copy;
      }
    }
    if (copy == null) {
      return clean(h.text());
    }
    for (Element a : copy.select("a")) {
      if (MarkdownRenderer.permalink(a)) {
        a.remove();
      }
    }
    return clean(copy.text());
  }

  private static String key(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.toLowerCase(Locale.ROOT).codePoints()
        .filter(Character::isLetterOrDigit)
        .forEach(b::appendCodePoint);
    return b.toString();
  }

  private static int words(String s) {
    int cjk = 0;
    for (int i = 0; i < s.length(); i++) {
      if (Character.isIdeographic(s.charAt(i))) {
        cjk++;
      }
    }
    // A CJK headline has no spaces; count every four ideographs as a word.
    return SPACES.split(s.strip()).length + cjk / 4;
  }
}
