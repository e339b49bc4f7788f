package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ToolIndex}, the local search over deferred tools: how text becomes terms (camelCase, digits, stop words), which
 * word forms meet, and how a query ranks (BM25F: idf, field weights, a source as part of the name, related words at
 * half weight, the limit).
 */
class ToolIndexTest {
  private static final HiddenTool.Reason DEFERRED = new HiddenTool.Reason("deferred_tool", "test", "test");

  /** Tools named by the odd arguments, described by the even ones. */
  private static ToolIndex index(String... namesAndTexts) {
    List<DeferredTool> tools = new ArrayList<>();
    for (int i = 0; i < namesAndTexts.length; i += 2) {
      tools.add(new DeferredTool(namesAndTexts[i], DEFERRED, Optional.empty(), namesAndTexts[i + 1]));
    }
    return new ToolIndex(tools);
  }

  /** Tools named by the first of each triple, from the source of the second (none when empty), described by the third. */
  private static ToolIndex indexWithSources(String... triples) {
    List<DeferredTool> tools = new ArrayList<>();
    for (int i = 0; i < triples.length; i += 3) {
      tools.add(new DeferredTool(triples[i], DEFERRED, Optional.of(triples[i + 1]).filter(s -> !s.isEmpty()),
          triples[i + 2]));
    }
    return new ToolIndex(tools);
  }

  private static List<String> search(ToolIndex index, String query, int limit) {
    return index.search(query, limit).stream().map(DeferredTool::name).toList();
  }

  // ---- terms

  @Test
  void camelCaseHumpsSplitWordsAsUnderscoresDo() {
    assertThat(ToolIndex.terms("listIssues")).containsExactly("list", "issu");
    assertThat(ToolIndex.terms("list_issues")).containsExactly("list", "issu");
    assertThat(ToolIndex.terms("list the issues")).containsExactly("list", "issu");
  }

  @Test
  void anAcronymEndsWhereTheNextWordBegins() {
    assertThat(ToolIndex.terms("HTTPServer")).containsExactly("http", "server");
    assertThat(ToolIndex.terms("listHTTP")).containsExactly("list", "http");
    assertThat(ToolIndex.terms("Server")).containsExactly("server");
    assertThat(ToolIndex.terms("ABC")).containsExactly("abc");
  }

  @Test
  void lettersAndDigitsAreSeparateTerms() {
    assertThat(ToolIndex.terms("v2beta")).containsExactly("v", "2", "beta");
    assertThat(ToolIndex.terms("mp3 x1")).containsExactly("mp", "3", "x", "1");
    assertThat(ToolIndex.terms("2024")).containsExactly("2024");
  }

  @Test
  void stopWordsAndPunctuationLeaveNoTerms() {
    assertThat(ToolIndex.terms("")).isEmpty();
    assertThat(ToolIndex.terms("Please, can you get me the tool?")).isEmpty();
    assertThat(ToolIndex.terms("--ban!")).containsExactly("ban");
  }

  @Test
  void questionAndFillerWordsLeaveNoTermsButWhoAndDoneStay() {
    assertThat(ToolIndex.terms("what's how does it do, where's all of them?")).isEmpty();
    assertThat(ToolIndex.terms("I'll see what you've done")).containsExactly("see", "don");
    assertThat(ToolIndex.terms("who has access")).containsExactly("who", "access");
  }

  @Test
  void aSignThatStandsForAWordGivesTheWord() {
    assertThat(ToolIndex.terms("17% of £250")).containsExactly("17", "percent", "pound", "250");
    assertThat(ToolIndex.terms("$5 or 5€, ¥")).containsExactly("dollar", "5", "5", "euro", "yen");
    // Other signs stay punctuation.
    assertThat(ToolIndex.terms("a+b=c & d")).containsExactly("b", "c");
  }

  @Test
  void aShortFormIsReadAsTheWordsItStandsForOnBothSides() {
    assertThat(ToolIndex.terms("open a PR on gcal rn")).containsExactly("open", "pull", "request", "googl", "calendar",
        "now");
    assertThat(ToolIndex.terms("Opens a pull request")).isEqualTo(ToolIndex.terms("opens a PR"));
    // Only a whole word: "prod" is production, "product" is not, and "pm" stays a time of day.
    assertThat(ToolIndex.terms("prod product pm")).containsExactly("production", "product", "pm");
    // A short form that pasted text holds is left out: "org" in every ".org" address.
    assertThat(ToolIndex.terms("example.org")).containsExactly("exampl", "org");
    ToolIndex index = index("create_pull_request", "Opens a pull request.", "create_issue", "Opens an issue.");
    assertThat(search(index, "open a PR", 5)).containsExactly("create_pull_request", "create_issue");
  }

