package dev.loadout.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A local BM25F index over the searchable text of a turn's deferred tools, built once per deferred set.
 *
 * <p>How a query ranks: text is split into terms at every non-letter-or-digit, at camelCase humps and at
 * letter/digit boundaries, lower-cased, read as their long form when they are a short form ({@link ShortForms}: "PR",
 * "gcal", "rn"), stripped of English stop words and of the question and filler words a request is put in ("what",
 * "how", "does"), and of plural, -ing/-ed and -ment endings, with British spellings read as US ones, so
 * {@code listIssues}, {@code list_issues} and "list the issues" meet, and "cancelled" meets "cancel". A chat or
 * tracker notation adds the word for what it names ("#support" a channel, ":eyes:" an emoji, "ENG-412" an issue,
 * "./docs" a path).
 * The score is Okapi BM25 (k1 1.2, b 0.75) over fields of different weight (BM25F): the name, which includes the
 * tool's source ("github" for a GitHub server's {@code add_issue_comment}), counts three times, the description's first
 * sentence one and a half, its later sentences once, the rest (parameter names and descriptions) half. Each query
 * term's idf counts once more when the name holds it, so names weigh most (a model searching "create issue" means
 * {@code create_issue} before a tool that only mentions issues) without a common name word ("add", "list")
 * outranking a rare one the description holds. {@link RelatedWords} adds, at half weight, the words tool
 * descriptions use for what the query says in everyday words ("make" for create, "raining" for weather, "vote" for
 * poll). Ties go by tool name, so the same query always gives the same order; a tool that matches no term is never
 * returned; a query equal to a tool's name puts it first. No model, no network, no state after construction; a
 * search is linear in the number of tools times the query's terms.
 *
 * <p>Why not "name matches strictly first": on the labelled set of {@code ToolSearchNumbersTest} ranking by the count
 * of name matches put {@code calendar_add_attendee} above {@code create_calendar_event} for "add a meeting to the
 * calendar" and reached 89.6 % top-5; the idf-weighted boost reached 92.6 %, a short everyday-words table 97.0 %. On
 * the second set (a user's own words, 144 requests) that ranker found 67.4 %; the filler words, the field weights,
 * the source in the name and the related words brought it to 91.7 % (the labelled set: 98.5 %); without the related
 * words it stays at 66.7 %. On the third set, written blind of the ranker (309 requests), that ranker found 82.2 %
 * (top-1 55.7 %); the short forms, notations (URLs and paths too), British spellings, -ment, the later sentences'
 * own weight and more related words, all from its misses, brought it to 91.9 % (top-1 58.6 %). Tried and left out:
 * a bonus for matching more of the query's words (Lucene's coord; times (1 + matched) / (1 + asked) to the power 0.25
 * to 1) lost 1 to 12 queries of top-5 on the second and third sets.
 */
