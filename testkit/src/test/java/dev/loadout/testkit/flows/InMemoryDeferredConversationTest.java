package dev.loadout.testkit.flows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolCall;
import dev.loadout.direct.ClaimResult;
import dev.loadout.direct.InMemoryToolTaskStore;
import dev.loadout.direct.ToolTask;
import dev.loadout.direct.ToolTaskStore;
import dev.loadout.core.store.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The deferred conversations on the in-memory task store, and what happens when the store cannot save. */
class InMemoryDeferredConversationTest extends DeferredConversationContract {
  private ToolTaskStore store;

  @Override
  ToolTaskStore newStore() {
    store = new InMemoryToolTaskStore();
    return store;
  }

  @Override
  ToolTaskStore otherProcess() {
    return store;
  }

  @Test
  void whenTheBookingCannotBeSavedNoWaitingTextOrMarkerIsPosted() {
    bot.close();
    bot = new ChatBot(new Unwritable());
    bot.model.enqueueRaw(toolCallWithText("Let me look that up.", ToolCall.of("call_1", "web_search", FROZEN)));

    assertThatThrownBy(() -> bot.say("alice", "When does Frozen 3 come out?"))
        .isInstanceOf(StoreException.class);

    assertThat(bot.transcript).isEmpty();
    assertThat(bot.ran).isEmpty();
  }

  /** A store whose database is gone for writes. */
  static final class Unwritable implements ToolTaskStore {
    @Override
    public ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter) {
      throw new StoreException("claim a task slot: the database is unreachable", null);
    }

    @Override
    public Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now) {
      return Optional.empty();
    }

    @Override
    public boolean complete(String sessionKey, String taskId) {
      return false;
    }

    @Override
    public Optional<ToolTask> cancel(String sessionKey) {
      return Optional.empty();
    }

    @Override
    public Optional<ToolTask> find(String sessionKey) {
      return Optional.empty();
    }
  }
}
