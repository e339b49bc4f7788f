package dev.loadout.core.participants;

import static dev.loadout.core.participants.AliasPurpose.COPIED_IDENTITY;
import static dev.loadout.core.participants.AliasPurpose.INPUT_REFERENCE;
import static dev.loadout.core.participants.AliasPurpose.OUTPUT_MENTION;
import static dev.loadout.core.participants.AliasPurpose.PERSONA_TRIGGER;
import static dev.loadout.core.participants.AliasPurpose.TOOL_TARGET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParticipantsTest {

  @Test
  void userAliasesCarryTheReferencePrioritiesPurposesAndExposure() {
    Participant p = Participants.user("111").impersonatedName("Captain").savedNickname("Ally", false)
        .guildDisplayName("Alice (mod)").guildNickname("Al").globalName("Alice").username("alice_01").build();
    assertThat(p.aliases()).extracting(ParticipantAlias::value, ParticipantAlias::priority, ParticipantAlias::exposure)
        .containsExactly(
            tuple("Captain", 0, AliasExposure.VISIBLE),
            tuple("Ally", 10, AliasExposure.LOOKUP_ONLY),
            tuple("Alice (mod)", 15, AliasExposure.LOOKUP_ONLY),
            tuple("Al", 20, AliasExposure.VISIBLE),
            tuple("Alice", 30, AliasExposure.VISIBLE),
            tuple("alice_01", 40, AliasExposure.VISIBLE));
    assertThat(p.aliases().get(0).purposes()).containsExactlyInAnyOrder(OUTPUT_MENTION, TOOL_TARGET, COPIED_IDENTITY);
    assertThat(p.aliases().get(1).purposes()).containsExactly(INPUT_REFERENCE);
    assertThat(p.aliases().get(2).purposes()).containsExactly(INPUT_REFERENCE);
    assertThat(p.aliases().get(3).purposes()).containsExactlyInAnyOrder(INPUT_REFERENCE, OUTPUT_MENTION, TOOL_TARGET, COPIED_IDENTITY);
    assertThat(p.label()).isEqualTo("Captain");
  }

  @Test
  void exposedSavedNicknameIsAlsoAnOutputName() {
    Participant p = Participants.user("1").savedNickname("Bee", true).username("bee").build();
    assertThat(p.aliases().get(0).exposure()).isEqualTo(AliasExposure.VISIBLE);
    assertThat(p.aliases().get(0).has(TOOL_TARGET)).isTrue();
    assertThat(p.label()).isEqualTo("Bee");
  }

  @Test
  void rawIdIsAddedOnlyWhenNoOtherAliasIsAnOutputName() {
    Participant lookupOnly = Participants.user("999").guildDisplayName("Ghost").build();
    assertThat(lookupOnly.aliases()).extracting(ParticipantAlias::value).containsExactly("Ghost", "999");
    assertThat(lookupOnly.aliases().get(1).priority()).isEqualTo(50);
    assertThat(lookupOnly.label()).isEqualTo("999");
    assertThat(Participants.user("5").username("five").build().aliases()).extracting(ParticipantAlias::value).containsExactly("five");
  }

  @Test
  void blankNamesAreSkipped() {
    Participant p = Participants.user("1").guildNickname(" ").globalName(null).username("u").build();
    assertThat(p.aliases()).extracting(ParticipantAlias::value).containsExactly("u");
  }

  @Test
  void personaHasItsNicknameAndTriggersButNotMentionTriggers() {
    Participant p = Participants.persona("7", "Tomori", List.of("tomori", "<@123>", "tomo", " "));
    assertThat(p.label()).isEqualTo("Tomori");
    assertThat(p.aliases()).extracting(ParticipantAlias::value, ParticipantAlias::priority)
        .containsExactly(tuple("Tomori", 10), tuple("tomori", 20), tuple("tomo", 21));
    assertThat(p.aliases().get(0).purposes()).containsExactlyInAnyOrder(OUTPUT_MENTION, TOOL_TARGET, COPIED_IDENTITY);
    assertThat(p.aliases().get(2).purposes()).containsExactlyInAnyOrder(OUTPUT_MENTION, PERSONA_TRIGGER);
    assertThat(p.aliasesFor(OUTPUT_MENTION)).extracting(ParticipantAlias::value).containsExactly("Tomori", "tomo");
  }

  @Test
  void bridgeUsersAreLookupOnlyTargetsAndWebhooksServeNoPurpose() {
    Participant bridge = Participants.bridgeUser("@m:matrix.org", "Matt");
    assertThat(bridge.id().serialised()).isEqualTo("bridge_user:@m:matrix.org");
    assertThat(bridge.aliases().get(0).purposes()).containsExactlyInAnyOrder(OUTPUT_MENTION, TOOL_TARGET);
    assertThat(bridge.aliases().get(0).exposure()).isEqualTo(AliasExposure.LOOKUP_ONLY);
    Participant hook = Participants.webhook("w1", "Deploy Bot");
    assertThat(hook.aliases().get(0).purposes()).isEmpty();
    assertThat(hook.label()).isEqualTo("Deploy Bot");
  }
}
