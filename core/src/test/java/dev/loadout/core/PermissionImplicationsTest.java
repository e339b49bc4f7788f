package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.availability.AvailabilityFilters;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Implied permissions as data, applied through the turn's context by every rule that reads permissions. */
class PermissionImplicationsTest {
  private static final ToolSpec SETTINGS = Tools.spec("server_settings").toBuilder()
      .requiredPermission("MANAGE_GUILD").build();
  private static final ToolSpec MODERATE = Tools.spec("moderate").toBuilder()
      .requiredPermissions(PermissionRule.anyOf("KICK_MEMBERS", "BAN_MEMBERS")).build();

  private static TurnContext member(Set<String> held, PermissionImplications implications) {
    return Tools.context().permissions(held).permissionImplications(implications).build();
  }

  private static PreparedTurn turn(Loadout loadout, TurnContext context) {
    return loadout.prepare(context);
  }

  private static Loadout loadout() {
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(SETTINGS), Tools.FnTool.echo(MODERATE))
        .build());
    AvailabilityFilters.standard().forEach(b::addFilter);
    return b.build();
  }

  @Test
  void aDiscordAdministratorPassesEveryPermissionCheck() {
    try (Loadout loadout = loadout()) {
      TurnContext admin = member(Set.of("ADMINISTRATOR"), PermissionImplications.discord());
      assertThat(turn(loadout, admin).visibleNames()).containsExactly("moderate", "server_settings");
      assertThat(admin.hasPermission("MANAGE_GUILD")).isTrue();
      assertThat(admin.hasPermission("ANYTHING_AT_ALL")).isTrue();
    }
  }

  @Test
  void withoutTheTableAnAdministratorHoldsOnlyWhatItHolds() {
    try (Loadout loadout = loadout()) {
      PreparedTurn t = turn(loadout, member(Set.of("ADMINISTRATOR"), PermissionImplications.none()));
      assertThat(t.visibleNames()).isEmpty();
      assertThat(t.hidden("server_settings").orElseThrow().hasReason(AvailabilityFilters.MISSING_PERMISSION)).isTrue();
    }
  }

  @Test
  void unknownPermissionsStillFailClosed() {
    try (Loadout loadout = loadout()) {
      TurnContext unknown = Tools.context().permissions(null).permissionImplications(PermissionImplications.discord()).build();
      PreparedTurn t = turn(loadout, unknown);
      assertThat(t.visibleNames()).isEmpty();
      assertThat(t.hidden("server_settings").orElseThrow().hasReason(AvailabilityFilters.PERMISSIONS_UNKNOWN)).isTrue();
      assertThat(unknown.hasPermission("MANAGE_GUILD")).isFalse();
    }
  }

  @Test
  void aHostTableIsFollowedTransitivelyAndGrantsOnlyWhatItSays() {
    PermissionImplications table = PermissionImplications.builder()
        .implies("OWNER", "MODERATOR").implies("MODERATOR", "KICK_MEMBERS").build();
    try (Loadout loadout = loadout()) {
      assertThat(turn(loadout, member(Set.of("OWNER"), table)).visibleNames()).containsExactly("moderate");
      assertThat(turn(loadout, member(Set.of("MODERATOR"), table)).visibleNames()).containsExactly("moderate");
      assertThat(turn(loadout, member(Set.of("KICK_MEMBERS"), table)).visibleNames()).containsExactly("moderate");
      assertThat(turn(loadout, member(Set.of("GUEST"), table)).visibleNames()).isEmpty();
    }
    PermissionImplications cyclic = PermissionImplications.builder().implies("A", "B").implies("B", "A", "C")
        .implies("C", "ROOT").impliesEverything("ROOT").build();
    assertThat(cyclic.grants(Set.of("A"), "ANYTHING")).isTrue();
    assertThat(cyclic.grants(Set.of("B"), "A")).isTrue();
    assertThat(cyclic.grants(Set.of(), "A")).isFalse();
  }

  @Test
  void theTableTravelsWithTheContextAndBadEntriesAreRefused() {
    TurnContext admin = member(Set.of("ADMINISTRATOR"), PermissionImplications.discord());
    assertThat(admin.toBuilder().build().hasPermission("MANAGE_GUILD")).isTrue();
    assertThat(PermissionImplications.discord().toString()).isEqualTo("PermissionImplications{ADMINISTRATOR=everything}");
    assertThatThrownBy(() -> PermissionImplications.builder().implies(" ", "X")).hasMessage("permission must not be blank, but was ' '");
    assertThatThrownBy(() -> PermissionImplications.builder().implies("A")).hasMessage("permission [A] must imply at least one permission");
    assertThatThrownBy(() -> Tools.context().permissionImplications(null)).isInstanceOf(IllegalArgumentException.class);
  }
}
