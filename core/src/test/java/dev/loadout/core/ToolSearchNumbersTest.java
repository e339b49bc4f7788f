package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 19's numbers over the 300-tool guild ({@link GuildToolset}): what tool search saves per request, how well the
 * search finds the tool a user means, and that a long session's discoveries never move the prefix. Tokens are o200k
 * (jtokkit), an estimate of what a provider bills for the {@code tools} value; each test prints its numbers.
 */
class ToolSearchNumbersTest {
  private static final Encoding O200K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
  private final GuildToolset guild = GuildToolset.load();

  @Test
  void withOnlyCoreLoadedATurnSendsAtLeast85PercentFewerToolTokensInEveryDialect() {
    // The issue's target, met when only the nine core tools stay loaded.
    assertThat(savings(GuildToolset.KEEP_CORE, 10, "core loaded")).allSatisfy(saved -> assertThat(saved)
        .isGreaterThanOrEqualTo(0.85));
  }

  @Test
  void withCoreAndTheConfiguredGroupsLoadedTheSavingIsSmallerAndMeasured() {
    // Not the target: the 30 tools of the three configured groups are among the fixture's longest. Kept as a number.
    assertThat(savings(GuildToolset.KEEP_CONFIGURED, 40, "core+groups")).allSatisfy(saved -> assertThat(saved)
        .isGreaterThan(0.70));
  }

  /** Per dialect, the share of o200k tool tokens a turn under the policy saves against everything loaded. */
  private List<Double> savings(DeferralPolicy policy, int loaded, String label) {
    List<Double> out = new ArrayList<>();
    try (Loadout everything = guild.loadout(null); Loadout searching = guild.loadout(policy)) {
      PreparedTurn all = everything.prepare(Tools.context().build());
      PreparedTurn turn = searching.prepare(Tools.context().build());
      assertThat(all.visible()).hasSize(300);
      assertThat(turn.visible()).hasSize(loaded);
      assertThat(turn.deferred()).hasSize(301 - loaded);
      for (Dialect dialect : Dialect.values()) {
        String full = all.render(dialect).json();
        String lean = turn.render(dialect).json();
        int fullTokens = O200K.countTokens(full);
        int leanTokens = O200K.countTokens(lean);
        double saved = 1 - (double) leanTokens / fullTokens;
        System.out.printf("tool search numbers: %-11s %-16s all loaded %,7d bytes %,6d tokens | with search (%d tools) "
            + "%,6d bytes %,5d tokens | %.1f %% fewer tokens%n", label, dialect, full.length(), fullTokens, loaded,
            lean.length(), leanTokens, saved * 100);
        out.add(saved);
      }
    }
    return out;
  }

  @Test
  void theIntendedToolIsInTheTopFiveForAtLeast95PercentOfTheLabelledQueries() throws IOException {
    assertThat(topFive("/tool-search-queries.tsv", "labelled")).isGreaterThanOrEqualTo(0.95);
  }

  /**
   * The second set, {@code tool-search-heldout.tsv}: written from the tool list alone after the ranker was fixed, in a
   * user's own words rather than a model's. It was held out until 2026-12-02, when it became a development set: the
   * ranker's filler words, field weights, source-in-the-name and related words ({@link RelatedWords}) were tuned
   * against its misses, so it overstates quality as the labelled set does. Its floor is what the ranker reached then
   * (a regression guard, not a target); the issue's 95 % target is met on the labelled set above, and only a set
   * written blind of the ranker tells how it generalises.
   */
  @Test
  void onTheSecondSetTheIntendedToolIsInTheTopFiveAsOftenAsWhenTheRankerWasLastTuned() throws IOException {
    assertThat(topFive("/tool-search-heldout.tsv", "dev set")).isGreaterThanOrEqualTo(SECOND_SET_FLOOR);
  }

  /**
   * Top-5 accuracy of the second set when the ranker was first tuned against it (132 of 144, 91.7 %; top-1 89,
   * 61.8 %), rounded down; the third set's round left top-5 there and top-1 at 91 (63.2 %). When it was still held out
   * it stood at 97 (67.4 %; top-1 59, 41.0 %).
   */
  private static final double SECOND_SET_FLOOR = 0.91;

