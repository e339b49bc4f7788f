package dev.loadout.tools.web;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * What an element's {@code class} and {@code id} say about it. Site templates name their parts
 * ("article-body", "sidebar", "share-tools"), and those names are the cheapest signal there is.
 *
 * <p>Names are split into words at non-alphanumerics and camelCase humps ("articleBody" is "article"
 * and "body"), and a word matches a stem when it starts with it ("comments", "navbar"). Matching words
 * instead of substrings keeps "subheader" from meaning "header" and "download" from meaning "ad".
 */
final class ClassHints {
  /** Words of content containers. */
  private static final Set<String> POSITIVE = Set.of(
      "article", "body", "content", "entry", "hentry", "main", "page", "post", "text", "blog", "story",
      "prose", "chapter");
  /** Words of page furniture: lowers a container's score, and marks blocks inside content for removal. */
  private static final Set<String> NEGATIVE = Set.of(
      "ad", "ads", "advert", "advertisement", "banner", "breadcrumb", "combx", "comment", "community",
      "contact", "cookie", "disqus", "footer", "gdpr", "hidden", "masthead", "meta", "modal", "nav", "navbar",
      "navigation",
      "newsletter", "outbrain", "pager", "pagination", "popup", "promo", "related", "remark", "replies",
      "rss", "share", "sharing", "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "shopping",
      "subscribe", "tags", "taboola", "widget", "menu", "toolbar", "tweet", "login", "signup", "byline",
      "recirc", "trending", "most");
  /** Words of elements removed before scoring, unless the element also carries a guard word. */
  private static final Set<String> UNLIKELY = Set.of(
      "ad", "ads", "advert", "advertisement", "agegate", "banner", "breadcrumb", "breadcrumbs", "combx",
      "comment", "community", "cookie", "disqus", "footer", "gdpr", "header", "masthead", "menu", "modal",
      "nav", "navbar", "navigation", "newsletter", "outbrain", "pager", "pagination", "popup", "promo",
      "related", "remark", "replies", "rss", "share", "sharing", "shoutbox", "sidebar", "skyscraper",
      "social", "sponsor", "sponsored", "subscribe", "supplemental", "taboola", "recirc", "trending", "lightbox");
  /**
   * Words that name a block which is never the article, however much prose it holds: readers' comments and the
   * reply form, related and recommended posts, share bars, newsletter and subscription boxes, cookie notices,
   * recommendation widgets. Comments and teaser lists are full of commas, so the prose rules alone keep them.
   */
  private static final Set<String> BOILERPLATE = Set.of(
      "comment", "comments", "commentlist", "respond", "disqus", "related", "recommended", "share", "sharing",
      "sharedaddy", "newsletter", "subscribe", "subscription", "cookie", "cookies", "gdpr", "consent", "outbrain",
      "taboola", "recirc", "promo", "sponsored");
  /** Words of the credit line and author bio: who wrote it and when, which readers see as furniture. */
  private static final Set<String> BYLINE =
      Set.of("byline", "author", "dateline", "writtenby", "bio", "biography", "contributor");
  /** Words of an image's caption and credit line. */
  private static final Set<String> CAPTION = Set.of("caption", "figcaption", "credit", "credits", "copyright");
  /**
   * An article body is named by a pair of words in one class or id token: whose body ("article", "post",
   * "entry", "story") and which part of it ("body", "content", "text"). Either word alone says little:
   * "content" names every wrapper of some templates, "post" every teaser of a blog's front page.
   */
  private static final Set<String> BODY_OWNER =
      Set.of("article", "post", "entry", "story", "news", "blog", "main", "page", "single");
  private static final Set<String> BODY_PART = Set.of("body", "content", "text", "copy", "inner");
  /** Words that keep an element despite an unlikely word: "main-nav-and-content" holds content. */
  private static final Set<String> GUARD = Set.of("article", "body", "content", "main", "column", "story");