  @Test
  void aChatOrTrackerNotationGivesTheWordForWhatItNames() {
    assertThat(ToolIndex.terms("post in #support")).containsExactly("post", "support", "channel");
    assertThat(ToolIndex.terms("drop an :eyes: on it")).containsExactly("drop", "eye", "emoji");
    assertThat(ToolIndex.terms("a palm tree 🌴")).containsExactly("palm", "tre", "emoji");
    assertThat(ToolIndex.terms("rename ENG-412")).containsExactly("renam", "eng", "412", "issu");
    assertThat(ToolIndex.terms("open https://x.org")).containsExactly("open", "http", "x", "org", "url");
    assertThat(ToolIndex.terms("list ./docs")).containsExactly("list", "docu", "path");
    assertThat(ToolIndex.terms("find *.proto")).containsExactly("find", "proto", "path");
    // Not a URL or a path: a scheme-less word, a fraction, "and/or".
    assertThat(ToolIndex.terms("http then 3/4 and/or")).doesNotContain("url", "path");
    // Not a channel, an emoji or an issue key: a number after #, a time, a field and its value, a lower-case range.
    assertThat(ToolIndex.terms("issue #12 at 10:30:00, status: open, pages 1-2 of v-3")).doesNotContain("channel",
        "emoji").containsOnlyOnce("issu");
  }

