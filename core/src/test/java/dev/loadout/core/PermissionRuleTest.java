package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link PermissionRule}: what each rule needs, how it reads, and who passes it, known, unknown or implied. */
class PermissionRuleTest {

  private static TurnContext holding(Set<String> held) {
    return Tools.context().permissions(held).build();
  }

  private static TurnContext unknown() {
    return Tools.context().permissions(null).build();
  }

  @Test
  void noneNeedsNothingAndReadsAsNone() {
    PermissionRule none = PermissionRule.none();
    assertThat(none.isNone()).isTrue();
    assertThat(none.isAnyOf()).isFalse();
    assertThat(none.permissions()).isEmpty();
    assertThat(none).hasToString("none");
  }

  @Test
  void aRuleThatNamesAPermissionIsNotNone() {
    assertThat(PermissionRule.allOf("ADMIN").isNone()).isFalse();
    assertThat(PermissionRule.anyOf("ADMIN", "MODERATOR").isNone()).isFalse();
  }

  @Test
  void allOfIsNeverAnyOfAndAnyOfTwoIs() {
    assertThat(PermissionRule.allOf("ADMIN", "MODERATOR").isAnyOf()).isFalse();
    assertThat(PermissionRule.anyOf("ADMIN", "MODERATOR").isAnyOf()).isTrue();
    assertThat(PermissionRule.allOf("ADMIN", "MODERATOR")).hasToString("all of [ADMIN, MODERATOR]");
    assertThat(PermissionRule.anyOf("MODERATOR", "ADMIN")).hasToString("any of [ADMIN, MODERATOR]");
  }

  @Test
  void anyOfASinglePermissionIsTheSameRuleAsAllOfIt() {
    PermissionRule one = PermissionRule.anyOf("ADMIN");
    assertThat(one.isAnyOf()).isFalse();
    assertThat(one).hasToString("all of [ADMIN]");
    assertThat(one).isEqualTo(PermissionRule.allOf("ADMIN")).hasSameHashCodeAs(PermissionRule.allOf("ADMIN"));
  }

  @Test
  void anyOfOnePermissionNamedTwiceIsAllOfIt() {
    PermissionRule twice = PermissionRule.anyOf("ADMIN", " ADMIN ");
    assertThat(twice.permissions()).containsExactly("ADMIN");
    assertThat(twice.isAnyOf()).isFalse();
    assertThat(twice).isEqualTo(PermissionRule.allOf("ADMIN"));
  }

  @Test
  void permissionsAreStrippedOfSurroundingSpace() {
    assertThat(PermissionRule.allOf("  MANAGE_GUILD\t").permissions()).containsExactly("MANAGE_GUILD");
  }

