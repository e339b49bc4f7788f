package dev.loadout.testkit.flows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.direct.DirectDecision;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.FlowReply;
import dev.loadout.direct.ToolTask;
import dev.loadout.direct.ToolTaskStore;
import dev.loadout.testkit.time.TestScheduler;
import java.util.List;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Deferred mode as a bot runs it, one conversation per test, on a real store (each subclass brings one): the model
 * books a tool on one message, and the next message (anyone's) runs it under the booking user.
 */
abstract class DeferredConversationContract {
  static final String MARKER = "【使用了工具 - web_search】";
  static final String FROZEN = "{\"query\":\"Frozen 3 release date\"}";

  ChatBot bot;

  abstract ToolTaskStore newStore() throws Exception;

  /** A second store on the same data, as another bot process has; the same one for in-memory. */
  abstract ToolTaskStore otherProcess();

  @BeforeEach
  void startBot() throws Exception {
    bot = new ChatBot(newStore());
  }

  @AfterEach
  void stopBot() {
    if (bot != null) { // null when the store was skipped (PostgreSQL without LOADOUT_TEST_PG_URL)
      bot.close();
    }
  }

  void bookingTurnSearches(String waiting) {
    bot.model.enqueueRaw(toolCallWithText(waiting, ToolCall.of("call_1", "web_search", FROZEN)));
  }

  /** An OpenAI chat response holding text and a tool call, as models send when they announce a lookup. */
  static String toolCallWithText(String text, ToolCall call) {
    return "{\"id\":\"r1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
        + "\"content\":" + ChatBot.JSON.writeValueAsString(text) + ",\"tool_calls\":[{\"id\":\"" + call.id()
        + "\",\"type\":\"function\",\"function\":{\"name\":\"" + call.name() + "\",\"arguments\":"
        + ChatBot.JSON.writeValueAsString(call.arguments()) + "}}]},\"finish_reason\":\"tool_calls\"}]}";
  }

  @Test
  void aBookingIsPostedWithItsMarkerAndTheNextMessageRunsItWithOneModelCallForAShortAnswer() {
    bookingTurnSearches("Let me look that up for you.");
    ChatBot.Said asked = bot.say("alice", "When does Frozen 3 come out?");

    assertThat(asked.posts()).containsExactly("Let me look that up for you.\n" + MARKER);
    assertThat(asked.booked().decision()).isInstanceOf(DirectDecision.Booked.class);
    assertThat(bot.ran).isEmpty();
    assertThat(bot.model.takeRequest()).contains("only for the current message [m1]").contains("\"web_search\"");

    bot.model.enqueueText("{\"answer\": \"Frozen 3 opens on 24 November 2027. More details at https://example.com/a/very/long/link\"}");
    ChatBot.Said next = bot.say("alice", "thanks!");

    assertThat(next.posts()).containsExactly("Frozen 3 opens on 24 November 2027.\n" + MARKER);
    assertThat(next.reply().historyText()).contains("Frozen 3 opens on 24 November 2027.");
    assertThat(bot.ran).extracting(ChatBot.Ran::tool, ChatBot.Ran::arguments).containsExactly(
        org.assertj.core.groups.Tuple.tuple("web_search", FROZEN));
    String answerRequest = bot.model.takeRequest();
    assertThat(answerRequest).contains("ONE sentence").contains("When does Frozen 3 come out?")
        .contains("24 November 2027").contains("\"max_tokens\":256");
    assertThat(bot.model.requestCount()).isEqualTo(2);
    assertThat(otherProcess().find(ChatBot.SESSION).orElseThrow().state()).isEqualTo(ToolTask.State.DONE);

    bot.model.enqueueText("You're welcome!");
    assertThat(bot.say("alice", "cool").posts()).containsExactly("You're welcome!");
    assertThat(bot.runsOf("web_search")).isOne();
  }

  @Test
  void aCancelCommandCancelsTheBookingBeforeAnythingElseAndNothingRuns() {
    bookingTurnSearches("Checking.");
    bot.say("alice", "When does Frozen 3 come out?");

    ChatBot.Said cancelled = bot.say("alice", "/mcp-cancel");

    assertThat(cancelled.posts()).containsExactly("Cancelled the pending web_search call.");
    assertThat(cancelled.reply().runsOrdinaryTurn()).isFalse();
    assertThat(otherProcess().find(ChatBot.SESSION).orElseThrow().state()).isEqualTo(ToolTask.State.CANCELLED);
    bot.model.enqueueText("Sure, what else?");
    assertThat(bot.say("bob", "ok").posts()).containsExactly("Sure, what else?");
    assertThat(bot.ran).isEmpty();
    assertThat(bot.model.requestCount()).isEqualTo(2);
  }

  @Test
  void aBookingNobodyClaimsWithinItsAgeExpiresAndNeverRuns() {
    bookingTurnSearches("Checking.");
    bot.say("alice", "When does Frozen 3 come out?");
    bot.clock.advance(DirectSettings.DEFAULT_PENDING_MAX_AGE.plusSeconds(1));

    bot.model.enqueueText("Hello again!");
    ChatBot.Said later = bot.say("alice", "hi");

    assertThat(later.posts()).containsExactly("Hello again!");
    assertThat(bot.ran).isEmpty();
    assertThat(otherProcess().find(ChatBot.SESSION).orElseThrow().state()).isEqualTo(ToolTask.State.EXPIRED);
  }

  @Test
  void aBookingByAliceClaimedByBobsMessageRunsWithAlicesPermissions() {
    bot.model.enqueueRaw(toolCallWithText("One moment.", ToolCall.of("call_1", "server_stats", "{}")));
    assertThat(bot.say("alice", "How many members do we have?").posts())
        .containsExactly("One moment.\n【使用了工具 - server_stats】");

    bot.model.enqueueText("{\"answer\":\"The server has 1204 members.\"}");
    ChatBot.Said bobs = bot.say("bob", "lol");

    assertThat(bobs.posts()).containsExactly("The server has 1204 members.\n【使用了工具 - server_stats】");
    assertThat(bot.ran).singleElement().satisfies(r -> {
      assertThat(r.userId()).isEqualTo("alice");
      assertThat(r.permissions()).isEqualTo(Set.of("SEND_MESSAGES", "MANAGE_GUILD"));
    });
    assertThat(bot.model.requests().get(1)).contains("How many members do we have?").doesNotContain("lol");
  }

  @Test
  void bobCannotBookWhatHeIsNotShownAndTheWaitingPromiseBecomesAnHonestLine() {
    bot.model.enqueueRaw(toolCallWithText("Let me check.", ToolCall.of("call_1", "server_stats", "{}")));
    ChatBot.Said bobs = bot.say("bob", "How many members do we have?");

    assertThat(bobs.booked().decision()).isInstanceOfSatisfying(DirectDecision.Invalid.class,
        i -> assertThat(i.reason()).isEqualTo(DirectDecision.InvalidReason.NOT_AVAILABLE));
    assertThat(bobs.posts()).containsExactly("I haven't looked this up, so I can't check it right now.");
    assertThat(otherProcess().find(ChatBot.SESSION)).isEmpty();
  }

  @Test
  void aFailedToolIsExplainedWithItsMarkerAndNoModelCall() {
    bot.searchAnswer = ToolResult.failure("search_unavailable", "the search backend is unreachable", true);
    bookingTurnSearches("Searching.");
    bot.say("alice", "When does Frozen 3 come out?");

    ChatBot.Said next = bot.say("alice", "?");

    assertThat(next.posts()).containsExactly("web_search failed: the search backend is unreachable\n" + MARKER);
    assertThat(bot.model.requestCount()).isOne();
  }

  @Test
  void aToolCommandMeetingTheBookingIsToldTheSlotIsTakenAndCallsNothing() {
    bookingTurnSearches("Searching.");
    bot.say("alice", "When does Frozen 3 come out?");

    ChatBot.Said command = bot.say("bob", "/calc 21");

    assertThat(command.posts()).containsExactly(
        "Another tool call is still pending or running here; try again once it is done.");
    assertThat(command.reply().decision()).isInstanceOf(DirectDecision.Busy.class);
    assertThat(bot.ran).isEmpty();
    assertThat(bot.model.requestCount()).isOne();
    assertThat(otherProcess().find(ChatBot.SESSION).orElseThrow().state()).isEqualTo(ToolTask.State.PENDING);
  }

  @Test
  void withAutoContinueTheBookingRunsOnTheHostsExecutorWithoutANextMessage() throws Exception {
    bot.close();
    TestScheduler executor = TestScheduler.on(dev.loadout.testkit.time.TestClock.at(ChatBot.T0));
    bot = new ChatBot(newStore(), DirectSettings.defaults(), executor);
    bookingTurnSearches("Let me look that up.");
    ChatBot.Said asked = bot.say("alice", "When does Frozen 3 come out?");
    assertThat(asked.posts()).containsExactly("Let me look that up.\n" + MARKER);
    assertThat(asked.continuation()).isNotDone();
    assertThat(bot.ran).isEmpty();

    bot.model.enqueueText("{\"answer\":\"It opens on 24 November 2027.\"}");
    executor.runDueTasks();

    FlowReply done = asked.continuation().join();
    assertThat(done.posts()).containsExactly("It opens on 24 November 2027.\n" + MARKER);
    assertThat(bot.ran).singleElement().satisfies(r -> assertThat(r.userId()).isEqualTo("alice"));
    bot.model.enqueueText("Anything else?");
    assertThat(bot.say("bob", "nice").posts()).containsExactly("Anything else?");
    assertThat(bot.runsOf("web_search")).isOne();
    assertThat(executor.failures()).isEmpty();
  }

  @Test
  void whenTheExecutorRefusesAutoContinueTheNextMessageStillClaimsTheBooking() throws Exception {
    bot.close();
    bot = new ChatBot(newStore(), DirectSettings.defaults(), task -> {
      throw new RejectedExecutionException("pool is shut down");
    });
    bookingTurnSearches("Let me look that up.");
    ChatBot.Said asked = bot.say("alice", "When does Frozen 3 come out?");
    assertThat(asked.booked().continuation()).isEmpty();
    assertThat(asked.posts()).containsExactly("Let me look that up.\n" + MARKER);

    bot.model.enqueueText("{\"answer\":\"It opens on 24 November 2027.\"}");
    assertThat(bot.say("alice", "so?").posts()).containsExactly("It opens on 24 November 2027.\n" + MARKER);
    assertThat(bot.runsOf("web_search")).isOne();
  }

  @Test
  void aReplyWithoutAToolKeepsItsAnswerAndLosesOnlyTheForgedMarker() {
    bot.model.enqueueText("Let me see, it's 42. 【使用了工具 - calc】");
    assertThat(bot.say("alice", "what is 6 times 7?").posts()).containsExactly("Let me see, it's 42.");
    assertThat(otherProcess().find(ChatBot.SESSION)).isEmpty();
    assertThat(bot.ran).isEmpty();
  }

  @Test
  void aWholeReplyOfFakePromisesWithoutAToolBecomesTheHonestLineAndBooksNothing() {
    bot.model.enqueueText("Sure! Let me look that up for you.");
    assertThat(bot.say("alice", "When does Frozen 3 come out?").posts())
        .containsExactly("I haven't looked this up, so I can't check it right now.");
    assertThat(otherProcess().find(ChatBot.SESSION)).isEmpty();
  }

  @Test
  void theBookingMessageDeliveredAgainNeitherRunsItsOwnBookingNorBooksTwice() {
    bookingTurnSearches("Looking.");
    ChatBot.Said first = bot.say("alice", "m1", "When does Frozen 3 come out?");
    ToolTask booked = ((DirectDecision.Booked) first.booked().decision()).task();

    bookingTurnSearches("Looking.");
    ChatBot.Said again = bot.say("alice", "m1", "When does Frozen 3 come out?");

    assertThat(again.booked().decision()).isInstanceOf(DirectDecision.Duplicate.class);
    assertThat(again.posts()).isEmpty();
    assertThat(bot.ran).isEmpty();
    ToolTask stored = otherProcess().find(ChatBot.SESSION).orElseThrow();
    assertThat(stored.taskId()).isEqualTo(booked.taskId());
    assertThat(stored.bookedContext().userId()).isEqualTo("alice");
    assertThat(stored.bookedContext().messageText()).isEqualTo("When does Frozen 3 come out?");
  }
}
