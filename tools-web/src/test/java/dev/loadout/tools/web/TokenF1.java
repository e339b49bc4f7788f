package dev.loadout.tools.web;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The token and bigram F1 of {@code shared/bench/htmlmd/score.js} (functions {@code tokens},
 * {@code stripMarkdown}, {@code textOfHtml}, {@code prf} of {@code htmlmd-baseline.js}), in Java, so
 * that the corpus floor is enforced by {@code mvn verify} without node. Each regular expression is the
 * JavaScript one translated; JavaScript's Unicode {@code \s} is spelled out, since Java's is ASCII,
 * and repetitions that cannot give back are possessive, since Java's matcher recurses on alternation
 * and would overflow the stack on long link texts.
 */
final class TokenF1 {
  private static final String JS_SPACE = "\\t\\n\\x0B\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
  private static final String S = "[" + JS_SPACE + "]";
  private static final String NOT_S = "[^" + JS_SPACE + "]";

  private static final Pattern FENCES = Pattern.compile("(?m)^[ \\t]*(```|~~~).*$");
  private static final Pattern IMAGES = Pattern.compile(
      "!\\[(?:[^\\]\\\\]|\\\\.)*+\\]\\((?:[^()" + JS_SPACE + "]|\\([^()]*\\))*+(?:" + S + "+\"[^\"]*\")?\\)");
  private static final Pattern LINKS = Pattern.compile(
      "\\[((?:[^\\[\\]\\\\]|\\\\.)*+)\\]\\((?:[^()" + JS_SPACE + "]|\\([^()]*\\))*+(?:" + S
          + "+\"(?:[^\"\\\\]|\\\\.)*\")?\\)");
  private static final Pattern TABLES = Pattern.compile("(?i)<table\\b(?:(?!<table\\b)[\\s\\S])*?</table>");
  private static final Pattern TAG = Pattern.compile("<[^>]*>");
  private static final Pattern BR = Pattern.compile("(?i)<br" + S + "*/?>");
  private static final Pattern ATTR_BLOCKS = Pattern.compile(
      "\\{[#.][^{}" + JS_SPACE + "]*(?:" + S + "+[#.][^{}" + JS_SPACE + "]*)*\\}");
  private static final Pattern AUTOLINKS = Pattern.compile("<(https?:[^>" + JS_SPACE + "]+)>");
  private static final Pattern QUOTES = Pattern.compile("(?m)^[ \\t]*(?:>[ \\t]?)+");
  private static final Pattern ORDERED = Pattern.compile("(?m)^[ \\t]*\\d+\\.[ \\t]+");
  private static final Pattern BULLETS = Pattern.compile("(?m)^[ \\t]*[-*+][ \\t]+(\\[[ xX]\\][ \\t]+)?");
  private static final Pattern HEADINGS = Pattern.compile("(?m)^[ \\t]*#{1,6}[ \\t]+");
  private static final Pattern EMPHASIS = Pattern.compile(
      "(?<!\\\\)(?:(?<![\\p{L}\\p{N}_*~])[_*~]+(?=[\\p{L}\\p{N}])|(?<=[\\p{L}\\p{N}])[_*~]+(?![\\p{L}\\p{N}_*~]))");
  private static final Pattern ESCAPES = Pattern.compile("\\\\([\\\\`*_{}\\[\\]()#+\\-.!>~|])");
  private static final Pattern ENTITIES = Pattern.compile("(?i)&(#x[0-9a-f]+|#\\d+|[a-z]+);");
  private static final Map<String, String> NAMED = Map.of(
      "amp", "&", "lt", "<", "gt", ">", "quot", "\"", "apos", "'", "nbsp", "\u00a0");
  private static final java.util.Set<String> BLOCKS = java.util.Set.of((
      "ADDRESS ARTICLE ASIDE BLOCKQUOTE BR DD DETAILS DIV DL DT FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5"
      + " H6 HEADER HR IMG LI MAIN NAV OL P PRE SECTION SUMMARY TABLE TBODY TD TFOOT TH THEAD TR UL CAPTION")
      .toLowerCase(Locale.ROOT).split(" "));

  /** Precision, recall and F1 of one comparison. */
  record Prf(double precision, double recall, double f1) {}

  /** Token F1 and bigram F1 of one page. */
  record Score(Prf tokens, Prf bigrams) {}

  private TokenF1() {}

  static Score score(String markdown, String expectedHtml) {
    List<String> gold = tokens(textOfHtml(expectedHtml));
    List<String> toks = tokens(stripMarkdown(markdown));
    return new Score(prf(toks, gold), prf(bigrams(toks), bigrams(gold)));
  }

  static List<String> tokens(String s) {
    String t = Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    List<String> out = new ArrayList<>();
    int runStart = -1;
    for (int i = 0; i < t.length(); ) {
      int cp = t.codePointAt(i);
      int next = i + Character.charCount(cp);
      if (isCjk(cp)) {
        if (runStart >= 0) {
          out.add(t.substring(runStart, i));
          runStart = -1;
        }
        out.add(t.substring(i, next));
      } else if (isWordChar(cp)) {
        if (runStart < 0) {
          runStart = i;
        }
      } else if (runStart >= 0) {
        out.add(t.substring(runStart, i));
        runStart = -1;
      }
      i = next;
    }
    if (runStart >= 0) {
      out.add(t.substring(runStart));
    }
    return out;
  }

