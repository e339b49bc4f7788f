package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The remainder store's configuration and its session rule; the conversations are in the test kit. */
class ResultRemaindersTest {
  @Test
  void aLoadoutWithRemaindersButWithoutTheirReadToolIsRefused() {
    ResultRemainders r = ResultRemainders.builder().build();
    assertThatThrownBy(() -> Loadout.builder(ToolRegistry.builder().build()).resultRemainders(r).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resultRemainders is set but the registry does not hold its read tool; register "
            + "remainders.readTool() so the model can read on");
  }

  @Test
  void settingsOutOfRangeNameTheSettingAndTheValue() {
    assertThatThrownBy(() -> ResultRemainders.builder().timeToLive(Duration.ZERO))
        .hasMessage("timeToLive must be between 1 s and 1 day, but was PT0S");
    assertThatThrownBy(() -> ResultRemainders.builder().windowChars(10))
        .hasMessage("windowChars must be between 256 and 100000, but was 10");
  }

  @Test
  void aTurnWithoutAPlaceOrAUserHasNoSessionSoItsResultsAreOnlyCut() {
    ResultRemainders r = ResultRemainders.builder().build();
    TurnContext nowhere = TurnContext.builder("openai", "m").build();
    assertThat(r.session(nowhere)).isNull();
    assertThat(r.session(Tools.context().guildId("g").channelId("c").build())).isEqualTo("guild:g/channel:c");
    assertThat(r.session(TurnContext.builder("openai", "m").userId("u").build())).isEqualTo("user:u");
    assertThat(r.session(Tools.context().threadId("t").build())).isEqualTo("guild:g1/thread:t");
    ResultRemainders throwing = ResultRemainders.builder().sessionKey(c -> {
      throw new IllegalStateException("boom");
    }).build();
    assertThat(throwing.session(Tools.context().build())).isNull();
    assertThat(r.holdsRemainder(nowhere)).isFalse();
  }

  // --- storing and finding ----------------------------------------------------------------------------

  private final MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");

  private ResultRemainders.Builder store() {
    return ResultRemainders.builder().clock(clock);
  }

  @Test
  void storedResultsGetIdsPerSessionAndAreFoundOnlyInTheirOwnSession() {
    ResultRemainders r = store().build();

    assertThat(r.put("a", "first")).isEqualTo("r1");
    assertThat(r.put("a", "second")).isEqualTo("r2");
    assertThat(r.put("b", "other")).isEqualTo("r1");

    assertThat(r.find("a", "r1")).hasValueSatisfying(s -> assertThat(s.text()).isEqualTo("first"));
    assertThat(r.find("a", "r2")).hasValueSatisfying(s -> assertThat(s.text()).isEqualTo("second"));
    assertThat(r.find("b", "r1")).hasValueSatisfying(s -> assertThat(s.text()).isEqualTo("other"));
    assertThat(r.find("b", "r2")).isEmpty();
    assertThat(r.find("c", "r1")).isEmpty();
    assertThat(r.find(null, "r1")).isEmpty();
  }

  @Test
  void aSessionHoldsARemainderUntilItsTimeToLivePasses() {
    ResultRemainders r = store().timeToLive(Duration.ofMinutes(10)).build();
    TurnContext turn = Tools.context().guildId("g").channelId("c").build();
    TurnContext elsewhere = Tools.context().guildId("g").channelId("d").build();

    assertThat(r.holdsRemainder(turn)).isFalse();
    r.put(r.session(turn), "text");
    assertThat(r.holdsRemainder(turn)).isTrue();
    assertThat(r.holdsRemainder(elsewhere)).isFalse();

    clock.advance(Duration.ofMinutes(10).minusMillis(1));
    assertThat(r.holdsRemainder(turn)).isTrue();
    assertThat(r.find(r.session(turn), "r1")).isPresent();
    clock.advance(Duration.ofMillis(1));
    assertThat(r.holdsRemainder(turn)).isFalse();
    assertThat(r.find(r.session(turn), "r1")).isEmpty();
  }

