package dev.loadout.direct;

import dev.loadout.core.store.MutableClock;
import static dev.loadout.direct.DirectFixtures.CALC;
import static dev.loadout.direct.DirectFixtures.EXA;
import static dev.loadout.direct.DirectFixtures.EXA_TEMPLATE;
import static dev.loadout.direct.DirectFixtures.LOOKUP;
import static dev.loadout.direct.DirectFixtures.T0;
import static dev.loadout.direct.DirectFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.direct.DirectDecision.InvalidReason;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DirectRouterTest {
  static final String SEARCH_REGEX = "^(?:帮我搜索|帮我查一下|搜索)\\s+(.+)$";

  final MutableClock clock = new MutableClock(T0);
  final CountingStore store = new CountingStore(new InMemoryToolTaskStore());
  final DirectCatalog catalog = DirectFixtures.catalog()
      .save(EXA, DirectConfig.builder("web_search_exa").command("/search").template(EXA_TEMPLATE)
          .rule(KeywordRule.prefix("帮我搜索")).rule(KeywordRule.regex(SEARCH_REGEX)).build())
      .save(CALC, DirectConfig.builder("calc").command("/calc").template("{\"value\":\"{{number:input}}\"}")
          .rule(KeywordRule.regex("^计算 (\\d+)$")).build())
      .save(LOOKUP, DirectConfig.builder("lookup").command("/define")
          .rule(KeywordRule.regex("^.*?查询\\s*(.+)$")).rule(KeywordRule.prefix("define").mentionRequired()).build());
  final DirectSettings keyword = DirectSettings.defaults().withMode(TriggerMode.KEYWORD);
  DirectRouter router = DirectRouter.of(catalog, store, keyword, clock);
  @org.junit.jupiter.api.extension.RegisterExtension
  final DirectFixtures.Turns turn = new DirectFixtures.Turns(EXA, CALC, LOOKUP);

  static dev.loadout.core.ToolCall call(String name, String arguments) {
    return dev.loadout.core.ToolCall.of("c1", name, arguments);
  }

  int messages;

  DirectDecision route(String text) {
    return router.route(IncomingMessage.of("s" + (++messages), "m" + messages, text));
  }

  static DirectDecision.Invoke invoked(DirectDecision d) {
    assertThat(d).isInstanceOf(DirectDecision.Invoke.class);
    return (DirectDecision.Invoke) d;
  }

  @Test
  void theSearchCommandExpandsTheExaTemplate() {
    DirectDecision.Invoke i = invoked(route("/search 冰雪奇缘最新官方消息"));
    assertThat(i.toolName()).isEqualTo("web_search_exa");
    assertThat(i.trigger()).isEqualTo("/search");
    assertThat(i.arguments()).isEqualTo(json(
        "{\"query\":\"冰雪奇缘最新官方消息\",\"objective\":\"Find the latest official news\",\"numResults\":3}"));
    assertThat(i.task().state()).isEqualTo(ToolTask.State.RUNNING);
    assertThat(store.find(i.task().sessionKey())).contains(i.task());
  }

  @ParameterizedTest(name = "[{0}] passes the number 21")
  @CsvSource({"/calc 21", "计算 21", "/CALC   21"})
  void theCalcCommandAndItsRegexRulePassTheSameNumber(String message) {
    DirectDecision.Invoke i = invoked(route(message));
    assertThat(i.arguments()).isEqualTo(json("{\"value\":21}"));
    assertThat(i.arguments().get("value").isIntegralNumber()).isTrue();
  }

  @ParameterizedTest(name = "[{0}] matches with query [{1}]")
  @CsvSource({
      "帮我搜索 冰雪奇缘, 冰雪奇缘",
      "帮我搜索：冰雪奇缘, 冰雪奇缘",
      "帮我搜索:冰雪奇缘, 冰雪奇缘",
      "搜索 冰雪奇缘最新官方消息, 冰雪奇缘最新官方消息",
      "帮我查一下 今天的新闻, 今天的新闻"})
  void prefixAndRegexRulesMatchTheReferenceExamples(String message, String query) {
    assertThat(invoked(route(message)).arguments().get("query").stringValue()).isEqualTo(query);
  }

  @ParameterizedTest(name = "[{0}] is not matched")
  @CsvSource({"帮我搜索功能怎么用", "我刚才说搜索什么来着", "搜索", "define cats", "hello there"})
  void messagesThatOnlyResembleARuleAreNotMatched(String message) {
    assertThat(route(message)).isEqualTo(new DirectDecision.NotMatched());
  }

  @Test
  void aPrefixAtTheEndOfTheMessageMatchesButLacksItsInput() {
    assertThat(route("帮我搜索")).isEqualTo(new DirectDecision.Invalid("web_search_exa", InvalidReason.MISSING_PARAMETER,
        "missing parameter: {{input}} is empty"));
  }

  @ParameterizedTest(name = "[{0}] is skipped")
  @CsvSource(delimiter = '|', value = {
      "不要查询 天气", "别查询 天气", "don't 查询 天气", "no 查询 天气", "> 查询 天气", "“查询 天气”", "`查询 天气`",
      "看这段 ```查询 天气```"})
  void quotesCodeAndNegatedMessagesAreSkippedBeforeMatching(String message) {
    assertThat(route(message)).isEqualTo(new DirectDecision.NotMatched());
    assertThat(invoked(route("帮我查询 天气")).arguments()).isEqualTo(json("{\"term\":\"天气\"}"));
  }

  @Test
  void aLatinNegationMustEndAtAWordBoundary() {
    assertThat(invoked(route("now 查询 天气")).toolName()).isEqualTo("lookup");
  }

  @Test
  void aQuotingMessageIsSkippedAndAnOverlongOneIsNeverMatched() {
    assertThat(router.route(IncomingMessage.of("s", "m", "搜索 冰雪奇缘").quoting())).isEqualTo(new DirectDecision.NotMatched());
    assertThat(route("搜索 " + "冰".repeat(510))).isEqualTo(new DirectDecision.NotMatched());
    assertThat(route("搜索 " + "冰".repeat(509))).isInstanceOf(DirectDecision.Invoke.class);
  }

  @Test
  void aRuleRequiringAMentionMatchesOnlyWhenTheBotIsMentioned() {
    assertThat(route("define cats")).isEqualTo(new DirectDecision.NotMatched());
    DirectDecision d = router.route(IncomingMessage.of("s", "m", "define cats").mentioningBot());
    assertThat(invoked(d).arguments()).isEqualTo(json("{\"term\":\"cats\"}"));
  }

  @Test
  void aMessageThatMatchesNoRuleNeverTouchesTheTaskStore() {
    route("hello there");
    route("帮我搜索功能怎么用");
    route("不要查询 天气");
    assertThat(store.calls.get()).isZero();
  }

  @Test
  void severalDifferentMatchesAreAmbiguousAndCallNothing() {
    DirectRouter r = router.withCatalog(catalog.save(DirectFixtures.WEATHER,
        DirectConfig.builder("weather").rule(KeywordRule.prefix("搜索")).build()));
    DirectDecision d = r.route(IncomingMessage.of("s", "m", "搜索 北京"));
    assertThat(d).isInstanceOf(DirectDecision.Ambiguous.class);
    DirectDecision.Ambiguous a = (DirectDecision.Ambiguous) d;
    assertThat(a.candidates()).containsExactly(new DirectDecision.Candidate("web_search_exa", "search"),
        new DirectDecision.Candidate("weather", null));
    assertThat(a.replyText()).isEqualTo(
        "This message matches several tools (/search, weather). Send the slash command of the one you mean.");
    assertThat(store.calls.get()).isZero();
  }

  @Test
  void twoRulesOfOneToolWithTheSameArgumentsAreNotAmbiguous() {
    assertThat(invoked(route("帮我搜索 冰雪奇缘")).trigger()).isEqualTo("rules[0] PREFIX [帮我搜索]");
  }

  @Test
  void typeErrorsAndSchemaViolationsCallNothing() {
    assertThat(route("/calc abc")).isEqualTo(new DirectDecision.Invalid("calc", InvalidReason.TYPE_ERROR,
        "type error: {{input}} must be a number, but was [abc]"));
    DirectDecision negative = route("/calc -5");
    assertThat(negative).isInstanceOf(DirectDecision.Invalid.class);
    assertThat(((DirectDecision.Invalid) negative).reason()).isEqualTo(InvalidReason.SCHEMA_VIOLATION);
    assertThat(((DirectDecision.Invalid) negative).message()).startsWith("arguments of tool [calc] break its schema: /value");
    assertThat(route("/define x")).isInstanceOf(DirectDecision.Invalid.class);
    assertThat(store.calls.get()).isZero();
  }

  @Test
  void slashCommandsWorkInDeferredModeButKeywordRulesDoNot() {
    DirectRouter deferred = DirectRouter.of(catalog, store, DirectSettings.defaults(), clock);
    assertThat(deferred.route(IncomingMessage.of("a", "1", "/calc 3"))).isInstanceOf(DirectDecision.Invoke.class);
    assertThat(deferred.route(IncomingMessage.of("b", "2", "计算 3"))).isEqualTo(new DirectDecision.NotMatched());
  }

  @Test
  void anUnknownSlashCommandIsLeftToTheHost() {
    assertThat(route("/help me")).isEqualTo(new DirectDecision.NotMatched());
  }

  @Test
  void aSecondCallWhileTheFirstRunsIsBusyAndAfterItIsCoolingDown() {
    DirectDecision.Invoke first = invoked(router.route(IncomingMessage.of("s", "m1", "/calc 1")));
    assertThat(router.route(IncomingMessage.of("s", "m2", "/search cats"))).isInstanceOf(DirectDecision.Busy.class);
    store.complete("s", first.task().taskId());
    clock.advance(Duration.ofSeconds(10));
    assertThat(router.route(IncomingMessage.of("s", "m3", "/search cats")))
        .isEqualTo(new DirectDecision.CoolingDown("web_search_exa", 50));
    clock.advance(Duration.ofSeconds(50));
    assertThat(router.route(IncomingMessage.of("s", "m4", "/search cats"))).isInstanceOf(DirectDecision.Invoke.class);
  }

  @Test
  void aRedeliveredMessageIsADuplicate() {
    invoked(router.route(IncomingMessage.of("s", "m1", "/calc 1")));
    assertThat(router.route(IncomingMessage.of("s", "m1", "/calc 1"))).isInstanceOf(DirectDecision.Duplicate.class);
  }

  @Test
  void aCancelCommandCancelsTheSessionsTask() {
    DirectDecision.Invoke i = invoked(router.route(IncomingMessage.of("s", "m1", "/calc 1")));
    assertThat(router.route(IncomingMessage.of("s", "m2", "/mcp-cancel").asCancel()))
        .isEqualTo(new DirectDecision.Cancel(Optional.of(i.task())));
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.CANCELLED);
  }

  @Test
  void aBookedTaskRunsOnTheNextMessageOnlyAndNeverUnderANewGeneration() {
    DirectRouter deferred = DirectRouter.of(catalog, store, DirectSettings.defaults(), clock);
    IncomingMessage asking = IncomingMessage.of("s", "m1", "what's new with Frozen?");
    DirectDecision booked = deferred.book(asking, turn.turn(), call("web_search_exa", "{\"query\":\"Frozen\",\"objective\":\"news\"}"));
    assertThat(booked).isInstanceOf(DirectDecision.Booked.class);
    assertThat(deferred.route(asking)).isEqualTo(new DirectDecision.NotMatched());
    assertThat(deferred.book(IncomingMessage.of("s", "m9", "x"), turn.turn(), call("calc", "{\"value\":1}")))
        .isInstanceOf(DirectDecision.Busy.class);
    DirectDecision.Invoke run = invoked(deferred.route(IncomingMessage.of("s", "m2", "ok")));
    assertThat(run.trigger()).isEqualTo("pending");
    assertThat(run.arguments()).isEqualTo(json("{\"query\":\"Frozen\",\"objective\":\"news\"}"));

    clock.advance(Duration.ofMinutes(5));
    deferred.book(IncomingMessage.of("t", "n1", "x"), turn.turn(), call("calc", "{\"value\":1}"));
    DirectRouter switched = DirectRouter.of(catalog, store, DirectSettings.defaults().withMode(TriggerMode.KEYWORD)
        .withMode(TriggerMode.DEFERRED), clock);
    assertThat(switched.settings().generation()).isEqualTo(2);
    assertThat(switched.route(IncomingMessage.of("t", "n2", "ok"))).isEqualTo(new DirectDecision.NotMatched());
  }

  @Test
  void aBookingIsCheckedAgainstTheSchema() {
    DirectRouter deferred = DirectRouter.of(catalog, store, DirectSettings.defaults(), clock);
    DirectDecision d = deferred.book(IncomingMessage.of("s", "m1", "x"), turn.turn(), call("calc", "{\"value\":\"many\"}"));
    assertThat(d).isInstanceOf(DirectDecision.Invalid.class);
    DirectDecision unseen = deferred.book(IncomingMessage.of("s", "m1", "x"), turn.turn(), call("weather", "{\"city\":\"Oslo\"}"));
    assertThat(unseen).isInstanceOfSatisfying(DirectDecision.Invalid.class,
        i -> assertThat(i.reason()).isEqualTo(InvalidReason.NOT_AVAILABLE));
    DirectDecision malformed = deferred.book(IncomingMessage.of("s", "m1", "x"), turn.turn(), call("calc", "{\"value\":"));
    assertThat(malformed).isInstanceOf(DirectDecision.Invalid.class);
    assertThat(store.calls.get()).isZero();
  }

  @ParameterizedTest(name = "[{0}] cancels the pending booking")
  @CsvSource({"/clear", "/mcp-cancel", "/CLEAR", "/Mcp-Cancel please", "  /clear  "})
  void theRouterItselfRecognisesTheClearAndCancelCommands(String text) {
    DirectRouter deferred = DirectRouter.of(catalog, store, DirectSettings.defaults(), clock);
    DirectDecision.Booked booked = (DirectDecision.Booked) deferred.book(IncomingMessage.of("s", "m1", "x"), turn.turn(),
        call("calc", "{\"value\":1}"));
    assertThat(deferred.route(IncomingMessage.of("s", "m2", text)))
        .isEqualTo(new DirectDecision.Cancel(Optional.of(booked.task())));
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.CANCELLED);
    assertThat(deferred.route(IncomingMessage.of("s", "m3", "and now?"))).isEqualTo(new DirectDecision.NotMatched());
  }

  @ParameterizedTest(name = "[{0}] is no cancel command")
  @CsvSource({"clear", "/clearance", "please /clear", "/mcp-cancelled"})
  void wordsThatOnlyResembleACancelCommandClaimTheBookingInstead(String text) {
    DirectRouter deferred = DirectRouter.of(catalog, store, DirectSettings.defaults(), clock);
    deferred.book(IncomingMessage.of("s", "m1", "x"), turn.turn(), call("calc", "{\"value\":1}"));
    assertThat(deferred.route(IncomingMessage.of("s", "m2", text))).isInstanceOf(DirectDecision.Invoke.class);
  }

  @Test
  void localisedCancelCommandsReplaceTheDefaultsAndMayNotBeAToolsCommand() {
    DirectSettings localised = DirectSettings.defaults().withCancelCommands(java.util.List.of("/取消", "Stop"));
    DirectRouter deferred = DirectRouter.of(catalog, store, localised, clock);
    deferred.book(IncomingMessage.of("s", "m1", "x"), turn.turn(), call("calc", "{\"value\":1}"));
    assertThat(deferred.route(IncomingMessage.of("s", "m2", "/STOP"))).isInstanceOf(DirectDecision.Cancel.class);
    assertThat(localised.cancelCommands()).containsExactly("取消", "stop");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> DirectRouter.of(catalog, store,
            DirectSettings.defaults().withCancelCommands(java.util.List.of("calc")), clock))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cancel command [/calc] is also the command of tool [calc]; reserve it in DirectCatalog.empty(...) "
            + "or choose other cancelCommands");
  }

  @Test
  void aBookingOlderThanThePendingAgeIsDroppedNotRunAndNoLongerHoldsTheSlot() {
    DirectRouter deferred = DirectRouter.of(catalog, store, DirectSettings.defaults(), clock);
    deferred.book(IncomingMessage.of("s", "m1", "x"), turn.turn(), call("calc", "{\"value\":1}"));
    clock.advance(DirectSettings.DEFAULT_PENDING_MAX_AGE);
    assertThat(deferred.route(IncomingMessage.of("s", "m2", "/calc 3"))).isInstanceOf(DirectDecision.Invoke.class);

    deferred.book(IncomingMessage.of("u", "n1", "x"), turn.turn(), call("calc", "{\"value\":1}"));
    clock.advance(DirectSettings.DEFAULT_PENDING_MAX_AGE.plusSeconds(1));
    assertThat(deferred.route(IncomingMessage.of("u", "n2", "hi"))).isEqualTo(new DirectDecision.NotMatched());
    assertThat(store.find("u").orElseThrow().state()).isEqualTo(ToolTask.State.EXPIRED);
    assertThat(store.find("u").orElseThrow().arguments()).isNull();
  }

  @Test
  void thePreviewShowsTheMatchAndArgumentsWithoutTouchingTheStore() {
    TriggerPreview p = router.preview("计算 21", false);
    assertThat(p.skipReason()).isNull();
    assertThat(p.hits()).singleElement().satisfies(h -> {
      assertThat(h.toolName()).isEqualTo("calc");
      assertThat(h.trigger()).isEqualTo("rules[0] REGEX [^计算 (\\d+)$]");
      assertThat(h.expanded()).contains(json("{\"value\":21}"));
    });
    assertThat(router.preview("不要查询 天气", false).skipReason()).isEqualTo("starts with the negation [不要]");
    assertThat(router.preview("/calc x", false).hits()).singleElement()
        .satisfies(h -> assertThat(h.problem()).isEqualTo("type error: {{input}} must be a number, but was [x]"));
    assertThat(store.calls.get()).isZero();
  }

  /** Counts every store call, to prove which paths never touch it. */
  static final class CountingStore implements ToolTaskStore {
    final ToolTaskStore delegate;
    final AtomicInteger calls = new AtomicInteger();

    CountingStore(ToolTaskStore delegate) {
      this.delegate = delegate;
    }

    @Override
    public ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter) {
      calls.incrementAndGet();
      return delegate.claim(task, cooldown, staleAfter);
    }

    @Override
    public ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter, Duration pendingMaxAge) {
      calls.incrementAndGet();
      return delegate.claim(task, cooldown, staleAfter, pendingMaxAge);
    }

    @Override
    public Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now) {
      calls.incrementAndGet();
      return delegate.claimPending(sessionKey, messageId, generation, now);
    }

    @Override
    public Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now,
        Duration maxAge) {
      calls.incrementAndGet();
      return delegate.claimPending(sessionKey, messageId, generation, now, maxAge);
    }

    @Override
    public boolean complete(String sessionKey, String taskId) {
      calls.incrementAndGet();
      return delegate.complete(sessionKey, taskId);
    }

    @Override
    public Optional<ToolTask> cancel(String sessionKey) {
      calls.incrementAndGet();
      return delegate.cancel(sessionKey);
    }

    @Override
    public Optional<ToolTask> find(String sessionKey) {
      return delegate.find(sessionKey);
    }
  }
}
