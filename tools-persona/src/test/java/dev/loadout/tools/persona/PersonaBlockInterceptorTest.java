package dev.loadout.tools.persona;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.LoadoutListener;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.NameAffixes;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.Participants;
import dev.loadout.core.participants.TargetResolver;
import dev.loadout.core.store.MutableClock;
import dev.loadout.core.store.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A guild conversation as a bot runs it, with the persona blocks on the execution chain: a moderator has the
 * persona mute a spammer through the real {@code block_user} tool, and from then on no tool runs for the spammer,
 * whatever the model asks, while everyone else's calls run; the mute ends on the clock.
 */
class PersonaBlockInterceptorTest {
  static final ParticipantTargetIndex PEOPLE = ParticipantTargetIndex.of(List.of(
      Participants.user("100").globalName("Alice").build(),
      Participants.user("300").globalName("Bob").build(),
      Participants.persona("7", "Tomori", List.of("tomo"))));

  final MutableClock clock = MutableClock.at("2026-03-01T12:00:00Z");
  final InMemoryPersonaBlockStore store = new InMemoryPersonaBlockStore();
  final PersonaBlocks blocks = PersonaBlocks.builder(store).clock(clock).build();
  final AtomicInteger rolls = new AtomicInteger();
  final BaseTool rollDice = BaseTool.of(ToolSpec.builder("roll_dice", BlockingFixtures.args("{\"type\":\"object\"}"))
      .description("Rolls a die.").build(), (call, ctx) -> {
        rolls.incrementAndGet();
        return ToolResult.text("4");
      });
  final List<String> shortCircuits = new CopyOnWriteArrayList<>();

  TurnContext as(String userId) {
    return TurnContext.builder("openai", "m").guildId("g1").channelId("c1").personaId("p1").userId(userId).clock(clock)
        .attribute(ParticipantTargetIndex.ATTRIBUTE, PEOPLE).attribute(NameAffixes.ATTRIBUTE, NameAffixes.NONE).build();
  }

  Loadout bot(PersonaBlocks with) {
    PersonaBlockTools moderation = PersonaBlockTools.builder(with, ctx -> EnumSet.allOf(NoticePermission.class))
        .resolver(TargetResolver.builder().build()).build();
    return Loadout.builder(ToolRegistry.builder().register(rollDice).register("persona blocks", moderation.tools()).build())
        .addInterceptor(PersonaBlockInterceptor.of(with))
        .listener(new LoadoutListener() {
          @Override
          public void callShortCircuited(PreparedTurn turn, ToolCall call, Class<?> interceptor, ToolResult result) {
            shortCircuits.add(interceptor.getSimpleName() + " " + call.name());
          }
        }).build();
  }

  static ToolResult say(Loadout bot, TurnContext speaker, String tool, String arguments) {
    PreparedTurn turn = bot.prepare(speaker);
    return turn.execute(ToolCall.of("call-" + tool, tool, arguments)).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS)
        .join();
  }

  @Test
  void onceMutedNoToolRunsForTheSpeakerWhileEveryoneElsesCallsRunUntilTheMuteEnds() {
    try (Loadout bot = bot(blocks)) {
      assertThat(say(bot, as("300"), "roll_dice", "{}").isSuccess()).as("Bob before the mute").isTrue();

      ToolResult muted = say(bot, as("100"), "block_user",
          "{\"blocked_user\":\"Bob\",\"block_type\":\"mute\",\"block_duration_hours\":2,\"block_reason\":\"spam\"}");
      assertThat(muted.isSuccess()).as("%s", muted).isTrue();

      ToolResult refused = say(bot, as("300"), "roll_dice", "{}");
      assertThat(refused).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
        assertThat(f.code()).isEqualTo(PersonaBlockInterceptor.USER_BLOCKED);
        assertThat(f.retryable()).isFalse();
      });
      ToolResult unblockHimself = say(bot, as("300"), "unblock_user", "{\"blocked_user\":\"Bob\"}");
      assertThat(unblockHimself).isInstanceOfSatisfying(ToolResult.Failure.class,
          f -> assertThat(f.code()).isEqualTo(PersonaBlockInterceptor.USER_BLOCKED));
      assertThat(blocks.mayTrigger("g1", "p1", "300")).as("the mute is still there").isFalse();
      assertThat(rolls).as("the refused call never reached the tool").hasValue(1);

      assertThat(say(bot, as("100"), "roll_dice", "{}").isSuccess()).as("Alice is not muted").isTrue();
      assertThat(rolls).hasValue(2);

      clock.advance(Duration.ofHours(2).plusSeconds(1));
      assertThat(say(bot, as("300"), "roll_dice", "{}").isSuccess()).as("after the mute").isTrue();
      assertThat(rolls).hasValue(3);
      assertThat(shortCircuits).containsExactly("PersonaBlockInterceptor roll_dice",
          "PersonaBlockInterceptor unblock_user");
    }
  }

  @Test
  void aTurnWithoutAPersonaOrAUserPasses() {
    try (Loadout bot = bot(blocks)) {
      blocks.save(new PersonaBlock(new PersonaBlock.Key("g1", "p1", "300"), BlockType.BLOCK, "r", clock.instant(),
          clock.instant().plusSeconds(3600)));
      TurnContext noPersona = TurnContext.builder("openai", "m").guildId("g1").userId("300").build();

      assertThat(say(bot, noPersona, "roll_dice", "{}").isSuccess()).isTrue();
      assertThat(say(bot, as("300"), "roll_dice", "{}").isSuccess()).isFalse();
      assertThat(rolls).hasValue(1);
    }
  }

  @Test
  void aStoreThatCannotAnswerRefusesTheCallRetryablyAndRunsNothing() {
    PersonaBlockStore failing = new PersonaBlockStore() {
      @Override
      public void upsert(PersonaBlock block) {
        throw new StoreException("the database is down", null);
      }

      @Override
      public Optional<PersonaBlock> find(PersonaBlock.Key key, Instant now) {
        throw new StoreException("the database is down", null);
      }

      @Override
      public Optional<PersonaBlock> remove(PersonaBlock.Key key, Instant now) {
        throw new StoreException("the database is down", null);
      }

      @Override
      public List<PersonaBlock> active(String guildId, String personaId, Instant now) {
        throw new StoreException("the database is down", null);
      }

      @Override
      public int pruneExpired(Instant now) {
        throw new StoreException("the database is down", null);
      }
    };
    try (PersonaBlocks unreadable = PersonaBlocks.builder(failing).clock(clock).build(); Loadout bot = bot(unreadable)) {
      ToolResult result = say(bot, as("300"), "roll_dice", "{}");

      assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
        assertThat(f.code()).isEqualTo(PersonaBlockInterceptor.CHECK_FAILED);
        assertThat(f.retryable()).isTrue();
        assertThat(f.message()).doesNotContain("database");
      });
      assertThat(rolls).hasValue(0);
    }
  }

  @Test
  void itNeedsBlocks() {
    assertThatThrownBy(() -> PersonaBlockInterceptor.of(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("blocks must not be null");
  }
}
