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
 * so {@code listIssues}, {@code list_issues} and "list the issues" meet. The score is Okapi BM25 (k1 1.2, b 0.75) over
 * the whole text (name counted three times, description, parameter names and descriptions), plus each query term's
 * idf once more when the name holds it, so names weigh most (a model searching "create issue" means
 * {@code create_issue} before a tool that only mentions issues) without a common name word ("add", "list")
 * outranking a rare one the description holds. A short table of everyday words for tool verbs and nouns ("make" for
 * create, "show" for list, "picture" for image) adds those terms at half weight. Ties go by tool name, so the same
 * query always gives the same order; a tool that matches no term is never returned; a query equal to a tool's name
 * puts it first. No model, no network, no state after construction.
 *
 * <p>Why not "name matches strictly first": on the labelled set of {@code ToolSearchNumbersTest} ranking by the count
 * of name matches put {@code calendar_add_attendee} above {@code create_calendar_event} for "add a meeting to the
 * calendar" and reached 89.6 % top-5; the idf-weighted boost reached 92.6 %, the everyday words 97.0 %.
 */
final class ToolIndex {
  private static final double K1 = 1.2;
  private static final double B = 0.75;
  /** How many times a name's terms count: names are short and say the most. */
  private static final int NAME_WEIGHT = 3;
  /** What a query term found in the name adds, times its idf, on top of BM25. */
  private static final double NAME_BOOST = 1.0;
  private static final Set<String> STOP = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "for",
      "from", "get", "i", "in", "is", "it", "me", "my", "of", "on", "or", "please", "some", "that", "the", "this", "to",
      "tool", "want", "with", "you", "your");

  private static final double ALIAS_WEIGHT = 0.5;
  /**
   * Everyday words for the verbs and nouns tool descriptions use, by stem: a user "makes", "adds" or "writes" what a
   * tool "creates", asks to "show" what a tool "lists", "find" what it "searches". General tool vocabulary only; a
   * guild's own terms are its tools' business.
   */
  private static final Map<String, List<String>> ALIASES = Map.ofEntries(
      Map.entry("mak", List.of("creat")), Map.entry("new", List.of("creat")), Map.entry("add", List.of("creat")),
      Map.entry("writ", List.of("creat")), Map.entry("start", List.of("creat")), Map.entry("open", List.of("creat")),
      Map.entry("draw", List.of("generat", "imag")), Map.entry("show", List.of("list", "get")),
      Map.entry("view", List.of("list", "get")), Map.entry("see", List.of("list", "get")),
      Map.entry("what", List.of("list", "get")), Map.entry("find", List.of("search")),
      Map.entry("look", List.of("search")), Map.entry("edit", List.of("updat")), Map.entry("chang", List.of("updat")),
      Map.entry("modify", List.of("updat")), Map.entry("reschedul", List.of("updat")),
      Map.entry("remov", List.of("delet")), Map.entry("eras", List.of("delet")),
      Map.entry("pictur", List.of("imag")), Map.entry("photo", List.of("imag")),
      Map.entry("meet", List.of("event")), Map.entry("appointment", List.of("event")),
      Map.entry("mut", List.of("timeout")), Map.entry("silenc", List.of("timeout", "mut")));

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
    // Words people use for what tool descriptions say otherwise count half, and only when not asked for already.
    int asked = q.size();
    for (int k = 0; k < asked; k++) {
      for (String alt : ALIASES.getOrDefault(q.get(k), List.of())) {
        if (!q.contains(alt)) {
          q.add(alt);
        }
      }
    }
    String exact = query.strip();
    int n = tools.size();
    Integer[] order = new Integer[n];
    double[] score = new double[n];
    int found = 0;
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int k = 0; k < q.size(); k++) {
        String term = q.get(k);
        Integer f = frequencies[i].get(term);
        if (f != null) {
          int df = documentFrequency.get(term);
          double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (k < asked ? 1 : ALIAS_WEIGHT);
          s += idf * (f * (K1 + 1)) / (f + K1 * (1 - B + B * lengths[i] / averageLength));
          if (names[i].contains(term)) {
            // A term the name holds says more than the same term in prose: rare ones most.
            s += NAME_BOOST * idf;
          }
        }
      }
      if (tools.get(i).name().equals(exact)) {
        s = Double.MAX_VALUE;
      }
      score[i] = s;
      if (s > 0) {
        order[found++] = i;
      }
    }
    Integer[] hits = Arrays.copyOf(order, found);
    Arrays.sort(hits, (a, b) -> {
      int c = Double.compare(score[b], score[a]);
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
