package dev.loadout.testkit;

import static dev.loadout.testkit.LoadoutAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import java.util.Collections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PreparedTurnAssertTest {
  private final Loadout loadout = TestTools.loadout();
  /** In a guild, no permissions: ban_member lacks a permission, dm_notes hides itself. */
  private final PreparedTurn member = loadout.prepare(TestContexts.turn().build());
  /** In a DM, no permissions: ban_member is hidden for two reasons. */
  private final PreparedTurn dm = loadout.prepare(TestContexts.directMessage().build());

  @AfterEach
  void close() {
    loadout.close();
  }

  @Test
  void hasVisibleNamesPassesForTheExactNamesInOrder() {
    assertThat(member).hasVisibleNames("echo", "generate_image");
    assertThat(loadout.prepare(TestContexts.turn().permissions(Collections.singleton("BAN_MEMBERS")).build()))
        .hasVisibleNames("echo", "generate_image", "ban_member");
  }

  @Test
  void hasVisibleNamesFailsOnAnotherOrderShowingTheActualNamesAndHiddenTools() {
    assertThatThrownBy(() -> assertThat(member).hasVisibleNames("generate_image", "echo"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to show exactly, in order:")
        .hasMessageContaining("[generate_image, echo]")
        .hasMessageContaining("but it showed:")
        .hasMessageContaining("[echo, generate_image]")
        .hasMessageContaining("and hid [ban_member [missing_permission], dm_notes [hidden_by_assembly]]");
  }

  @Test
  void hasVisibleNamesFailsWhenAToolIsMissing() {
    assertThatThrownBy(() -> assertThat(member).hasVisibleNames("echo"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(String.format("to show exactly, in order:%n  [echo]%nbut it showed:%n  [echo, generate_image]"));
  }

  @Test
  void hasVisibleNamesInAnyOrderIgnoresOrderOnly() {
    assertThat(member).hasVisibleNamesInAnyOrder("generate_image", "echo");

    assertThatThrownBy(() -> assertThat(member).hasVisibleNamesInAnyOrder("ban_member", "echo"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to show, in any order:")
        .hasMessageContaining("not shown: [ban_member]")
        .hasMessageContaining("not expected: [generate_image]");
  }

  @Test
  void showsAndDoesNotShowPassForVisibleAndAbsentTools() {
    assertThat(member).shows("echo").doesNotShow("ban_member").doesNotShow("no_such_tool");
  }

  @Test
  void doesNotShowFailsForAVisibleToolNamingItsPosition() {
    assertThatThrownBy(() -> assertThat(member).doesNotShow("generate_image"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("not to show [generate_image]")
        .hasMessageContaining("visible at index 1 of:")
        .hasMessageContaining("[echo, generate_image]");
  }

  @Test
  void showsFailsForAHiddenToolWithItsReasons() {
    assertThatThrownBy(() -> assertThat(member).shows("ban_member"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to show [ban_member]")
        .hasMessageContaining("it was hidden with reasons [missing_permission]");
  }

  @Test
  void hidesWithReasonPassesForEachReasonOfAToolHiddenSeveralTimesOver() {
    assertThat(dm)
        .hides("ban_member")
        .hidesWithReason("ban_member", "missing_permission")
        .hidesWithReason("ban_member", "guild_only");
    assertThat(member).hidesWithReason("dm_notes", AvailabilityDecision.HIDDEN_BY_ASSEMBLY);
  }

  @Test
  void hidesWithReasonFailsOnAnotherCodeListingTheActualReasons() {
    assertThatThrownBy(() -> assertThat(member).hidesWithReason("ban_member", "guild_only"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to hide [ban_member] with reason [guild_only]")
        .hasMessageContaining("but its reasons were:")
        .hasMessageContaining("[missing_permission] needs permission [BAN_MEMBERS] (from dev.loadout.testkit.TestTools$PermissionFilter)");
  }

  @Test
  void hidesWithReasonFailsForAVisibleTool() {
    assertThatThrownBy(() -> assertThat(member).hidesWithReason("echo", "missing_permission"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but it was visible at index 0 of [echo, generate_image]");
  }

  @Test
  void hidesFailsForAToolTheTurnDoesNotKnow() {
    assertThatThrownBy(() -> assertThat(member).hides("web_search"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("the turn has no tool named [web_search]; it showed [echo, generate_image]");
  }

  @Test
  void variantSchemaChecksTheNarrowedShapeTheModelSaw() {
    assertThat(member).variantSchema("generate_image")
        .hasEnum("style", "photo", "anime")
        .doesNotHaveProperty("seed")
        .doesNotRequire("seed")
        .requires("prompt");
    assertThat(loadout.prepare(TestContexts.turn().flag("nsfw", true).flag("seeds", true).build()))
        .variantSchema("generate_image")
        .hasEnum("style", "photo", "anime", "nsfw")
        .hasProperty("seed")
        .requires("seed");
  }

  @Test
  void variantSchemaFailsForAHiddenTool() {
    assertThatThrownBy(() -> assertThat(member).variantSchema("ban_member"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("to show [ban_member] so its variant schema can be checked")
        .hasMessageContaining("it was hidden with reasons [missing_permission]");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rendersIdenticallyToPassesForTwoTurnsShowingTheSameVariants(Dialect dialect) {
    PreparedTurn otherUser = loadout.prepare(TestContexts.turn().userId("user-2").build());

    assertThat(member).rendersIdenticallyTo(otherUser, dialect);
  }

  @Test
  void rendersIdenticallyToFailsShowingWhereTheRendersDiffer() {
    PreparedTurn nsfw = loadout.prepare(TestContexts.turn().flag("nsfw", true).build());

    assertThatThrownBy(() -> assertThat(member).rendersIdenticallyTo(nsfw, Dialect.OPENAI_CHAT))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting the OPENAI_CHAT render of the turn showing")
        .hasMessageContaining("but they differ at character")
        .hasMessageContaining("this:  ")
        .hasMessageContaining("other: ")
        .hasMessageContaining("\"nsfw\"");
  }

  @Test
  void everyAssertionFailsOnANullTurn() {
    assertThatThrownBy(() -> assertThat((PreparedTurn) null).hasVisibleNames())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting actual not to be null");
  }
}
