package dev.loadout.tools.persona;

import static dev.loadout.tools.persona.BlockingFixtures.args;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolResult;
import dev.loadout.core.participants.TargetResolver;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class UnblockUserToolTest {
  final BlockingFixtures f = new BlockingFixtures();
  final UnblockUserTool tool = new UnblockUserTool(f.blocks, TargetResolver.builder().build());
  final PersonaBlock.Key alice = new PersonaBlock.Key("g1", "p1", "100");

  ToolResult run(String user) {
    return tool.run(args("{\"blocked_user\":" + user + "}"), f.context().build());
  }

  @Test
  void liftsAnActiveBlockAndSaysWhichType() {
    f.blocks.save(new PersonaBlock(alice, BlockType.BLOCK, "r", f.clock.instant(), f.clock.instant().plus(Duration.ofHours(2))));
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isFalse();
    ToolResult.Success r = (ToolResult.Success) run("\"@Alice\"");
    assertThat(r.data().get("status").stringValue()).isEqualTo("user_unblocked_successfully");
    assertThat(r.data().get("removed_block_type").stringValue()).isEqualTo("block");
    assertThat(r.summary()).contains("Alice was unblocked for the active persona.");
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isTrue();
  }

  @Test
  void noActiveBlockIsStillASuccessWithItsOwnStatus() {
    f.blocks.save(new PersonaBlock(alice, BlockType.MUTE, "r", f.clock.instant(), f.clock.instant().plus(Duration.ofHours(1))));
    f.clock.advance(Duration.ofHours(1));
    ToolResult.Success r = (ToolResult.Success) run("\"alice\"");
    assertThat(r.data().get("status").stringValue()).isEqualTo("user_unblock_no_active_block");
    assertThat(r.data().has("removed_block_type")).isFalse();
  }

  @Test
  void sharesTheTargetRulesUnderItsOwnPrefix() {
    assertThat(((ToolResult.Failure) run("\"alex\"")).code()).isEqualTo("user_unblock_failed_ambiguous_user");
    assertThat(((ToolResult.Failure) run("\"nobody\"")).code()).isEqualTo("user_unblock_failed_user_not_found");
    assertThat(((ToolResult.Failure) run("\"Helper\"")).code()).isEqualTo("user_unblock_failed_bot_target");
    assertThat(((ToolResult.Failure) run("\"Matt\"")).code()).isEqualTo("user_unblock_failed_bridge_user");
    assertThat(((ToolResult.Failure) run("\"\"")).code()).isEqualTo("user_unblock_failed_invalid_target");
  }
}
