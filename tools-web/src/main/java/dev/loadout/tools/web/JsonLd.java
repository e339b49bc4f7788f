package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a page's schema.org JSON-LD ({@code <script type="application/ld+json">}) says about its article:
 * the body text, the headline, the author, the dates and the publisher. News sites and blogs publish it for
 * search engines; it is the site's own statement of what the article is, so it makes a good hint for where the
 * article sits in the page (or, on a page that renders its article with a script, the article itself).
 *
 * <p>Read defensively, since a page can put anything there: at most {@value #MAX_CHARS} characters of JSON-LD
 * in all, nesting and string lengths bounded by the parser's constraints, objects looked into at most
 * {@value #MAX_DEPTH} levels deep; anything that does not parse is ignored.
 *
 * @param articleBody the longest {@code articleBody} (or {@code text} of an article type); empty when none
 * @param headline the {@code headline}; empty when none
 * @param author the first author's name; empty when none
 * @param published {@code datePublished} as written; empty when none
 * @param modified {@code dateModified} as written; empty when none
 * @param publisher the publisher's name; empty when none
 */
record JsonLd(String articleBody, String headline, String author, String published, String modified,
    String publisher) {
  static final JsonLd NONE = new JsonLd("", "", "", "", "", "");
  private static final int MAX_CHARS = 2_000_000;
  private static final int MAX_DEPTH = 8;
  private static final JsonMapper JSON = JsonMapper.builder(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).maxStringLength(MAX_CHARS)
          .maxNumberLength(64).build())
      .build()).build();

  /** The JSON-LD of the document; {@link #NONE} when there is none or none that parses. */
  static JsonLd of(Document doc, WorkBudget budget) {
    List<JsonNode> roots = new ArrayList<>();
    int chars = 0;
    for (Element script : doc.getElementsByTag("script")) {
      if (!script.attr("type").trim().equalsIgnoreCase("application/ld+json")) {
        continue;
      }
      StringBuilder data = new StringBuilder();
      for (DataNode d : script.dataNodes()) {
        data.append(d.getWholeData());
      }
      chars += data.length();
      if (chars > MAX_CHARS) {
        break;
      }
      budget.spendChars(data.length());
      try {
        roots.add(JSON.readTree(data.toString()));
      } catch (JacksonException | IllegalArgumentException unreadable) {
        // a broken block says nothing; the others may still
      }
    }
    if (roots.isEmpty()) {
      return NONE;
    }
    Found found = new Found();
    for (JsonNode root : roots) {
      visit(root, 0, found, budget);
    }
    return new JsonLd(found.body, found.headline, found.author, found.published, found.modified, found.publisher);
  }

  private static final class Found {
    String body = "";
    String headline = "";
    String author = "";
    String published = "";
    String modified = "";
    String publisher = "";
  }

  private static void visit(JsonNode node, int depth, Found found, WorkBudget budget) {
    budget.spend(1);
    if (node == null || depth > MAX_DEPTH) {
      return;
    }
    if (node.isArray()) {
      for (JsonNode n : node) {
        visit(n, depth + 1, found, budget);
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    String body = text(node.get("articleBody"));
    if (body.length() > found.body.length()) {
      found.body = body;
    }
    if (found.headline.isEmpty()) {
      found.headline = text(node.get("headline"));
    }
    if (found.published.isEmpty()) {
      found.published = text(node.get("datePublished"));
    }
    if (found.modified.isEmpty()) {
      found.modified = text(node.get("dateModified"));
    }
    if (found.author.isEmpty()) {
      found.author = name(node.get("author"));
    }
    if (found.publisher.isEmpty()) {
      found.publisher = name(node.get("publisher"));
    }
    visit(node.get("@graph"), depth + 1, found, budget);
    visit(node.get("mainEntity"), depth + 1, found, budget);
    visit(node.get("mainEntityOfPage"), depth + 1, found, budget);
  }

  /** A person or organisation's name: a string, an object's {@code name}, or the first of an array. */
  private static String name(JsonNode n) {
    if (n == null) {
      return "";
    }
    if (n.isArray()) {
      return n.isEmpty() ? "" : name(n.get(0));
    }
    if (n.isObject()) {
      return text(n.get("name"));
    }
    return text(n);
  }

  private static String text(JsonNode n) {
    return n != null && n.isString() ? n.stringValue().strip() : "";
  }
}