  @Test
  void aBlankOrNullPermissionIsRefusedNamingTheWholeList() {
    assertThatThrownBy(() -> PermissionRule.allOf("ADMIN", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("permissions must not be blank, but got [ADMIN,  ]");
    assertThatThrownBy(() -> PermissionRule.anyOf("ADMIN", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("permissions must not be blank, but got [ADMIN, null]");
    assertThatThrownBy(() -> PermissionRule.anyOf(""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("permissions must not be blank, but got []");
  }

  @Test
  void aRuleWithNoPermissionsIsRefusedPointingAtNone() {
    assertThatThrownBy(PermissionRule::allOf)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a permission rule needs at least one permission; use PermissionRule.none() for none");
    assertThatThrownBy(PermissionRule::anyOf)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a permission rule needs at least one permission; use PermissionRule.none() for none");
  }

  @Test
  void noneIsSatisfiedByEveryoneEvenWhenPermissionsAreUnknown() {
    PermissionRule none = PermissionRule.none();
    assertThat(none.isSatisfiedBy(Optional.empty())).isTrue();
    assertThat(none.isSatisfiedBy(Optional.of(Set.of()))).isTrue();
    assertThat(none.isSatisfiedBy(unknown())).isTrue();
    assertThat(none.isSatisfiedBy(holding(Set.of()))).isTrue();
  }

  @Test
  void unknownPermissionsFailEveryOtherRule() {
    for (PermissionRule rule : new PermissionRule[] {PermissionRule.allOf("ADMIN"), PermissionRule.anyOf("ADMIN", "MODERATOR")}) {
      assertThat(rule.isSatisfiedBy(Optional.empty())).as(rule.toString()).isFalse();
      assertThat(rule.isSatisfiedBy(unknown())).as(rule.toString()).isFalse();
    }
  }

  @Test
  void allOfNeedsEveryPermissionHeld() {
    PermissionRule both = PermissionRule.allOf("MANAGE_GUILD", "ADMIN");
    assertThat(both.isSatisfiedBy(Optional.of(Set.of("ADMIN", "MANAGE_GUILD", "GUEST")))).isTrue();
    assertThat(both.isSatisfiedBy(Optional.of(Set.of("ADMIN")))).isFalse();
    assertThat(both.isSatisfiedBy(Optional.of(Set.of()))).isFalse();
    assertThat(both.isSatisfiedBy(holding(Set.of("ADMIN", "MANAGE_GUILD", "GUEST")))).isTrue();
    assertThat(both.isSatisfiedBy(holding(Set.of("MANAGE_GUILD")))).isFalse();
    assertThat(both.isSatisfiedBy(holding(Set.of()))).isFalse();
  }

  @Test
  void anyOfNeedsOnePermissionHeldWhicheverItIs() {
    PermissionRule mods = PermissionRule.anyOf("ADMIN", "MODERATOR");
    assertThat(mods.isSatisfiedBy(Optional.of(Set.of("MODERATOR")))).isTrue();
    assertThat(mods.isSatisfiedBy(Optional.of(Set.of("ADMIN")))).isTrue();
    assertThat(mods.isSatisfiedBy(Optional.of(Set.of("GUEST")))).isFalse();
    assertThat(mods.isSatisfiedBy(Optional.of(Set.of()))).isFalse();
    assertThat(mods.isSatisfiedBy(holding(Set.of("MODERATOR")))).isTrue();
    assertThat(mods.isSatisfiedBy(holding(Set.of("ADMIN")))).isTrue();
    assertThat(mods.isSatisfiedBy(holding(Set.of("GUEST")))).isFalse();
    assertThat(mods.isSatisfiedBy(holding(Set.of()))).isFalse();
  }

  @Test
  void onlyTheContextAppliesImplicationsTheBareSetDoesNot() {
    PermissionRule settings = PermissionRule.allOf("MANAGE_GUILD", "KICK_MEMBERS");
    TurnContext admin = Tools.context().permissions(Set.of("ADMINISTRATOR"))
        .permissionImplications(PermissionImplications.discord()).build();
    assertThat(settings.isSatisfiedBy(admin)).isTrue();
    assertThat(PermissionRule.anyOf("MANAGE_GUILD", "KICK_MEMBERS").isSatisfiedBy(admin)).isTrue();
    assertThat(settings.isSatisfiedBy(admin.permissions())).isFalse();
    assertThat(PermissionRule.anyOf("MANAGE_GUILD", "KICK_MEMBERS").isSatisfiedBy(admin.permissions())).isFalse();
  }

  @Test
  void rulesAreEqualByPermissionsAndKindNotByOrder() {
    PermissionRule mods = PermissionRule.anyOf("ADMIN", "MODERATOR");
    assertThat(mods).isEqualTo(PermissionRule.anyOf("MODERATOR", "ADMIN"))
        .hasSameHashCodeAs(PermissionRule.anyOf("MODERATOR", "ADMIN"));
    assertThat(PermissionRule.allOf("ADMIN", "MODERATOR")).isEqualTo(PermissionRule.allOf("MODERATOR", "ADMIN"))
        .hasSameHashCodeAs(PermissionRule.allOf("MODERATOR", "ADMIN"));
    assertThat(PermissionRule.none()).isEqualTo(PermissionRule.none());
  }

  @Test
  void rulesDifferingInKindOrPermissionsAreNotEqual() {
    PermissionRule any = PermissionRule.anyOf("ADMIN", "MODERATOR");
    PermissionRule all = PermissionRule.allOf("ADMIN", "MODERATOR");
    assertThat(any).isNotEqualTo(all);
    assertThat(all).isNotEqualTo(any);
    assertThat(all).isNotEqualTo(PermissionRule.allOf("ADMIN"));
    assertThat(all).isNotEqualTo(PermissionRule.none());
    assertThat(PermissionRule.none()).isNotEqualTo(PermissionRule.allOf("ADMIN"));
    assertThat(all).isNotEqualTo("all of [ADMIN, MODERATOR]");
    assertThat(all).isNotEqualTo(null);
  }

  @Test
  void anyOfAndAllOfTheSamePermissionsHashApartAndAsSetKeysStayApart() {
    PermissionRule any = PermissionRule.anyOf("ADMIN", "MODERATOR");
    PermissionRule all = PermissionRule.allOf("ADMIN", "MODERATOR");
    assertThat(any.hashCode()).isNotEqualTo(all.hashCode());
    assertThat(PermissionRule.allOf("ADMIN").hashCode()).isNotEqualTo(PermissionRule.allOf("MODERATOR").hashCode());
    assertThat(Set.of(any, all, PermissionRule.allOf("ADMIN"), PermissionRule.none())).hasSize(4);
  }
}