  // ---- which forms meet

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      // plurals
      "issues, issu", "issue, issu", "flies, fly", "pies, pie", "pie, pie", "boxes, box", "box, box", "matches, match",
      "wishes, wish", "passes, pass", "axes, axe", "axe, axe", "lists, list", "cats, cat",
      // words that only look plural, and short words, stay whole
      "class, class", "status, status", "analysis, analysis", "gas, gas", "bus, bus", "ads, ads",
      // -ing and -ed, with a doubled consonant undone but not a doubled l, s or z, nor a doubled vowel
      "creating, creat", "created, creat", "create, creat", "running, run", "run, run", "calling, call",
      "filled, fill", "buzzed, buzz", "baaed, baa", "deleted, delet", "agreed, agreed",
      // short -ing and -ed words stay whole
      "thing, thing", "string, str", "shed, shed", "used, used",
      // a final e goes only from a word longer than three letters
      "use, use", "make, mak", "tide, tid",
      // -ment leaves the verb, but not from a short word
      "attachments, attach", "attach, attach", "deployment, deploy", "deploy, deploy", "comment, comment",
      "payment, payment",
      // British spellings meet the US ones: a doubled l before -ed/-ing, -tre, -our, -ise and -yse
      "cancelled, cancel", "canceled, cancel", "cancel, cancel", "labelling, label", "spelled, spell",
      "centre, center", "center, center", "colour, color", "color, color", "hour, hour",
      "summarised, summariz", "summarized, summariz", "summarise, summariz", "summarize, summariz",
      "analyse, analyz", "analyze, analyz", "promise, promiz"})
  void stemsLetWordFormsMeet(String word, String stem) {
    assertThat(ToolIndex.stem(word)).isEqualTo(stem);
  }

  // ---- ranking

  @Test
  void aQueryEqualToAToolsNamePutsItFirstAndOnlyMatchingToolsAreReturned() {
    ToolIndex index = index("list_issues", "Lists the issues of a repository.", "create_issue",
        "Opens an issue in a repository.", "send_message", "Sends a message.");
    assertThat(search(index, "create_issue", 5)).containsExactly("create_issue", "list_issues");
    assertThat(search(index, "repository issues", 5)).hasSize(2).doesNotContain("send_message");
    assertThat(search(index, "weather", 5)).isEmpty();
    assertThat(search(index, "the", 5)).isEmpty();
  }

  @Test
  void atMostTheLimitIsReturnedBestFirst() {
    ToolIndex index = index("alpha", "zeta", "bravo", "zeta zeta", "charlie", "zeta other words here");
    assertThat(search(index, "zeta", 3)).hasSize(3);
    assertThat(search(index, "zeta", 2)).hasSize(2).isEqualTo(search(index, "zeta", 3).subList(0, 2));
    assertThat(search(index, "zeta", 1)).containsExactly(search(index, "zeta", 3).get(0));
  }

  @Test
  void aTermEveryToolHoldsStillFindsThemAll() {
    ToolIndex index = index("alpha", "zeta", "bravo", "zeta", "charlie", "zeta");
    assertThat(search(index, "zeta", 5)).containsExactly("alpha", "bravo", "charlie");
  }

  @Test
  void aRarerTermOutranksACommonerOneEvenRepeated() {
    ToolIndex index = index("alpha", "zeta", "bravo", "kappa", "charlie", "kappa kappa");
    assertThat(search(index, "zeta kappa", 5)).containsExactly("alpha", "charlie", "bravo");
  }

  @Test
  void termsAreWeighedByOkapiIdf() {
    // idf = ln(1 + (n - df + 0.5) / (df + 0.5)) with n = 4, df(zeta) = 3, df(kappa) = 3: bravo's two terms outweigh
    // delta's kappa said three times.
    ToolIndex index = index("alpha", "zeta", "bravo", "zeta kappa", "charlie", "zeta zeta", "delta", "kappa kappa kappa");
    assertThat(search(index, "zeta kappa", 5)).containsExactly("bravo", "delta", "charlie", "alpha");
  }

  @Test
  void anEverydayWordCountsHalfAsMuchAsTheWordItStandsFor() {
    // "make" stands for create: a tool that says "issue" ranks above one that only says "create".
    ToolIndex index = index("alpha", "create", "bravo", "issue");
    assertThat(search(index, "make issue", 5)).containsExactly("bravo", "alpha");
    assertThat(search(index, "make", 5)).containsExactly("alpha");
  }

  @Test
  void aQuestionWordPullsInNoToolOfAVerb() {
    // "what" once stood for list: "what's 17 percent of 2340" found every list tool before the calculator.
    ToolIndex index = index("k8s_list_pods", "Lists the pods of a namespace.", "list_reminders", "Lists the reminders.",
        "calculate", "Evaluates a mathematical expression, such as a percent of a number.");
    assertThat(search(index, "what's 17 percent of 2340", 5)).containsExactly("calculate");
    assertThat(search(index, "what", 5)).isEmpty();
  }

  @Test
  void theDescriptionsFirstLineWeighsMoreThanTheParameters() {
    // Both say "reaction" once: alpha in what it does, bravo in a parameter's description.
    ToolIndex index = index("alpha", "Adds a reaction to a post.\npost: the post", "bravo",
        "Pins a post in its place.\nreaction: the reaction to show beside it");
    assertThat(search(index, "reaction", 5)).containsExactly("alpha", "bravo");
    assertThat(search(index, "pins", 5)).containsExactly("bravo");
  }

  @Test
  void theDescriptionsFirstSentenceWeighsMoreThanItsLaterOnes() {
    // All three say "event" once: alpha in what it does, bravo in when to use it, charlie in a parameter.
    ToolIndex index = index("alpha", "Lists each event of the day. Use it for an agenda.", "bravo",
        "Lists the day's agenda. Use it for each event.", "charlie",
        "Lists the day's agenda. Use it for a plan.\nid: the event");
    assertThat(search(index, "event", 5)).containsExactly("alpha", "bravo", "charlie");
    // "e.g. x" ends no sentence.
    ToolIndex eg = index("alpha", "Finds a page, e.g. a wiki page about travel.", "bravo",
        "Finds a page. A page about travel.");
    assertThat(search(eg, "travel", 5)).containsExactly("alpha", "bravo");
  }

  @Test
  void aToolsSourceCountsAsPartOfItsName() {
    // GitHub's add_issue_comment does not say "github"; naming the server finds it first, naming the other finds that.
    ToolIndex index = indexWithSources("add_issue_comment", "github", "Add a comment to an existing issue",
        "linear_add_comment", "linear", "Adds a comment to a Linear issue.", "add_reaction", "",
        "Adds a reaction to a comment.");
    assertThat(search(index, "comment on the github issue", 5)).first().isEqualTo("add_issue_comment");
    assertThat(search(index, "comment on the linear issue", 5)).first().isEqualTo("linear_add_comment");
    assertThat(search(index, "github", 5)).containsExactly("add_issue_comment");
  }

  @Test
  void aSourceTheNameAlreadySaysCountsOnce() {
    // Equal text and equal weight for "slack": the tie goes by name, where counting the source twice would put
    // slack_post_message first.
    ToolIndex index = indexWithSources("slack_post_message", "slack", "Posts a message.", "post_message", "slack",
        "Posts a message.");
    assertThat(search(index, "slack", 5)).containsExactly("post_message", "slack_post_message");
  }

  @Test
  void aRelatedWordFindsTheToolThatSaysWhatTheUserMeans() {
    ToolIndex index = index("get_weather", "Returns the current weather for a place.", "create_poll",
        "Creates a poll with options.", "currency_convert", "Converts an amount between currencies.", "get_time",
        "Returns the current time for a place.");
    assertThat(search(index, "is it raining in London", 5)).containsExactly("get_weather");
    assertThat(search(index, "let's vote on dinner", 5)).containsExactly("create_poll");
    assertThat(search(index, "250 pounds in yen", 5)).containsExactly("currency_convert");
    // A place alone is no weather question, and a related word never outranks the word itself.
    assertThat(search(index, "London", 5)).isEmpty();
    assertThat(search(index, "rain or time", 5)).containsExactly("get_time", "get_weather");
  }

  @Test
  void aWordForTheKindOfPlatformFindsThePlatformsTools() {
    // A user says "the CRM" where the tool's source says HubSpot; naming HubSpot does not search "crm".
    ToolIndex index = indexWithSources("hubspot_create_contact", "hubspot", "Creates a contact.", "stripe_create_customer",
        "stripe", "Creates a customer.", "crm_notes", "", "Notes about the CRM migration.");
    assertThat(search(index, "add a contact to the CRM", 5)).first().isEqualTo("hubspot_create_contact");
    assertThat(search(index, "hubspot", 5)).containsExactly("hubspot_create_contact");
    assertThat(RelatedWords.BY_STEM.get("crm")).contains("hubspot");
  }

  @Test
  void everydayVerbsFindTheToolVerbs() {
    // "money back" is a refund, "tag" a label, "stick" a pin, "connect" a link; none of them the other way.
    ToolIndex index = index("create_refund", "Refunds a payment.", "add_label", "Adds a label to a page.", "pin_message",
        "Pins a message.", "link_records", "Links two records.");
    assertThat(search(index, "give them their money back", 5)).containsExactly("create_refund");
    assertThat(search(index, "tag the page with incident", 5)).first().isEqualTo("add_label");
    assertThat(search(index, "stick it to the top", 5)).containsExactly("pin_message");
    assertThat(search(index, "connect the two records", 5)).first().isEqualTo("link_records");
    assertThat(RelatedWords.BY_STEM).doesNotContainKeys("refund", "label", "pin");
  }

  @Test
  void relatedWordsGoFromWhatAUserSaysToWhatAToolSaysNotBack() {
    // "vote" finds a poll tool (after the tool that says "vote"), but "poll" does not find a tool that only says "vote".
    ToolIndex index = index("create_poll", "Creates a poll.", "count_votes", "Counts each vote.");
    assertThat(search(index, "vote", 5)).containsExactly("count_votes", "create_poll");
    assertThat(search(index, "poll", 5)).containsExactly("create_poll");
    assertThat(RelatedWords.BY_STEM.get("vot")).contains("poll");
    assertThat(RelatedWords.BY_STEM).doesNotContainKey("poll");
  }

  /** A query counts its first 64 distinct words: a model's query of megabytes is answered, and costs no more. */
  @Test
  void aQueryCountsItsFirst64DistinctWordsAndIgnoresTheRest() {
    ToolIndex index = index("roll_dice", "Rolls dice for a game.", "get_weather", "The weather for a city.");
    StringBuilder filler = new StringBuilder();
    for (int i = 0; i < ToolIndex.MAX_QUERY_TERMS; i++) {
      filler.append(" qx").append((char) ('a' + i / 8)).append((char) ('a' + i % 8));
    }
    assertThat(ToolIndex.terms(filler.toString())).hasSize(ToolIndex.MAX_QUERY_TERMS).doesNotHaveDuplicates();
    assertThat(search(index, "weather" + filler, 5)).containsExactly("get_weather");
    assertThat(search(index, filler + " weather", 5)).isEmpty();
    // Repeats do not count twice: the same filler again before the word leaves it the 65th distinct one.
    assertThat(search(index, filler.toString() + filler + " weather", 5)).isEmpty();
    StringBuilder huge = new StringBuilder("weather");
    for (int i = 0; i < 200_000; i++) {
      huge.append(" qz").append(Integer.toString(i, 36).replaceAll("[0-9]", "k"));
    }
    assertThat(search(index, huge.toString(), 5)).containsExactly("get_weather");
    // Past the characters a query is read for, even a new word is not: 10,000 spaces, then the word.
    assertThat(search(index, " ".repeat(ToolIndex.MAX_QUERY_CHARS) + "weather", 5)).isEmpty();
    assertThat(search(index, " ".repeat(ToolIndex.MAX_QUERY_CHARS - 8) + "weather", 5)).containsExactly("get_weather");
  }
}