  @Test
  void anExpiredResultIsDroppedWhenTheSessionStoresAnotherAndIdsKeepCounting() {
    ResultRemainders r = store().timeToLive(Duration.ofMinutes(10)).build();
    r.put("a", "old");
    clock.advance(Duration.ofMinutes(6));
    r.put("a", "mid");
    clock.advance(Duration.ofMinutes(5));

    assertThat(r.put("a", "new")).isEqualTo("r3");
    assertThat(r.find("a", "r1")).isEmpty();
    assertThat(r.find("a", "r2")).isPresent();
    assertThat(r.find("a", "r3")).isPresent();
  }

  @Test
  void aSessionKeepsItsNewestResultsUpToTheLimitAndDropsTheOldest() {
    ResultRemainders r = store().perSession(2).build();
    r.put("a", "1");
    r.put("a", "2");
    r.put("a", "3");

    assertThat(r.find("a", "r1")).isEmpty();
    assertThat(r.find("a", "r2")).isPresent();
    assertThat(r.find("a", "r3")).isPresent();
  }

  @Test
  void aResultIsKeptUpToTheStoredCapAndRemembersItsWholeLength() {
    ResultRemainders r = store().maxStoredChars(1_000).build();
    r.put("a", "x".repeat(1_000));
    r.put("a", "y".repeat(1_001));

    assertThat(r.find("a", "r1").orElseThrow().text()).hasSize(1_000);
    assertThat(r.find("a", "r1").orElseThrow().originalLength()).isEqualTo(1_000);
    assertThat(r.find("a", "r2").orElseThrow().text()).isEqualTo("y".repeat(1_000));
    assertThat(r.find("a", "r2").orElseThrow().originalLength()).isEqualTo(1_001);
  }

  @Test
  void allSessionsTogetherKeepAtMostTheTotalAndTheLeastRecentlyWrittenGoFirst() {
    ResultRemainders r = store().maxTotalChars(10_000).maxStoredChars(4_000).build();
    r.put("old", "o".repeat(4_000));
    r.put("mid", "m".repeat(4_000));
    r.put("new", "n".repeat(4_000));

    assertThat(r.find("old", "r1")).isEmpty();
    assertThat(r.find("mid", "r1")).isPresent();
    assertThat(r.find("new", "r1")).isPresent();
  }

  @Test
  void theReadToolIsShownOnlyWhileTheTurnsSessionHoldsARemainderAndReadsItsWindow() {
    ResultRemainders r = store().windowChars(256).build();
    TurnContext turn = Tools.context().guildId("g").channelId("c").build();

    assertThat(r.readTool().assembleForContext(turn)).isEmpty();
    r.put(r.session(turn), "a".repeat(300));
    assertThat(r.readTool().assembleForContext(turn)).isPresent();
    assertThat(r.readTool().spec().maxResultChars()).hasValue(256 + 512);
    assertThat(r.readTool().toString()).isEqualTo("ReadResultPartTool{" + r + "}");
    assertThat(r.toString()).isEqualTo("ResultRemainders{sessions=1, ttl=PT30M}");
  }

