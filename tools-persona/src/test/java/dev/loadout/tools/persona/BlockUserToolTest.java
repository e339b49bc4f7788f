package dev.loadout.tools.persona;

import static dev.loadout.tools.persona.BlockingFixtures.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.store.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class BlockUserToolTest {
  final BlockingFixtures f = new BlockingFixtures();
  EnumSet<NoticePermission> granted = EnumSet.allOf(NoticePermission.class);
  final BlockUserTool tool = new BlockUserTool(f.blocks, dev.loadout.core.participants.TargetResolver.builder().build(),
      ctx -> granted, 168);

  ToolResult run(String json) {
    return tool.run(args(json), f.context().build());
  }

  static ToolResult.Failure failure(ToolResult r) {
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    return (ToolResult.Failure) r;
  }

  static String call(String user, String type, Object hours, String reason) {
    return "{\"blocked_user\":" + user + ",\"block_type\":" + type + ",\"block_duration_hours\":" + hours + ",\"block_reason\":" + reason + "}";
  }

  @Test
  void blocksAResolvedMemberUntilNowPlusHours() {
    ToolResult r = run(call("\"  alice \"", "\"block\"", 3, "\" spamming links \""));
    assertThat(r.isSuccess()).isTrue();
    ToolResult.Success s = (ToolResult.Success) r;
    assertThat(s.summary()).contains("Alice was blocked for the active persona.");
    JsonNode data = s.data();
    assertThat(data.get("status").stringValue()).isEqualTo("user_block_created_successfully");
    assertThat(data.get("user_id").stringValue()).isEqualTo("100");
    assertThat(data.get("block_type").stringValue()).isEqualTo("block");
    assertThat(data.get("expires_at").stringValue()).isEqualTo("2026-03-01T15:00:00Z");
    assertThat(f.store.find(new PersonaBlock.Key("g1", "p1", "100"), f.clock.instant())).contains(new PersonaBlock(
        new PersonaBlock.Key("g1", "p1", "100"), BlockType.BLOCK, "spamming links", f.clock.instant(),
        Instant.parse("2026-03-01T15:00:00Z")));
  }

  @Test
  void muteSaysMutedAndASecondCallReplacesTheFirst() {
    run(call("\"Alice\"", "\"block\"", 100, "\"r\""));
    ToolResult r = run(call("\"Alice\"", "\"mute\"", 1, "\"calmer now\""));
    assertThat(((ToolResult.Success) r).summary()).contains("Alice was muted for the active persona.");
    assertThat(f.store.active("g1", "p1", f.clock.instant())).singleElement()
        .satisfies(b -> assertThat(b.type()).isEqualTo(BlockType.MUTE));
  }

  @Test
  void savingInvalidatesTheCachedAnswerForThatUser() {
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isTrue();
    run(call("\"Alice\"", "\"mute\"", 1, "\"r\""));
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "1.5", "169", "\"5\"", "null"})
  void durationOutsideOneToTheMaximumIsRefused(String hours) {
    ToolResult.Failure f1 = failure(run(call("\"Alice\"", "\"mute\"", hours, "\"r\"")));
    assertThat(f1.code()).isEqualTo("user_block_failed_invalid_duration");
    assertThat(f1.message()).isEqualTo("block_duration_hours must be an integer from 1 to 168.");
    assertThat(f.store.active("g1", "p1", f.clock.instant())).isEmpty();
  }

  @Test
  void wholeNumberDurationsAtTheBoundsAreAccepted() {
    assertThat(run(call("\"Alice\"", "\"mute\"", 1, "\"r\"")).isSuccess()).isTrue();
    assertThat(run(call("\"Alice\"", "\"mute\"", "168.0", "\"r\"")).isSuccess()).isTrue();
  }

  @Test
  void eachArgumentProblemHasItsOwnCode() {
    assertThat(failure(run(call("\"  \"", "\"mute\"", 1, "\"r\""))).code()).isEqualTo("user_block_failed_invalid_target");
    assertThat(failure(run(call("42", "\"mute\"", 1, "\"r\""))).code()).isEqualTo("user_block_failed_invalid_target");
    assertThat(failure(run(call("\"Alice\"", "\"ban\"", 1, "\"r\""))).code()).isEqualTo("user_block_failed_invalid_type");
    assertThat(failure(run(call("\"Alice\"", "\"MUTE\"", 1, "\"r\""))).code()).isEqualTo("user_block_failed_invalid_type");
    assertThat(failure(run(call("\"Alice\"", "\"mute\"", 1, "\"   \""))).code()).isEqualTo("user_block_failed_invalid_reason");
    assertThat(failure(run("{}")).code()).isEqualTo("user_block_failed_invalid_target");
  }

  @Test
  void targetProblemsHaveTheirOwnCodesAndMessages() {
    ToolResult.Failure ambiguous = failure(run(call("\"alex\"", "\"mute\"", 1, "\"r\"")));
    assertThat(ambiguous.code()).isEqualTo("user_block_failed_ambiguous_user");
    assertThat(ambiguous.message()).isEqualTo("Multiple users match \"alex\". Please clarify: Alex, Alex.");
    ToolResult.Failure missing = failure(run(call("\"Zoe\"", "\"mute\"", 1, "\"r\"")));
    assertThat(missing.code()).isEqualTo("user_block_failed_user_not_found");
    assertThat(missing.message()).isEqualTo("Could not find a user matching \"Zoe\" in this conversation or server.");
    assertThat(failure(run(call("\"Helper\"", "\"mute\"", 1, "\"r\""))).code()).isEqualTo("user_block_failed_bot_target");
    assertThat(failure(run(call("\"Matt\"", "\"mute\"", 1, "\"r\""))).code()).isEqualTo("user_block_failed_bridge_user");
    assertThat(failure(run(call("\"Tomori\"", "\"mute\"", 1, "\"r\""))).code()).isEqualTo("user_block_failed_invalid_target");
    assertThat(f.store.active("g1", "p1", f.clock.instant())).isEmpty();
  }

  @Test
  void missingGuildOrPersonaIsAnInternalError() {
    TurnContext noPersona = f.context().personaId(null).build();
    assertThat(failure(tool.run(args(call("\"Alice\"", "\"mute\"", 1, "\"r\"")), noPersona)).code())
        .isEqualTo("user_block_failed_internal_error");
  }

  @Test
  void theFirstMissingNoticePermissionIsReportedAndNothingIsSaved() {
    granted = EnumSet.of(NoticePermission.SEND_MESSAGES);
    ToolResult.Failure r = failure(run(call("\"Alice\"", "\"block\"", 2, "\"r\"")));
    assertThat(r.code()).isEqualTo("user_block_failed_missing_permission");
    assertThat(r.message()).contains("[VIEW_CHANNEL]");
    granted = EnumSet.of(NoticePermission.VIEW_CHANNEL, NoticePermission.SEND_MESSAGES);
    assertThat(failure(run(call("\"Alice\"", "\"block\"", 2, "\"r\""))).message()).contains("[EMBED_LINKS]");
    assertThat(f.store.active("g1", "p1", f.clock.instant())).isEmpty();
  }

  @Test
  void aFailingStoreIsAStorageErrorResult() {
    PersonaBlockStore broken = new InMemoryPersonaBlockStore();
    PersonaBlocks failing = PersonaBlocks.builder(new PersonaBlockStore() {
      @Override
      public void upsert(PersonaBlock block) {
        throw new StoreException("store persona_user_blocks could not save a block: down", null);
      }

      @Override
      public Optional<PersonaBlock> find(PersonaBlock.Key key, Instant now) {
        return broken.find(key, now);
      }

      @Override
      public Optional<PersonaBlock> remove(PersonaBlock.Key key, Instant now) {
        return broken.remove(key, now);
      }

      @Override
      public List<PersonaBlock> active(String guildId, String personaId, Instant now) {
        return broken.active(guildId, personaId, now);
      }

      @Override
      public int pruneExpired(Instant now) {
        return 0;
      }
    }).clock(f.clock).build();
    BlockUserTool t = new BlockUserTool(failing, dev.loadout.core.participants.TargetResolver.builder().build(), ctx -> granted, 168);
    ToolResult.Failure r = failure(t.run(args(call("\"Alice\"", "\"mute\"", 1, "\"r\"")), f.context().build()));
    assertThat(r.code()).isEqualTo("user_block_failed_db_error");
    assertThat(r.retryable()).isTrue();
    assertThat(r.message()).doesNotContain("down");
  }

  @Test
  void shownOnlyInAGuildWithAPersonaUnlessTheFlagIsOff() {
    PersonaBlockTools tools = PersonaBlockTools.builder(f.blocks, NoticePermissionProbe.ALL_GRANTED).maxDurationHours(48).build();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tools.blockUser(), tools.unblockUser()).build()).build()) {
      assertThat(loadout.prepare(f.context().build()).visibleNames()).containsExactly("block_user", "unblock_user");
      assertThat(loadout.prepare(f.context().flag("user_blocking", true).build()).visibleNames()).hasSize(2);
      assertThat(loadout.prepare(f.context().flag("user_blocking", false).build()).visibleNames()).isEmpty();
      assertThat(loadout.prepare(f.context().personaId(null).build()).visibleNames()).isEmpty();
      assertThat(loadout.prepare(f.context().guildId(null).build()).visibleNames()).isEmpty();
      assertThat(loadout.prepare(f.context().flag("user_blocking", false).build()).hidden("block_user").orElseThrow()
          .hasReason("feature_flag_off")).isTrue();
      assertThat(loadout.prepare(f.context().personaId(null).build()).hidden("unblock_user").orElseThrow()
          .hasReason("no_persona")).isTrue();
      assertThat(loadout.prepare(f.context().guildId(null).build()).hidden("block_user").orElseThrow()
          .hasReason("no_guild")).isTrue();

      PreparedTurn turn = loadout.prepare(f.context().build());
      assertThat(turn.variant("block_user").orElseThrow().parameters().at("/properties/block_duration_hours/maximum").asInt())
          .isEqualTo(48);
      ToolResult ok = turn.execute(ToolCall.of("c1", "block_user", call("\"Alice\"", "\"mute\"", 48, "\"r\"")))
          .toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
      assertThat(ok.isSuccess()).isTrue();
      // Past the maximum the shown schema already refuses the call, before the tool runs.
      ToolResult tooLong = turn.execute(ToolCall.of("c2", "block_user", call("\"Alice\"", "\"mute\"", 49, "\"r\"")))
          .toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
      assertThat(failure(tooLong).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
      assertThat(f.blocks.active(new PersonaBlock.Key("g1", "p1", "100")).orElseThrow().expiresAt())
          .isEqualTo(f.clock.instant().plus(Duration.ofHours(48)));
    }
  }
}
