package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * The measurements answer the same whatever order they are asked in: in document order (the renderer's way, a
 * cursor over the array) and out of it (the extraction's way, an identity map built on the first such lookup).
 */
class NodeStatsTest {
  private static final String PAGE = "<body><main><h1>The headline</h1><p>First, a paragraph of text.</p>"
      + "<aside><p>Set aside</p></aside><table><tr><td><table><tr><td>inner cell</td></tr></table></td></tr></table>"
      + "<p>Last <a href='/x'>link</a> words.</p></main><footer>foot</footer></body>";

  private final Document doc = Jsoup.parse(PAGE);
  private final Element main = doc.selectFirst("main");
  private final Element h1 = doc.selectFirst("h1");
  private final Element first = doc.select("p").get(0);
  private final Element aside = doc.selectFirst("aside");
  private final Element outer = doc.select("table").get(0);
  private final Element inner = doc.select("table").get(1);
  private final Element last = doc.select("p").get(2);
  private final Element footer = doc.selectFirst("footer");

  private NodeStats measure() {
    Set<Element> skip = ContentExtractor.identitySet();
    skip.add(aside);
    return NodeStats.of(List.of(main), skip, WorkBudget.forPage(PAGE.length()), 16);
  }

  @Test
  void lookupsInDocumentOrderAnswerAsTheTreeReads() {
    NodeStats s = measure();
    assertThat(s.text(main)).isEqualTo("The headline First, a paragraph of text. inner cell Last link words.");
    assertThat(s.text(h1)).isEqualTo(h1.text());
    assertThat(s.get(first).commas).isEqualTo(1);
    assertThat(s.get(outer).holds(NodeStats.TABLE)).as("a table holding a table").isTrue();
    assertThat(s.get(inner).holds(NodeStats.TABLE)).as("the innermost table holds none").isFalse();
    assertThat(s.text(last)).isEqualTo("Last link words.");
    assertThat(s.get(last).link).isEqualTo(4);
    assertThat(s.get(last).link).as("asked again at the cursor").isEqualTo(4);
  }

  @Test
  void aLookupBehindTheCursorStillFindsItsElementAndSoDoEveryLookupAfterIt() {
    NodeStats s = measure();
    assertThat(s.text(last)).isEqualTo("Last link words.");
    assertThat(s.text(h1)).as("behind the cursor").isEqualTo("The headline");
    assertThat(s.get(outer).holds(NodeStats.TABLE)).isTrue();
    assertThat(s.text(first)).isEqualTo("First, a paragraph of text.");
    assertThat(s.inside(inner, outer)).isTrue();
    assertThat(s.inside(outer, inner)).isFalse();
    assertThat(s.inside(last, main)).isTrue();
  }

  @Test
  void elementsSkippedOrOutsideTheRootAreAbsentWithoutHidingTheOthers() {
    NodeStats s = measure();
    assertThat(s.has(aside)).as("skipped").isFalse();
    assertThat(s.get(aside).text).isZero();
    assertThat(s.has(aside.selectFirst("p"))).as("inside a skipped element").isFalse();
    assertThat(s.has(footer)).as("outside the root").isFalse();
    assertThat(s.text(footer)).isEmpty();
    assertThat(s.inside(footer, main)).isFalse();
    // Asked after the misses, in document order again: still found.
    assertThat(s.has(h1)).isTrue();
    assertThat(s.text(h1)).isEqualTo("The headline");
    assertThat(s.text(last)).isEqualTo("Last link words.");
    assertThat(s.size()).isEqualTo(s.elements().size());
    assertThat(s.elements()).startsWith(main, h1, first).doesNotContain(aside, footer);
  }
}