  private static boolean isCjk(int cp) {
    Character.UnicodeScript sc = Character.UnicodeScript.of(cp);
    return sc == Character.UnicodeScript.HAN || sc == Character.UnicodeScript.HIRAGANA
        || sc == Character.UnicodeScript.KATAKANA || sc == Character.UnicodeScript.HANGUL;
  }

  private static boolean isWordChar(int cp) {
    switch (Character.getType(cp)) {
      case Character.UPPERCASE_LETTER: case Character.LOWERCASE_LETTER: case Character.TITLECASE_LETTER:
      case Character.MODIFIER_LETTER: case Character.OTHER_LETTER:
      case Character.DECIMAL_DIGIT_NUMBER: case Character.LETTER_NUMBER: case Character.OTHER_NUMBER:
      case Character.NON_SPACING_MARK: case Character.ENCLOSING_MARK: case Character.COMBINING_SPACING_MARK:
        return true;
      default:
        return false;
    }
  }

  static List<String> bigrams(List<String> toks) {
    List<String> out = new ArrayList<>(Math.max(0, toks.size() - 1));
    for (int i = 0; i + 1 < toks.size(); i++) {
      out.add(toks.get(i) + " " + toks.get(i + 1));
    }
    return out;
  }

  static Prf prf(List<String> pred, List<String> gold) {
    Map<String, Integer> p = bag(pred);
    Map<String, Integer> g = bag(gold);
    long overlap = 0;
    for (var e : p.entrySet()) {
      overlap += Math.min(e.getValue(), g.getOrDefault(e.getKey(), 0));
    }
    double precision = !pred.isEmpty() ? (double) overlap / pred.size() : gold.isEmpty() ? 1 : 0;
    double recall = !gold.isEmpty() ? (double) overlap / gold.size() : 1;
    double f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
    return new Prf(precision, recall, f1);
  }

  private static Map<String, Integer> bag(List<String> toks) {
    Map<String, Integer> m = new HashMap<>();
    for (String t : toks) {
      m.merge(t, 1, Integer::sum);
    }
    return m;
  }

  static String stripMarkdown(String md) {
    String s = FENCES.matcher(md).replaceAll("");
    s = IMAGES.matcher(s).replaceAll("");
    String prev;
    do {
      prev = s;
      s = LINKS.matcher(s).replaceAll("$1");
    } while (!s.equals(prev));
    do {
      prev = s;
      s = replace(TABLES, s, t -> TAG.matcher(t).replaceAll(" "));
    } while (!s.equals(prev));
    s = BR.matcher(s).replaceAll(" ");
    s = ATTR_BLOCKS.matcher(s).replaceAll(" ");
    s = AUTOLINKS.matcher(s).replaceAll(" ");
    s = QUOTES.matcher(s).replaceAll("");
    s = ORDERED.matcher(s).replaceAll("");
    s = BULLETS.matcher(s).replaceAll("");
    s = HEADINGS.matcher(s).replaceAll("");
    s = EMPHASIS.matcher(s).replaceAll("");
    s = ESCAPES.matcher(s).replaceAll("$1");
    return replace(ENTITIES, s, m -> decodeEntity(m));
  }

  private static String decodeEntity(String whole) {
    String e = whole.substring(1, whole.length() - 1);
    if (e.charAt(0) == '#') {
      boolean hex = e.length() > 1 && (e.charAt(1) == 'x' || e.charAt(1) == 'X');
      try {
        long cp = hex ? Long.parseLong(e.substring(2), 16) : Long.parseLong(e.substring(1));
        return cp > Character.MAX_CODE_POINT ? " " : new String(Character.toChars((int) cp));
      } catch (NumberFormatException tooLong) {
        return " ";
      }
    }
    return NAMED.getOrDefault(e.toLowerCase(Locale.ROOT), whole);
  }

  private static String replace(Pattern p, String s, java.util.function.UnaryOperator<String> f) {
    Matcher m = p.matcher(s);
    StringBuilder b = new StringBuilder(s.length());
    while (m.find()) {
      m.appendReplacement(b, Matcher.quoteReplacement(f.apply(m.group())));
    }
    m.appendTail(b);
    return b.toString();
  }

  /** The innerText-like text of an HTML fragment: block boundaries and {@code <br>} become newlines. */
  static String textOfHtml(String html) {
    Document doc = Jsoup.parse(html, "http://fakehost/test/page.html");
    StringBuilder out = new StringBuilder();
    walk(doc.body(), out);
    return out.toString();
  }

  private static void walk(Element e, StringBuilder out) {
    for (Node n : e.childNodes()) {
      if (n instanceof TextNode) {
        out.append(((TextNode) n).getWholeText());
      } else if (n instanceof org.jsoup.nodes.DataNode) {
        out.append(((org.jsoup.nodes.DataNode) n).getWholeData());
      } else if (n instanceof Element) {
        Element c = (Element) n;
        String tag = c.normalName();
        if (tag.equals("script") || tag.equals("style") || tag.equals("noscript") || tag.equals("template")) {
          continue;
        }
        boolean block = BLOCKS.contains(tag);
        if (block) {
          out.append('\n');
        }
        walk(c, out);
        if (block) {
          out.append('\n');
        }
      }
    }
  }
}
