package dev.loadout.core.availability;

import static dev.loadout.core.availability.DeliberateFixtures.context;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RecentToolUseTest {

  private static TurnContext turn(String channel, String text, RecentTools recent) {
    return context(text).channelId(channel).attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true))
        .attribute(DeliberateToolMode.RECENT_TOOLS, recent).build();
  }

  @Test
  void successesThroughExecuteAreRecordedFailuresAreNot() {
    RecentToolUse recent = RecentToolUse.create();
    ToolRegistry registry = ToolRegistry.builder()
        .register(DeliberateFixtures.tool(DeliberateFixtures.spec("generate_image")))
        .register(BaseTool.of(DeliberateFixtures.spec("web_search"), (c, x) -> ToolResult.failure("no_backend", "down", true)))
        .build();
    try (Loadout loadout = Loadout.builder(registry).addInterceptor(recent).build()) {
      PreparedTurn first = loadout.prepare(turn("c1", "draw a cat and look it up", recent.beginTurn("c1")));
      assertThat(first.execute(ToolCall.of("1", "generate_image", "{}")).toCompletableFuture().join().isSuccess()).isTrue();
      assertThat(first.execute(ToolCall.of("2", "web_search", "{}")).toCompletableFuture().join().isSuccess()).isFalse();
      assertThat(first.execute(ToolCall.of("3", "no_such_tool", "{}")).toCompletableFuture().join().isSuccess()).isFalse();

      RecentTools next = recent.beginTurn("c1");

      assertThat(next.turns()).containsExactly(Set.of("generate_image"));
      assertThat(recent.beginTurn("other").turns()).isEmpty();
    }
  }

  @Test
  void aFollowUpAfterASuccessfulTurnReAllowsItsTools() {
    RecentToolUse recent = RecentToolUse.create();
    DeliberateToolMode mode = DeliberateToolMode.defaults();
    try (Loadout loadout = Loadout.builder(DeliberateFixtures.registry()).addFilter(mode.filter()).addInterceptor(recent)
        .build()) {
      PreparedTurn draw = loadout.prepare(turn("c1", "draw me a fox", recent.beginTurn("c1")));
      draw.execute(ToolCall.of("1", "generate_image", "{}")).toCompletableFuture().join();

      PreparedTurn again = loadout.prepare(turn("c1", "do it again", recent.beginTurn("c1")));

      assertThat(again.visibleNames()).containsExactly("generate_image");
    }
  }

  @Test
  void turnsWithoutToolsCountSoOldSuccessesAgeOut() {
    RecentToolUse recent = RecentToolUse.create();
    TurnContext first = turn("c1", "x", recent.beginTurn("c1"));
    recent.recordSuccess(first, "generate_image");
    for (int i = 0; i < 4; i++) {
      recent.beginTurn("c1");
    }

    RecentTools now = recent.beginTurn("c1");

    assertThat(now.turns()).hasSize(5);
    assertThat(now.namesWithin(4)).isEmpty();
    assertThat(now.namesWithin(5)).containsExactly("generate_image");
  }

  @Test
  void atMostTenEarlierTurnsAreKept() {
    RecentToolUse recent = RecentToolUse.create();
    for (int i = 0; i < 30; i++) {
      recent.recordSuccess(turn("c1", "x", recent.beginTurn("c1")), "tool_" + i);
    }

    RecentTools now = recent.snapshot("c1");

    assertThat(now.turns()).hasSize(10);
    assertThat(now.turns().get(0)).containsExactly("tool_29");
    assertThat(now.namesWithin(10)).hasSize(10).doesNotContain("tool_19");
  }

  @Test
  void aSuccessOfAnEvictedTurnIsDropped() {
    RecentToolUse recent = RecentToolUse.create();
    TurnContext old = turn("c1", "x", recent.beginTurn("c1"));
    for (int i = 0; i < 12; i++) {
      recent.beginTurn("c1");
    }

    recent.recordSuccess(old, "late_tool");

    assertThat(recent.snapshot("c1").namesWithin(10)).isEmpty();
  }

  @Test
  void concurrentTurnsInOneChannelRecordIntoTheirOwnTurn() {
    RecentToolUse recent = RecentToolUse.create();
    TurnContext a = turn("c1", "x", recent.beginTurn("c1"));
    TurnContext b = turn("c1", "y", recent.beginTurn("c1"));

    recent.recordSuccess(a, "from_a");
    recent.recordSuccess(b, "from_b");

    assertThat(recent.snapshot("c1").turns()).containsExactly(Set.of("from_b"), Set.of("from_a"));
  }

  @Test
  void withoutTheAttributeTheThreadOrChannelsNewestTurnIsUsed() {
    RecentToolUse recent = RecentToolUse.create();
    recent.recordSuccess(context("x").channelId("c9").build(), "a_tool");
    recent.recordSuccess(context("x").channelId("c9").threadId("t1").build(), "thread_tool");
    recent.recordSuccess(context("x").channelId(null).build(), "nowhere");

    assertThat(recent.snapshot("c9").turns()).containsExactly(Set.of("a_tool"));
    assertThat(recent.snapshot("t1").turns()).containsExactly(Set.of("thread_tool"));
  }

  @Test
  void memoryIsBoundedByChannelsAndNamesPerTurn() {
    RecentToolUse recent = RecentToolUse.create(3);
    for (String c : List.of("a", "b", "c", "d")) {
      recent.beginTurn(c);
    }
    TurnContext t = turn("d", "x", recent.beginTurn("d"));
    for (int i = 0; i < 100; i++) {
      recent.recordSuccess(t, "tool_" + i);
    }

    assertThat(recent.channelCount()).isEqualTo(3);
    assertThat(recent.snapshot("a").turns()).isEmpty();
    assertThat(recent.snapshot("d").turns().get(0)).hasSize(RecentToolUse.MAX_NAMES_PER_TURN);
  }

  @Test
  void badArgumentsAreRefused() {
    assertThatThrownBy(() -> RecentToolUse.create(0)).hasMessage("maxChannels must be at least 1, but was 0");
    assertThatThrownBy(() -> RecentToolUse.create().beginTurn(" ")).hasMessage("channelId must not be blank, but was ' '");
  }

  @Test
  void manyThreadsRecordingAtOnceLoseNothing() throws Exception {
    RecentToolUse recent = RecentToolUse.create();
    List<TurnContext> turns = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      turns.add(turn("c" + i, "x", recent.beginTurn("c" + i)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    CountDownLatch start = new CountDownLatch(1);
    try {
      for (TurnContext t : turns) {
        pool.execute(() -> {
          try {
            start.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          for (int n = 0; n < 50; n++) {
            recent.recordSuccess(t, "tool_" + n);
          }
        });
      }
      start.countDown();
    } finally {
      pool.shutdown();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    for (int i = 0; i < 8; i++) {
      assertThat(recent.snapshot("c" + i).turns().get(0)).hasSize(50);
    }
  }

  @Test
  void aChannelRemembersTheTenTurnsBeforeTheOpenOneAndForgetsOlderOnes() {
    RecentToolUse recent = RecentToolUse.create(1);
    for (int i = 1; i <= 12; i++) {
      RecentTools issued = recent.beginTurn("c1");
      recent.recordSuccess(turn("c1", "x", issued), "tool" + i);
    }

    RecentTools earlier = recent.beginTurn("c1");

    assertThat(earlier.turns()).hasSize(10);
    assertThat(earlier.turns().get(0)).containsExactly("tool12");
    assertThat(earlier.turns().get(9)).containsExactly("tool3");
  }

  @Test
  void aTrackerNeedsRoomForAtLeastOneChannel() {
    assertThat(RecentToolUse.create(1).beginTurn("c1").turns()).isEmpty();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> RecentToolUse.create(0))
        .hasMessage("maxChannels must be at least 1, but was 0");
  }
}