  private static final int NONE = 0;
  private static final int POS = 1;
  private static final int NEG = 2;
  private static final int UNL = 4;
  private static final int GRD = 8;
  private static final int BYL = 16;
  private static final int CAP = 32;
  private static final int BODY = 64;
  /** Internal to one token of {@link #computeFlags}: its words so far included a body owner, a body part. */
  private static final int OWNER = 128;
  private static final int PART = 256;
  private static final int BOILER = 512;

  private ClassHints() {}

  /** Score adjustment from class and id: +25 for each that names content, -25 for furniture. */
  static int weight(Element e) {
    return weightOf(flags(e.className())) + weightOf(idFlags(e));
  }

  /** Whether the names say "page furniture" and nothing says "content". */
  static boolean unlikely(Element e) {
    int f = flags(e.className()) | idFlags(e);
    return (f & UNL) != 0 && (f & GRD) == 0;
  }

  /**
   * Whether the names say "never the article" ({@link #BOILERPLATE}), whatever else they say: "comment-body" is
   * a reader's comment, "related-content" another article's teaser.
   */
  static boolean boilerplate(Element e) {
    return ((flags(e.className()) | idFlags(e)) & BOILER) != 0;
  }

  /** Whether the names say "byline": the author and date line of an article. */
  static boolean byline(Element e) {
    return ((flags(e.className()) | idFlags(e)) & BYL) != 0;
  }

  /** Whether the names say "caption": the line under a picture, or its credit. */
  static boolean caption(Element e) {
    return ((flags(e.className()) | idFlags(e)) & CAP) != 0;
  }

  /** Whether a class or id token names an article's body: "entry-content", "articleBody", "story__text". */
  static boolean bodyHint(Element e) {
    return ((flags(e.className()) | flags(e.id())) & BODY) != 0;
  }

  /** Whether the names say furniture. */
  static boolean negative(Element e) {
    return ((flags(e.className()) | idFlags(e)) & NEG) != 0;
  }

  /**
   * What the id says, unless it is a slug made from a heading: documentation generators and wikis give
   * every section one ("sharing-with-a-single-developer", "Eich_CEO_promotion_controversy", "Community"),
   * and its words describe the text, not the template. A slug has many dashes, or spells the element's own
   * text; only ids that carry a hint word are checked against the text, so the check is rare.
   */
  private static int idFlags(Element e) {
    String id = e.id();
    if (id.isEmpty()) {
      return NONE;
    }
    int dashes = 0;
    for (int i = 0; i < id.length(); i++) {
      if (id.charAt(i) == '-') {
        dashes++;
      }
    }
    if (dashes >= 3) {
      return NONE;
    }
    int f = flags(id);
    return f != NONE && spells(id, e) ? NONE : f;
  }

  /**
   * Whether the id is the element's text with spaces and punctuation dropped, case aside. Walks the
   * text only as far as it matches: a wrapper's id ("content") is compared with a few characters of
   * the page, not the whole page, since this runs for elements at every level.
   */
  private static boolean spells(String id, Element e) {
    IdSpelling spelling = new IdSpelling(id);
    NodeTraversor.filter(spelling, e);
    return spelling.matches();
  }

  /**
   * Compares text nodes in document order with the id's letters and digits, stopping at a mismatch, or after
   * {@value #MAX_SPELLING_NODES} nodes: a heading's slug is spelled by its first few nodes, and a wrapper holding
   * thousands of empty elements before its first word must not be walked for every id on the way down.
   */
  private static final class IdSpelling implements NodeFilter {
    private static final int MAX_SPELLING_NODES = 64;
    private final String id;
    private int at;
    private int nodes;
    private boolean failed;

    IdSpelling(String id) {
      this.id = id;
    }