  /**
   * The third set, {@code tool-search-blind.tsv}: 309 requests over 298 of the 300 tools, written on 2026-12-02 from the
   * tool list alone by someone who never saw the ranker, the other sets or their misses. When first measured, still
   * blind, the ranker found 254 of 309 (82.2 %; top-1 172, 55.7 %); the ranker before the second set's tuning found
   * 219 (70.9 %; top-1 136, 44.0 %). Later on 2026-12-02 (the second round) it became a development set: short forms,
   * chat notations, URLs and paths, British spellings, -ment, the description's later sentences and more related
   * words were added from its misses, and it reaches 284 (91.9 %; top-1 181, 58.6 %). Like the other two it now overstates quality; only
   * a new set written blind of the ranker tells how it generalises. Its floor is what the ranker reached when last
   * tuned, rounded down: a regression guard, not a target.
   */
  @Test
  void onTheThirdSetTheIntendedToolIsInTheTopFiveAsOftenAsWhenTheRankerWasLastTuned() throws IOException {
    assertThat(topFive("/tool-search-blind.tsv", "blind")).isGreaterThanOrEqualTo(THIRD_SET_FLOOR);
  }

  private static final double THIRD_SET_FLOOR = 0.91;

  /**
   * The fourth set, {@code tool-search-blind2.tsv}: 287 chat messages over 284 of the 300 tools ("can u split the
   * raid-planning chatter off into its own little side discussion on discord?"), written on 2026-12-02 from the tool
   * list alone by someone who never saw the ranker or the other sets, while the second round was being tuned, and never
   * used to change the ranker. It is the honest number: the ranker of the first round found 213 (74.2 %; top-1 131,
   * 45.6 %), the second round's 227 (79.1 %; top-1 138, 48.1 %). Its floor is that, rounded down: a regression guard.
   * The issue's 95 % holds on the labelled set only; on requests written blind the ranker finds four in five.
   */
  @Test
  void onTheFourthSetWrittenBlindTheIntendedToolIsInTheTopFiveAsOftenAsWhenFirstMeasured() throws IOException {
    assertThat(topFive("/tool-search-blind2.tsv", "blind 2")).isGreaterThanOrEqualTo(FOURTH_SET_FLOOR);
  }

  private static final double FOURTH_SET_FLOOR = 0.79;

  /** Top-5 accuracy over a labelled set, printed with top-1 and every miss; each query must name a guild tool. */
  private double topFive(String resource, String label) throws IOException {
    // Each MCP-style tool carries its server as its source, as a turn's deferral gives it; built-ins have none.
    Map<String, String> sources = new HashMap<>();
    guild.sources.forEach(source -> source.tools().forEach(t -> sources.put(t.spec().name(), source.id())));
    List<DeferredTool> tools = new ArrayList<>();
    for (ToolSpec s : guild.all) {
      tools.add(new DeferredTool(s.name(), new HiddenTool.Reason("deferred_tool", "all", "test"),
          Optional.ofNullable(sources.get(s.name())), ToolIndex.searchText(s)));
    }
    ToolIndex index = new ToolIndex(tools);
    List<String[]> queries = queries(resource);
    assertThat(queries).hasSizeGreaterThanOrEqualTo(100);
    int top1 = 0;
    int top5 = 0;
    List<String> misses = new ArrayList<>();
    for (String[] q : queries) {
      assertThat(q).as("a query, a tab, a tool name: " + String.join(" | ", q)).hasSize(2);
      assertThat(guild.all).as("the label of '" + q[0] + "'").anyMatch(s -> s.name().equals(q[1]));
      List<String> found = index.search(q[0], 5).stream().map(DeferredTool::name).toList();
      top1 += !found.isEmpty() && found.get(0).equals(q[1]) ? 1 : 0;
      if (found.contains(q[1])) {
        top5++;
      } else {
        misses.add(q[0] + " -> " + q[1] + " but got " + found);
      }
      // Deterministic: the same query, the same order.
      assertThat(index.search(q[0], 5).stream().map(DeferredTool::name).toList()).isEqualTo(found);
    }
    double accuracy = (double) top5 / queries.size();
    System.out.printf("tool search numbers: %s, %d queries over %d tools: top-1 %d (%.1f %%), top-5 %d (%.1f %%)%n",
        label, queries.size(), guild.all.size(), top1, 100.0 * top1 / queries.size(), top5, 100 * accuracy);
    misses.forEach(m -> System.out.println("tool search numbers: " + label + " miss: " + m));
    return accuracy;
  }

