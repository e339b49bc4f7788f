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
 * word forms meet, and how a query ranks (BM25's idf, everyday words at half weight, the limit).
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
      "use, use", "make, mak", "tide, tid"})
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
}