    @Override
    public FilterResult head(Node node, int depth) {
      if (++nodes > MAX_SPELLING_NODES) {
        failed = true;
        return FilterResult.STOP;
      }
      if (!(node instanceof TextNode)) {
        return FilterResult.CONTINUE;
      }
      String text = ((TextNode) node).getWholeText();
      for (int j = 0; j < text.length(); j++) {
        char c = text.charAt(j);
        if (!Character.isLetterOrDigit(c)) {
          continue;
        }
        skipPunctuation();
        if (at == id.length() || Character.toLowerCase(c) != Character.toLowerCase(id.charAt(at))) {
          failed = true;
          return FilterResult.STOP;
        }
        at++;
      }
      return FilterResult.CONTINUE;
    }

    boolean matches() {
      if (failed || at == 0) {
        return false;
      }
      skipPunctuation();
      return at == id.length();
    }

    private void skipPunctuation() {
      while (at < id.length() && !Character.isLetterOrDigit(id.charAt(at))) {
        at++;
      }
    }
  }

  private static int weightOf(int f) {
    int w = 0;
    if ((f & POS) != 0) {
      w += 25;
    }
    if ((f & NEG) != 0) {
      w -= 25;
    }
    return w;
  }

  /**
   * The flags of a class or id string, remembered: a page repeats its template's few hundred names on
   * thousands of elements, and every element is asked about several times. Bounded: cleared when full, and
   * names too long to be a template's are not kept.
   */
  private static final ConcurrentHashMap<String, Integer> FLAGS = new ConcurrentHashMap<>();
  private static final int MAX_REMEMBERED = 4096;
  private static final int MAX_REMEMBERED_LENGTH = 200;

  private static int flags(String names) {
    if (names.isEmpty()) {
      return NONE;
    }
    if (names.length() > MAX_REMEMBERED_LENGTH) {
      return computeFlags(names);
    }
    Integer known = FLAGS.get(names);
    if (known != null) {
      return known;
    }
    int f = computeFlags(names);
    if (FLAGS.size() >= MAX_REMEMBERED) {
      FLAGS.clear();
    }
    FLAGS.put(names, f);
    return f;
  }

  private static int computeFlags(String names) {
    int f = NONE;
    int token = NONE; // what the words of the current whitespace-separated token were
    int n = names.length();
    int start = -1;
    for (int i = 0; i <= n; i++) {
      char c = i < n ? names.charAt(i) : ' ';
      boolean alnum = c < 128 ? Character.isLetterOrDigit(c) : false;
      boolean hump = alnum && start >= 0 && Character.isUpperCase(c)
          && Character.isLowerCase(names.charAt(i - 1));
      if (start >= 0 && (!alnum || hump)) {
        token |= classify(names.substring(start, i).toLowerCase(java.util.Locale.ROOT));
        start = -1;
      }
      if (alnum && start < 0) {
        start = i;
      }
      if (Character.isWhitespace(c) || i == n) {
        f |= token & ~(OWNER | PART);
        if ((token & OWNER) != 0 && (token & PART) != 0) {
          f |= BODY;
        }
        token = NONE;
      }
    }
    return f;
  }

  private static int classify(String word) {
    int f = NONE;
    if (matches(POSITIVE, word)) {
      f |= POS;
    }
    if (matches(NEGATIVE, word)) {
      f |= NEG;
    }
    if (matches(UNLIKELY, word)) {
      f |= UNL;
    }
    if (matches(GUARD, word)) {
      f |= GRD;
    }
    if (matches(BYLINE, word)) {
      f |= BYL;
    }
    if (matches(CAPTION, word)) {
      f |= CAP;
    }
    if (matches(BOILERPLATE, word)) {
      f |= BOILER;
    }
    if (BODY_OWNER.contains(word)) {
      f |= OWNER;
    }
    if (BODY_PART.contains(word)) {
      f |= PART;
    }
    return f;
  }

  private static boolean matches(Set<String> stems, String word) {
    if (stems.contains(word)) {
      return true;
    }
    // Prefix match only for stems long enough not to be accidental ("nav" in "navbar", not "ad" in "add").
    for (int len = Math.min(word.length() - 1, 12); len >= 4; len--) {
      if (stems.contains(word.substring(0, len))) {
        return true;
      }
    }
    return false;
  }
}