  @Test
  void aFiftyRoundSessionWithFiveSearchesNeverChangesThePrefixBytes() {
    List<String[]> searches = List.of(new String[] {"open a pull request", "create_pull_request"},
        new String[] {"post a message in the slack channel", "slack_post_message"},
        new String[] {"scale the deployment to 5 replicas", "k8s_scale_deployment"},
        new String[] {"refund the customer's payment", "stripe_create_refund"},
        new String[] {"find a free slot when everyone is available", "calendar_find_free_time"});
    try (Loadout loadout = guild.loadout(GuildToolset.KEEP_CONFIGURED)) {
      for (Dialect dialect : Dialect.values()) {
        ToolDiscovery session = ToolDiscovery.create();
        byte[] prefix = null;
        int stable = -1;
        String key = null;
        int grew = 0;
        int previous = -1;
        for (int round = 1; round <= 50; round++) {
          PreparedTurn turn = loadout.prepare(Tools.context().attribute(ToolDiscovery.KEY, session).build());
          byte[] bytes = turn.render(dialect).bytes();
          if (prefix == null) {
            // The first round shows the prefix alone: everything but the closing bracket(s) is the prefix.
            prefix = Arrays.copyOf(bytes, bytes.length - (dialect == Dialect.GEMINI ? 3 : 1));
            stable = turn.stableCount();
            key = turn.promptCacheKey();
          }
          assertThat(Arrays.copyOf(bytes, prefix.length)).as(dialect + " round " + round + " prefix").isEqualTo(prefix);
          assertThat(turn.stableCount()).isEqualTo(stable);
          assertThat(turn.promptCacheKey()).isEqualTo(key);
          grew += bytes.length != previous && previous >= 0 ? 1 : 0;
          previous = bytes.length;
          if (round % 10 == 5) {
            String[] s = searches.get(round / 10);
            ToolResult r = turn.execute(ToolCall.of("c" + round, "search_tools",
                "{\"query\":\"" + s[0] + "\"}", dialect)).toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join();
            assertThat(r.isSuccess()).isTrue();
            assertThat(r.modelText()).contains("- " + s[1] + ": ");
          }
          if (round % 10 == 6) {
            String[] s = searches.get(round / 10);
            assertThat(turn.discovered()).contains(s[1]);
            ToolResult r = turn.execute(ToolCall.of("call" + round, s[1], "{}", dialect)).toCompletableFuture()
                .orTimeout(5, TimeUnit.SECONDS).join();
            assertThat(r instanceof ToolResult.Failure f ? f.code() : "ran").isNotEqualTo(ToolSearch.NOT_LOADED)
                .isNotEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
          }
        }
        PreparedTurn last = loadout.prepare(Tools.context().attribute(ToolDiscovery.KEY, session).build());
        assertThat(last.discovered()).containsAll(searches.stream().map(s -> s[1]).toList())
            .isEqualTo(session.names());
        System.out.printf("tool search numbers: %-16s 50 rounds, 5 searches (the 5 intended tools and %d more "
            + "matches loaded): prefix of %d tools, %,d bytes identical in every round; the render grew %d times%n",
            dialect, last.discovered().size() - 5, stable, prefix.length, grew);
      }
    }
  }

  private static List<String[]> queries(String resource) throws IOException {
    try (InputStream in = ToolSearchNumbersTest.class.getResourceAsStream(resource)) {
      List<String[]> out = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          out.add(line.split("\t"));
        }
      }
      return out;
    }
  }
}