final class ToolIndex {
  private static final double K1 = 1.2;
  private static final double B = 0.75;
  /** How many times a name's terms count: names are short and say the most. */
  private static final double NAME_WEIGHT = 3;
  /**
   * How many times the description's first sentence counts: it says what the tool does, where parameter
   * descriptions say how to call it ("channel ID", "timestamp of the message") and share words with every tool of a
   * kind. Measured: 1 and 1 (first line and rest) gave 89.6 % on the second set, 1.5 and 0.5 gave 91.7 %.
   */
  private static final double LEAD_WEIGHT = 1.5;
  /**
   * How many times the description's later sentences count: they say when to use the tool and what it returns
   * ("Use it when the user asks what is happening"), less than what it does. Measured on the three sets: 1.5 (as the
   * first sentence) gave top-1 88 of 144 on the second set, 1 gave 91, 0.5 gave 89; top-5 moved by one query at most.
   */
  private static final double MORE_WEIGHT = 1;
  /** Where a description's first sentence ends: a full stop, a space and a capital ("e.g. 'x'" does not end one). */
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?] (?=\\p{Lu})");
  /** How many times the rest of the searchable text counts: parameter names and descriptions. */
  private static final double REST_WEIGHT = 0.5;
  /** What a query term found in the name adds, times its idf, on top of BM25. */
  private static final double NAME_BOOST = 1.0;
  /** What a related word counts against a word the query says. */
  private static final double RELATED_WEIGHT = 0.5;
  /**
   * Stop words, and the question and filler words a request is put in: they say how it is asked, not what for, and
   * mapped to anything ("what" to list) they pulled every tool of that verb in ("what's 17 % of 2340" found five
   * {@code k8s_list_*} tools). Kept as terms: "who" (tools list who has access, who accepted) and "done" (a status).
   * The letters an apostrophe leaves ("what's", "I'll", "don't") go too.
   */
  private static final Set<String> STOP = Set.of("a", "about", "actually", "again", "all", "also", "am", "an", "and", "any",
      "anyone", "are", "as", "at", "be", "been", "being", "by", "can", "could", "d", "did", "do", "does", "doing", "don",
      "else", "ever", "every", "everyone", "everything", "for", "from", "get", "had", "has", "have", "he", "her", "here",
      "hey", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "just", "let", "ll", "m", "many", "maybe", "me",
      "much", "must", "my", "need", "of", "ok", "okay", "on", "or", "our", "please", "pls", "plz", "re", "really", "s", "she",
      "should", "so", "some", "something", "t", "than", "thank", "thanks", "that", "the", "them", "then", "there",
      "these", "they", "this", "those", "to", "tool", "us", "ve", "very", "want", "was", "we", "were", "what", "when",
      "where", "which", "while", "whom", "why", "will", "with", "would", "yet", "you", "your");

  private final List<DeferredTool> tools;
  private final Set<String>[] names;
  private final Map<String, Double>[] frequencies;
  private final double[] lengths;
  private final Map<String, Integer> documentFrequency = new HashMap<>();
  private final double averageLength;

  @SuppressWarnings("unchecked")
  ToolIndex(List<DeferredTool> tools) {
    this.tools = tools;
    int n = tools.size();
    this.names = new Set[n];
    this.frequencies = new Map[n];
    this.lengths = new double[n];
    double total = 0;
    for (int i = 0; i < n; i++) {
      DeferredTool t = tools.get(i);
      List<String> name = new ArrayList<>(terms(t.name()));
      // The source is part of the name: a user naming the server ("on github", "in linear") means its tools, and
      // a server's tools often do not repeat its name (GitHub's add_issue_comment).
      // Once: a name that says its server already (slack_post_message from slack) does not weigh it double.
      for (String term : t.source().map(ToolIndex::terms).orElse(List.of())) {
        if (!name.contains(term)) {
          name.add(term);
        }
      }
      names[i] = new LinkedHashSet<>(name);
      Map<String, Double> tf = new HashMap<>();
      double length = 0;
      for (String term : name) {
        tf.merge(term, NAME_WEIGHT, Double::sum);
        length += NAME_WEIGHT;
      }
      // The first line is the description's, as DeferredTool.summary() reads it; the rest is the parameters'.
      String text = t.searchText();
      int cut = text.indexOf('\n');
      String lead = cut < 0 ? text : text.substring(0, cut);
      String rest = cut < 0 ? "" : text.substring(cut + 1);
      // The first sentence says what the tool does; later ones say when and how to use it.
      Matcher sentence = SENTENCE_END.matcher(lead);
      String more = sentence.find() ? lead.substring(sentence.end()) : "";
      lead = lead.substring(0, lead.length() - more.length());
      for (String term : terms(lead)) {
        tf.merge(term, LEAD_WEIGHT, Double::sum);
        length += LEAD_WEIGHT;
      }
      for (String term : terms(more)) {
        tf.merge(term, MORE_WEIGHT, Double::sum);
        length += MORE_WEIGHT;
      }
      for (String term : terms(rest)) {
        tf.merge(term, REST_WEIGHT, Double::sum);
        length += REST_WEIGHT;
      }
      frequencies[i] = tf;
      lengths[i] = length;
      total += length;
      tf.keySet().forEach(term -> documentFrequency.merge(term, 1, Integer::sum));
    }
    this.averageLength = n == 0 ? 1 : Math.max(1, total / n);
  }

  /**
   * The distinct words of a query that count, in order; the rest are ignored. A request to find a tool is a few words;
   * the cap keeps what a model's query of megabytes costs linear, where the related words' expansion below would
   * otherwise grow with the square of its words.
   */
  static final int MAX_QUERY_TERMS = 64;
  /** The characters of a query that are read: far more than 64 words take, so that a huge query is never split whole. */
  static final int MAX_QUERY_CHARS = 10_000;

  /** The best matches for a query, at most {@code limit}, best first; empty when nothing matches. */
  List<DeferredTool> search(String query, int limit) {
    String read = query.length() > MAX_QUERY_CHARS ? query.substring(0, MAX_QUERY_CHARS) : query;
    List<String> q = new ArrayList<>(new LinkedHashSet<>(terms(read)));
    if (q.size() > MAX_QUERY_TERMS) {
      q = new ArrayList<>(q.subList(0, MAX_QUERY_TERMS));
    }
    if (q.isEmpty() || tools.isEmpty()) {
      return List.of();
    }
    // Words people use for what tool descriptions say otherwise count half, and only when not asked for already.
    int asked = q.size();
    for (int k = 0; k < asked; k++) {
      for (String alt : RelatedWords.BY_STEM.getOrDefault(q.get(k), List.of())) {
        if (!q.contains(alt)) {
          q.add(alt);
        }
      }
    }
    String exact = read.strip();
    int n = tools.size();
    Integer[] order = new Integer[n];
    double[] score = new double[n];
    int found = 0;
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int k = 0; k < q.size(); k++) {
        String term = q.get(k);
        Double f = frequencies[i].get(term);
        if (f != null) {
          int df = documentFrequency.get(term);
          double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (k < asked ? 1 : RELATED_WEIGHT);
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

  /**
   * Signs that stand for a word, and the word: "17%" asks for a percentage, "£250" for pounds, as a tool description
   * spells them out.
   */
  private static final String SYMBOLS = "%$€£¥";
  private static final String[] SYMBOL_WORDS = {"percent", "dollar", "euro", "pound", "yen"};

  /**
   * Chat and tracker notations that name a kind of thing, and the word a tool description uses for it: "#support" is a
   * channel, ":eyes:" and "🌴" are emoji, "ENG-412" is an issue key, "https://…" a URL, "./docs" and "*.proto" a path.
   * Their letters alone say nothing a tool holds.
   */
  private static final Pattern[] NOTATIONS = {Pattern.compile("(?<![\\p{L}\\p{N}&])#\\p{L}"),
      Pattern.compile("(?<![\\p{L}\\p{N}]):[a-z][a-z0-9_+-]*:(?![\\p{L}\\p{N}])"),
      Pattern.compile("[\\x{1F300}-\\x{1FAFF}\\x{2600}-\\x{27BF}]"),
      Pattern.compile("(?<![\\p{L}\\p{N}-])\\p{Lu}{2,}-\\p{N}+(?![\\p{L}\\p{N}])"),
      Pattern.compile("\\bhttps?://"),
      Pattern.compile("(?<![\\p{L}\\p{N}])(\\.{1,2}|~)/|\\*\\.\\p{L}")};
  private static final String[] NOTATION_WORDS = {"channel", "emoji", "emoji", "issue", "url", "path"};
  /** Signs of which each notation needs one, so that text without any is not scanned: most tool text has none. */
  private static final String[] NOTATION_SIGNS = {"#", ":", null, "-", ":", "/*"};

  /**
   * The terms of a text, in order, repeats kept; a sign that stands for a word ({@code %}) gives that word, and a
   * notation ({@link #NOTATIONS}) its word after the text's own terms.
   */
  static List<String> terms(String text) {
    List<String> out = words(text);
    for (int k = 0; k < NOTATIONS.length; k++) {
      String signs = NOTATION_SIGNS[k];
      boolean possible = signs == null ? text.chars().anyMatch(c -> c >= 0x2600)
          : signs.chars().anyMatch(c -> text.indexOf(c) >= 0);
      if (possible && NOTATIONS[k].matcher(text).find()) {
        out.add(stem(NOTATION_WORDS[k]));
      }
    }
    return out;
  }

  private static List<String> words(String text) {
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
      int symbol = word ? -1 : SYMBOLS.indexOf(c);
      if (symbol >= 0) {
        add(out, SYMBOL_WORDS[symbol]);
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
    List<String> longForm = ShortForms.LONG.get(w);
    if (longForm != null) {
      longForm.forEach(l -> add(out, l));
    } else if (!STOP.contains(w)) {
      out.add(stem(w));
    }
  }

  /**
   * Plural, -ing, -ed and a final e, enough for tool vocabulary: "issues" and "issue", "created", "creating" and
   * "create", "deleted" and "delete", "running" and "run" meet.
   */
  static String stem(String w) {
    boolean british = w.length() > 6 && (w.endsWith("ise") || w.endsWith("ised") || w.endsWith("ises")
        || w.endsWith("ising") || w.endsWith("yse") || w.endsWith("ysed") || w.endsWith("yses") || w.endsWith("ysing"));
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
    } else if (cut && n > 5 && w.endsWith("ell")) {
      // British spelling doubles the l: "cancelled", "labelling" and "canceled", "label" meet; "spelled" stays.
      w = w.substring(0, n - 1);
    }
    if (w.length() > 7 && w.endsWith("ment")) {
      // A thing made of a verb, as tools name them: "attachments" and "attach", "deployment" and "deploy" meet;
      // "comment" and "payment" are too short to lose it.
      w = w.substring(0, w.length() - 4);
    }
    if (w.length() > 4 && w.endsWith("tre")) {
      // "centre", "metre", "litre": the US "-ter".
      w = w.substring(0, w.length() - 3) + "ter";
    } else if (w.length() > 5 && w.endsWith("our")) {
      // "colour", "behaviour": the US "-or"; "hour" and "tour" are too short.
      w = w.substring(0, w.length() - 3) + "or";
    }
    if (w.length() > 3 && w.endsWith("e")) {
      w = w.substring(0, w.length() - 1);
    }
    if (british) {
      // What is left of the British "-ise"/"-yse" ("summarised", "analyse"): the US "-ize"/"-yze".
      w = w.substring(0, w.length() - 1) + "z";
    }
    return w;
  }
}
