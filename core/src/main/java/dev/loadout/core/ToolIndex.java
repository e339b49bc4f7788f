package dev.loadout.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A local BM25 index over the searchable text of a turn's deferred tools, built once per deferred set.
 *
 * <p>How a query ranks: text is split into terms at every non-letter-or-digit, at camelCase humps and at
 * letter/digit boundaries, lower-cased, stripped of a few English stop words and of plural and -ing/-ed endings,
 * so {@code listIssues}, {@code list_issues} and "list the issues" meet. A tool whose name holds more of the query's
 * terms ranks first (a model searching "create issue" means {@code create_issue} before a tool that only mentions
 * issues); among equals, Okapi BM25 (k1 1.2, b 0.75) over the whole text (name counted three times, description,
 * parameter names and descriptions) decides, then the tool name, so the same query always gives the same order. A
 * tool that matches no term is never returned. No model, no network, no state after construction.
 */
final class ToolIndex {
  private static final double K1 = 1.2;
  private static final double B = 0.75;
  /** How many times a name's terms count: names are short and say the most. */
  private static final int NAME_WEIGHT = 3;
  private static final Set<String> STOP = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "for",
      "from", "get", "i", "in", "is", "it", "me", "my", "of", "on", "or", "please", "some", "that", "the", "this", "to",
      "tool", "want", "with", "you", "your");

  private final List<DeferredTool> tools;
  private final Set<String>[] names;
  private final Map<String, Integer>[] frequencies;
  private final int[] lengths;
  private final Map<String, Integer> documentFrequency = new HashMap<>();
  private final double averageLength;

  @SuppressWarnings("unchecked")
  ToolIndex(List<DeferredTool> tools) {
    this.tools = tools;
    int n = tools.size();
    this.names = new Set[n];
    this.frequencies = new Map[n];
    this.lengths = new int[n];
    long total = 0;
    for (int i = 0; i < n; i++) {
      DeferredTool t = tools.get(i);
      names[i] = new LinkedHashSet<>(terms(t.name()));
      Map<String, Integer> tf = new HashMap<>();
      int length = 0;
      for (String term : terms(t.name())) {
        tf.merge(term, NAME_WEIGHT, Integer::sum);
        length += NAME_WEIGHT;
      }
      for (String term : terms(t.searchText())) {
        tf.merge(term, 1, Integer::sum);
        length++;
      }
      frequencies[i] = tf;
      lengths[i] = length;
      total += length;
      tf.keySet().forEach(term -> documentFrequency.merge(term, 1, Integer::sum));
    }
    this.averageLength = n == 0 ? 1 : Math.max(1, (double) total / n);
  }

  /** The best matches for a query, at most {@code limit}, best first; empty when nothing matches. */
  List<DeferredTool> search(String query, int limit) {
    List<String> q = new ArrayList<>(new LinkedHashSet<>(terms(query)));
    if (q.isEmpty() || tools.isEmpty()) {
      return List.of();
    }
    String exact = query.strip();
    int n = tools.size();
    Integer[] order = new Integer[n];
    int[] inName = new int[n];
    double[] score = new double[n];
    int found = 0;
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (String term : q) {
        Integer f = frequencies[i].get(term);
        if (f != null) {
          int df = documentFrequency.get(term);
          double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          s += idf * (f * (K1 + 1)) / (f + K1 * (1 - B + B * lengths[i] / averageLength));
          if (names[i].contains(term)) {
            inName[i]++;
          }
        }
      }
      if (tools.get(i).name().equals(exact)) {
        inName[i] = Integer.MAX_VALUE;
      }
      score[i] = s;
      if (s > 0) {
        order[found++] = i;
      }
    }
    Integer[] hits = Arrays.copyOf(order, found);
    Arrays.sort(hits, (a, b) -> {
      int c = Integer.compare(inName[b], inName[a]);
      if (c != 0) {
        return c;
      }
      c = Double.compare(score[b], score[a]);
      return c != 0 ? c : tools.get(a).name().compareTo(tools.get(b).name());
    });
    List<DeferredTool> out = new ArrayList<>(Math.min(limit, found));
    for (int k = 0; k < found && k < limit; k++) {
      out.add(tools.get(hits[k]));
    }
    return out;
  }

  /** The searchable text of a tool besides its name: description, then each top-level parameter's name and description. */
  static String searchText(ToolSpec spec) {
    StringBuilder text = new StringBuilder(spec.description());
    JsonNode properties = spec.parametersView().path("properties");
    for (Map.Entry<String, JsonNode> p : properties.properties()) {
      text.append('\n').append(p.getKey());
      JsonNode d = p.getValue().path("description");
      if (d.isString()) {
        text.append(": ").append(d.stringValue());
      }
    }
    return text.toString();
  }

  /** The terms of a text, in order, repeats kept. */
  static List<String> terms(String text) {
    List<String> out = new ArrayList<>();
    int n = text.length();
    int start = -1;
    for (int i = 0; i <= n; i++) {
      char c = i < n ? text.charAt(i) : ' ';
      boolean word = Character.isLetterOrDigit(c);
      if (word && start >= 0 && i > start && boundary(text.charAt(i - 1), c, i + 1 < n ? text.charAt(i + 1) : ' ')) {
        add(out, text.substring(start, i));
        start = i;
      }
      if (word && start < 0) {
        start = i;
      } else if (!word && start >= 0) {
        add(out, text.substring(start, i));
        start = -1;
      }
    }
    return out;
  }

  /** A camelCase hump ({@code listIssues}, {@code HTTPServer}) or a letter/digit change. */
  private static boolean boundary(char previous, char c, char next) {
    if (Character.isDigit(previous) != Character.isDigit(c)) {
      return true;
    }
    if (Character.isLowerCase(previous) && Character.isUpperCase(c)) {
      return true;
    }
    return Character.isUpperCase(previous) && Character.isUpperCase(c) && Character.isLowerCase(next);
  }

  private static void add(List<String> out, String word) {
    String w = word.toLowerCase(Locale.ROOT);
    if (!STOP.contains(w)) {
      out.add(stem(w));
    }
  }

  /**
   * Plural, -ing, -ed and a final e, enough for tool vocabulary: "issues" and "issue", "created", "creating" and
   * "create", "deleted" and "delete", "running" and "run" meet.
   */
  static String stem(String w) {
    if (w.length() > 4 && w.endsWith("ies")) {
      w = w.substring(0, w.length() - 3) + "y";
    } else if (w.length() > 4 && (w.endsWith("ches") || w.endsWith("shes") || w.endsWith("xes") || w.endsWith("sses"))) {
      w = w.substring(0, w.length() - 2);
    } else if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
      w = w.substring(0, w.length() - 1);
    }
    boolean cut = false;
    if (w.length() > 5 && w.endsWith("ing")) {
      w = w.substring(0, w.length() - 3);
      cut = true;
    } else if (w.length() > 4 && w.endsWith("ed") && !w.endsWith("eed")) {
      w = w.substring(0, w.length() - 2);
      cut = true;
    }
    int n = w.length();
    if (cut && n > 2 && w.charAt(n - 1) == w.charAt(n - 2) && "lsz".indexOf(w.charAt(n - 1)) < 0
        && "aeiou".indexOf(w.charAt(n - 1)) < 0) {
      w = w.substring(0, n - 1);
    }
    if (w.length() > 3 && w.endsWith("e")) {
      w = w.substring(0, w.length() - 1);
    }
    return w;
  }
}
