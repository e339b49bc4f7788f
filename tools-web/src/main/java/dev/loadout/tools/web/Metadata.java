package dev.loadout.tools.web;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Reads a {@link PageMetadata} from a parsed page, before anything is pruned. Each field takes the first
 * source that has it, in order of how deliberately a site states it: schema.org JSON-LD (written for search
 * engines), then {@code <meta>} tags (Open Graph's {@code article:*}, Dublin Core, the names news CMSs use),
 * then microdata ({@code itemprop}) in the body. Values are whitespace-collapsed and cut at
 * {@value #MAX_LENGTH} characters; an author that is a URL (Open Graph allows a profile link) is skipped.
 */
final class Metadata {
  private static final int MAX_LENGTH = 200;
  private static final List<String> AUTHOR_METAS = List.of(
      "author", "article:author", "dc.creator", "dcterms.creator", "parsely-author", "sailthru.author",
      "twitter:creator");
  private static final List<String> DATE_METAS = List.of(
      "article:published_time", "datePublished", "date", "pubdate", "publishdate", "publish-date",
      "dc.date.issued", "dcterms.issued", "dc.date", "dcterms.date", "parsely-pub-date", "sailthru.date",
      "og:published_time", "article.published");
  private static final List<String> SITE_METAS = List.of("og:site_name", "application-name");
  /** "By Jane Doe", "Von …", "Por …", "Par …": the label, not the name. */
  private static final Pattern BY = Pattern.compile("(?iu)^(?:by|von|por|par|di|door|av)\\s+");

  private Metadata() {}

  static PageMetadata of(Document doc, JsonLd ld) {
    List<Element> metas = doc.getElementsByTag("meta");
    String author = ld.author();
    for (int i = 0; i < AUTHOR_METAS.size() && usable(author).isEmpty(); i++) {
      author = meta(metas, AUTHOR_METAS.get(i));
    }
    if (usable(author).isEmpty()) {
      author = itemprop(doc, "author");
    }
    String published = ld.published();
    for (int i = 0; i < DATE_METAS.size() && clean(published).isEmpty(); i++) {
      published = meta(metas, DATE_METAS.get(i));
    }
    if (clean(published).isEmpty()) {
      published = itemprop(doc, "datePublished");
    }
    String site = "";
    for (int i = 0; i < SITE_METAS.size() && clean(site).isEmpty(); i++) {
      site = meta(metas, SITE_METAS.get(i));
    }
    if (clean(site).isEmpty()) {
      site = ld.publisher();
    }
    return new PageMetadata(BY.matcher(usable(author)).replaceFirst(""), clean(published), clean(site));
  }

  /** The content of the first meta element whose property, name or itemprop is {@code key}. */
  private static String meta(List<Element> metas, String key) {
    for (Element m : metas) {
      if (m.attr("property").equalsIgnoreCase(key) || m.attr("name").equalsIgnoreCase(key)
          || m.attr("itemprop").equalsIgnoreCase(key)) {
        return m.attr("content");
      }
    }
    return "";
  }

  /** A microdata value: the content or datetime attribute, else a nested name, else the text. */
  private static String itemprop(Document doc, String property) {
    Element e = doc.selectFirst("[itemprop=" + property + "]");
    if (e == null) {
      return "";
    }
    for (String attr : new String[] {"content", "datetime"}) {
      if (!e.attr(attr).isBlank()) {
        return e.attr(attr);
      }
    }
    Element name = e.selectFirst("[itemprop=name]");
    String text = name != null ? name.text() : e.text();
    return text.length() > MAX_LENGTH ? "" : text;
  }

  private static String usable(String author) {
    String a = clean(author);
    String lower = a.toLowerCase(Locale.ROOT);
    return lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("@") ? "" : a;
  }

  private static String clean(String s) {
    String c = s.replaceAll("\\s+", " ").strip();
    return c.length() > MAX_LENGTH ? c.substring(0, MAX_LENGTH) : c;
  }
}
