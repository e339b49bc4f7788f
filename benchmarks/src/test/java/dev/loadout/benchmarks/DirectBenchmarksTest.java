package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.direct.ClaimResult;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.DirectDecision;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.InMemoryToolTaskStore;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.direct.KeywordRule;
import dev.loadout.direct.ToolTask;
import dev.loadout.direct.TriggerMode;
import dev.loadout.direct.TriggerPreview;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Guards the setup of {@link RuleMatchingBenchmark} and {@link TaskClaimBenchmark}: the catalog is the one the
 * numbers claim (24 enabled rules, 16 prefix and 8 regex), both messages are 512 characters that reach the rules
 * and match none of them in every adapter, the rules do match what they are written for, and claims win on a
 * real SQLite file.
 */
final class DirectBenchmarksTest {
  private final DirectCatalog catalog = DirectRules.catalog();
  private final DirectRouter router = DirectRouter.of(catalog, new InMemoryToolTaskStore(),
      DirectSettings.defaults().withMode(TriggerMode.KEYWORD), Clock.fixed(TaskClaimBenchmark.T0, ZoneOffset.UTC));

  @Test
  void catalogHasTwentyFourEnabledRulesSixteenPrefixAndEightRegex() {
    List<KeywordRule> enabled = catalog.configs().stream().filter(DirectConfig::enabled)
        .flatMap(c -> c.rules().stream()).filter(KeywordRule::enabled).toList();
    assertThat(enabled).hasSize(DirectCatalog.MAX_ENABLED_RULES);
    assertThat(enabled).filteredOn(r -> r.kind() == KeywordRule.Kind.PREFIX).hasSize(16);
    assertThat(enabled).filteredOn(r -> r.kind() == KeywordRule.Kind.REGEX).hasSize(DirectCatalog.MAX_ENABLED_REGEX_RULES);
    assertThat(DirectRules.rules()).isEqualTo(enabled);
  }

  @Test
  void bothMessagesAre512CharactersThatReachTheRulesAndMatchNothing() {
    for (RuleMatchingBenchmark.Message m : RuleMatchingBenchmark.Message.values()) {
      String stripped = m.text.strip();
      assertThat(stripped.codePointCount(0, stripped.length())).as(m.name()).isEqualTo(DirectRules.MESSAGE_CHARS);
      TriggerPreview preview = router.preview(m.text, false);
      assertThat(preview.skipReason()).as(m.name() + " must not be screened out before matching").isNull();
      assertThat(preview.hits()).as(m.name()).isEmpty();
      assertThat(router.route(IncomingMessage.of("s", "m1", m.text))).as(m.name())
          .isInstanceOf(DirectDecision.NotMatched.class);
      for (RuleMatchingBenchmark.Adapter a : RuleMatchingBenchmark.Adapter.values()) {
        assertThat(a.create().match(m.text)).as(a + " on " + m).isZero();
      }
    }
  }

  @Test
  void theAdversarialMessageCarriesEveryRegexRequiredTextAndTheBenignOneNone() {
    List<String> required = List.of("天气怎么样", "查询", "翻译成英文", "the weather in ", "计算 ");
    assertThat(required).allSatisfy(r -> assertThat(DirectRules.ADVERSARIAL).contains(r));
    assertThat(required).noneSatisfy(r -> assertThat(DirectRules.BENIGN).contains(r));
  }

  @Test
  void theRulesMatchWhatTheyAreWrittenForInEveryAdapter() {
    List<String> samples = List.of("搜索 冰雪奇缘最新官方消息", "帮我搜索 Loadout", "北京天气怎么样？",
        "what is the weather in Paris?", "请帮我查询 量子计算", "把你好翻译成英文", "计算 21", "12 * 7", "wiki: Java",
        "百科：长城", "translate bonjour", "define: ephemeral");
    for (String s : samples) {
      assertThat(router.preview(s, false).hits()).as(s).isNotEmpty();
      assertThat(RuleMatchingBenchmark.Adapter.JAVA_UTIL_REGEX.create().match(s)).as(s).isPositive();
      assertThat(RuleMatchingBenchmark.Adapter.RE2J_LOOP.create().match(s)).as(s)
          .isEqualTo(RuleMatchingBenchmark.Adapter.JAVA_UTIL_REGEX.create().match(s));
    }
    assertThat(router.route(IncomingMessage.of("s", "m2", "搜索 冰雪奇缘最新官方消息")))
        .isInstanceOfSatisfying(DirectDecision.Invoke.class, i -> assertThat(i.toolName()).isEqualTo("web_search_exa"));
    assertThat(router.preview("我刚才说搜索什么来着", false).hits()).isEmpty();
  }

  @Test
  void claimsWinOnASqliteFileRoundAfterRound() throws Exception {
    claimsWinRoundAfterRound(TaskClaimBenchmark.Adapter.SQLITE);
    claimsWinRoundAfterRound(TaskClaimBenchmark.Adapter.SQLITE_ONE_CONNECTION);
    claimsWinRoundAfterRound(TaskClaimBenchmark.Adapter.SQLITE_SYNC_NORMAL);
  }

  @Test
  void claimsWinOnPostgresqlWhenConfigured() throws Exception {
    Assumptions.assumeTrue(TaskClaimBenchmark.postgresConfigured(), "PostgreSQL claims skipped: set "
        + TaskClaimBenchmark.PG_URL + ", " + TaskClaimBenchmark.PG_USER + " and " + TaskClaimBenchmark.PG_PASSWORD);
    claimsWinRoundAfterRound(TaskClaimBenchmark.Adapter.POSTGRESQL);
  }

  private static void claimsWinRoundAfterRound(TaskClaimBenchmark.Adapter adapter) throws Exception {
    TaskClaimBenchmark bench = new TaskClaimBenchmark();
    bench.adapter = adapter;
    bench.setUp();
    try {
      TaskClaimBenchmark.Claimer claimer = new TaskClaimBenchmark.Claimer();
      claimer.setUp(bench);
      int rounds = 3 * TaskClaimBenchmark.SESSIONS;
      for (int i = 0; i < rounds; i++) {
        assertThat(bench.claim(claimer)).isInstanceOf(ClaimResult.Claimed.class);
      }
      claimer.check();
      ToolTask last = bench.store.find(claimer.sessions[(rounds - 1) % TaskClaimBenchmark.SESSIONS]).orElseThrow();
      assertThat(last.taskId()).isEqualTo("t" + (rounds - 1));
      assertThat(last.startedAt()).isEqualTo(TaskClaimBenchmark.T0.plusSeconds(rounds - 1));
      // The same session again within the cooldown is refused: the claims above won because time moved on.
      ToolTask early = new ToolTask(last.sessionKey(), "early", "calc", "{}", "other", 0, ToolTask.State.RUNNING,
          last.startedAt().plusSeconds(30));
      assertThat(bench.store.claim(early, bench.settings.cooldown(), bench.settings.eventDeadline()))
          .isNotInstanceOf(ClaimResult.Claimed.class);
    } finally {
      bench.tearDown();
    }
  }
}
