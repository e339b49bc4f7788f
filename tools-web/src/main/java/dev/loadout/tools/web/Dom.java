package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;

/**
 * Tree helpers that cost what they look at. jsoup's {@code Element.children()} caches each element's child list
 * in a map of its own: harmless once, but a walk that asks every element of a million-element page fills a
 * million maps, and the collector then spends longer than the walk.
 */
final class Dom {
  private Dom() {}

  /** The element children of {@code e}, in order, in a new list; no cache is filled. */
  static List<Element> children(Element e) {
    int count = e.childNodeSize();
    List<Element> out = new ArrayList<>(Math.min(count, 16));
    for (int i = 0; i < count; i++) {
      Node n = e.childNode(i);
      if (n instanceof Element) {
        out.add((Element) n);
      }
    }
    return out;
  }
}