  @Test
  void eachSettingAcceptsItsBoundsAndRefusesOnePastThem() {
    ResultRemainders.builder().timeToLive(Duration.ofSeconds(1)).timeToLive(Duration.ofDays(1)).perSession(1).perSession(64)
        .maxStoredChars(1_000).maxTotalChars(10_000).windowChars(256).windowChars(100_000).build();

    assertThatThrownBy(() -> ResultRemainders.builder().timeToLive(Duration.ofMillis(999)))
        .hasMessage("timeToLive must be between 1 s and 1 day, but was PT0.999S");
    assertThatThrownBy(() -> ResultRemainders.builder().timeToLive(Duration.ofDays(1).plusMillis(1)))
        .hasMessage("timeToLive must be between 1 s and 1 day, but was PT24H0.001S");
    assertThatThrownBy(() -> ResultRemainders.builder().timeToLive(null))
        .hasMessage("timeToLive must be between 1 s and 1 day, but was null");
    assertThatThrownBy(() -> ResultRemainders.builder().perSession(0)).hasMessage("perSession must be between 1 and 64, but was 0");
    assertThatThrownBy(() -> ResultRemainders.builder().perSession(65)).hasMessage("perSession must be between 1 and 64, but was 65");
    assertThatThrownBy(() -> ResultRemainders.builder().maxStoredChars(999))
        .hasMessage("maxStoredChars must be at least 1000, but was 999");
    assertThatThrownBy(() -> ResultRemainders.builder().maxTotalChars(9_999))
        .hasMessage("maxTotalChars must be at least 10000, but was 9999");
    assertThatThrownBy(() -> ResultRemainders.builder().windowChars(255))
        .hasMessage("windowChars must be between 256 and 100000, but was 255");
    assertThatThrownBy(() -> ResultRemainders.builder().windowChars(100_001))
        .hasMessage("windowChars must be between 256 and 100000, but was 100001");
    assertThatThrownBy(() -> ResultRemainders.builder().clock(null)).hasMessage("clock must not be null");
    assertThatThrownBy(() -> ResultRemainders.builder().sessionKey(null)).hasMessage("sessionKey must not be null");
  }

  // --- through a turn: cut, stored, read on ------------------------------------------------------------

  @Test
  void aCutResultIsStoredForItsConversationAndTheReadToolReturnsTheRestWindowByWindow() {
    ResultRemainders r = store().windowChars(256).build();
    String text = "0123456789".repeat(100);
    ToolSpec spec = ToolSpec.builder("long", Tools.schema("{\"type\":\"object\"}")).maxResultChars(300).build();
    Tools.FnTool tool = Tools.FnTool.of(spec, (call, ctx) -> java.util.concurrent.CompletableFuture.completedFuture(
        ToolResult.text(text)));
    TurnContext turn = Tools.context().guildId("g").channelId("c").build();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool, r.readTool()).build())
        .resultRemainders(r).build()) {
      String cut = run(loadout.prepare(turn), "long", "{}");
      assertThat(cut).isEqualTo(text.substring(0, 300) + "\n[truncated: showing the first 300 of 1000 characters; call "
          + "read_result_part with result_id \"r1\" and offset 300 to read on]");

      PreparedTurn next = loadout.prepare(turn);
      assertThat(next.visibleNames()).contains("read_result_part");
      assertThat(run(next, "read_result_part", "{\"result_id\":\"r1\",\"offset\":300}"))
          .isEqualTo(text.substring(300, 556) + "\n[part of result r1: characters 300-556 of 1000; call read_result_part "
              + "with result_id \"r1\" and offset 556 to read on]");
      assertThat(run(next, "read_result_part", "{\"result_id\":\"r1\",\"offset\":812}"))
          .isEqualTo(text.substring(812) + "\n[end of result r1]");
      assertThat(run(loadout.prepare(Tools.context().guildId("g").channelId("other").build()), "read_result_part",
          "{\"result_id\":\"r1\",\"offset\":0}")).contains("not available");
    }
  }

  @Test
  void withoutASessionAResultIsOnlyCut() {
    ResultRemainders r = store().build();
    ToolSpec spec = ToolSpec.builder("long", Tools.schema("{\"type\":\"object\"}")).maxResultChars(300).build();
    Tools.FnTool tool = Tools.FnTool.of(spec, (call, ctx) -> java.util.concurrent.CompletableFuture.completedFuture(
        ToolResult.text("x".repeat(450))));
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool, r.readTool()).build())
        .resultRemainders(r).build()) {
      assertThat(run(loadout.prepare(TurnContext.builder("openai", "m").build()), "long", "{}"))
          .isEqualTo("x".repeat(300) + "\n[truncated: showing the first 300 of 450 characters]");
    }
  }

  private static String run(PreparedTurn turn, String tool, String arguments) {
    ToolResult result = turn.execute(ToolCall.of("c1", tool, arguments)).toCompletableFuture()
        .orTimeout(30, java.util.concurrent.TimeUnit.SECONDS).join();
    return result instanceof ToolResult.Failure ? ((ToolResult.Failure) result).message() : ((ToolResult.Success) result).modelText();
  }
}
