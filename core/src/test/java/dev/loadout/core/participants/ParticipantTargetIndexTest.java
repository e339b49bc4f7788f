package dev.loadout.core.participants;

import static dev.loadout.core.participants.AliasPurpose.INPUT_REFERENCE;
import static dev.loadout.core.participants.AliasPurpose.OUTPUT_MENTION;
import static dev.loadout.core.participants.AliasPurpose.TOOL_TARGET;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParticipantTargetIndexTest {
  static final Participant ALEX = Participants.user("1").globalName("Alex").username("alex_k").build();
  static final Participant SAM = Participants.user("2").globalName("Sam").build();

  static TargetResolution.Resolved resolved(TargetResolution r) {
    assertThat(r).isInstanceOf(TargetResolution.Resolved.class);
    return (TargetResolution.Resolved) r;
  }

  @Test
  void prefersThePrimaryNameMatchOverACollidingSecondaryAlias() {
    // Sam's saved, exposed nickname is "alex": a secondary alias colliding with Alex's primary name.
    Participant sam = Participants.user("2").savedNickname("alex", true).globalName("Sam").label("Sam").build();
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(sam, ALEX));
    TargetResolution.Resolved r = resolved(index.resolve("Alex", TOOL_TARGET));
    assertThat(r.target()).isEqualTo(ParticipantId.user("1"));
    assertThat(r.stage()).isEqualTo(TargetResolution.Stage.CONVERSATION);
    assertThat(index.collisionView(TOOL_TARGET).get("alex")).containsExactly(ParticipantId.user("2"), ParticipantId.user("1"));
  }

  @Test
  void isCaseAndWhitespaceInsensitive() {
    Participant p = Participants.user("3").globalName("Mary  Jane").build();
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(p));
    assertThat(resolved(index.resolve("  @mary JANE ", TOOL_TARGET)).label()).isEqualTo("Mary  Jane");
  }

  @Test
  void staysAmbiguousWhenTwoUsersShareTheSamePrimaryDisplayName() {
    Participant other = Participants.user("9").globalName("Alex").build();
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(ALEX, SAM, other));
    TargetResolution r = index.resolve("alex", TOOL_TARGET);
    assertThat(r).isEqualTo(new TargetResolution.Ambiguous(List.of(
        new TargetResolution.Candidate(ParticipantId.user("1"), "Alex"),
        new TargetResolution.Candidate(ParticipantId.user("9"), "Alex")), 2));
  }

  @Test
  void isAmbiguousWhenTheNameOnlyMatchesSecondaryAliasesOnMultipleUsers() {
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(
        Participants.user("1").globalName("Alpha").username("shared").build(),
        Participants.user("2").globalName("Beta").username("shared").build(),
        Participants.user("3").globalName("Gamma").username("shared").build(),
        Participants.user("4").globalName("Delta").username("shared").build()));
    TargetResolution.Ambiguous r = (TargetResolution.Ambiguous) index.resolve("Shared", TOOL_TARGET);
    assertThat(r.totalCount()).isEqualTo(4);
    assertThat(r.candidates()).extracting(TargetResolution.Candidate::label).containsExactly("Alpha", "Beta", "Gamma");
  }

  @Test
  void onlyAliasesCarryingThePurposeCount() {
    Participant p = Participants.user("1").guildDisplayName("Secret Name").username("u1").build();
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(p));
    assertThat(index.resolve("secret name", TOOL_TARGET)).isEqualTo(TargetResolution.NotFound.plain());
    assertThat(resolved(index.resolve("secret name", INPUT_REFERENCE)).target()).isEqualTo(ParticipantId.user("1"));
  }

  @Test
  void botsAreNeverToolTargetsButCanBeMentioned() {
    Participant bot = Participants.bot("50").username("Helper").build();
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(bot, SAM));
    assertThat(index.resolve("helper", TOOL_TARGET)).isEqualTo(new TargetResolution.NotFound(true));
    assertThat(resolved(index.resolve("helper", OUTPUT_MENTION)).target()).isEqualTo(ParticipantId.bot("50"));
  }

  @Test
  void blankInputIsNotFound() {
    assertThat(ParticipantTargetIndex.of(List.of(ALEX)).resolve("  @ ", TOOL_TARGET)).isEqualTo(TargetResolution.NotFound.plain());
    assertThat(ParticipantTargetIndex.empty().resolve("alex", TOOL_TARGET)).isEqualTo(TargetResolution.NotFound.plain());
  }

  @Test
  void mergeKeysByIdLaterWinsOnLabelContextIsOredAndAliasesAreUnited() {
    Participant early = Participant.builder(ParticipantId.user("1")).label("Old").inContext(true)
        .alias("Alex", 30, AliasExposure.VISIBLE, EnumSet.of(TOOL_TARGET))
        .alias("Lexi", 25, AliasExposure.VISIBLE, EnumSet.of(TOOL_TARGET)).build();
    Participant late = Participant.builder(ParticipantId.user("1")).label("Alex").inContext(false)
        .alias("alex", 20, AliasExposure.VISIBLE, EnumSet.of(TOOL_TARGET))
        .alias("AK", 40, AliasExposure.VISIBLE, EnumSet.of(OUTPUT_MENTION)).build();
    ParticipantTargetIndex merged = ParticipantTargetIndex.of(List.of(SAM)).mergedWith(ParticipantTargetIndex.of(List.of(early)))
        .mergedWith(ParticipantTargetIndex.of(List.of(late)));
    assertThat(merged.participants()).extracting(Participant::id).containsExactly(ParticipantId.user("2"), ParticipantId.user("1"));
    Participant p = merged.get(ParticipantId.user("1")).orElseThrow();
    assertThat(p.label()).isEqualTo("Alex");
    assertThat(p.inContext()).isTrue();
    assertThat(p.aliases()).extracting(ParticipantAlias::value, ParticipantAlias::priority)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("alex", 20), org.assertj.core.groups.Tuple.tuple("Lexi", 25),
            org.assertj.core.groups.Tuple.tuple("AK", 40));
  }

  @Test
  void conversationReferencesAreAProjectionOfTheIndex() {
    Participant outside = Participants.user("8").username("outsider").inContext(false).build();
    Participant bot = Participants.bot("50").username("Helper").build();
    Participant hook = Participants.webhook("w", "Hook");
    Participant lookupOnly = Participants.user("4").savedNickname("Nick", false).globalName("Dana").build();
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(ALEX, outside, bot, hook, lookupOnly));
    assertThat(index.conversationReferences()).containsExactly(
        new ConversationReference(ParticipantId.user("1"), "Alex", List.of("Alex", "alex_k")),
        new ConversationReference(ParticipantId.user("4"), "Dana", List.of("Dana")));
  }

  @Test
  void collisionViewListsEveryAliasWithItsDistinctOwners() {
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(ALEX, SAM,
        Participants.user("3").globalName("ALEX").username("alex_k").build()));
    Map<String, List<ParticipantId>> view = index.collisionView(TOOL_TARGET);
    assertThat(view.keySet()).containsExactly("alex", "alex_k", "sam");
    assertThat(view.get("alex_k")).containsExactly(ParticipantId.user("1"), ParticipantId.user("3"));
    assertThat(view.get("sam")).containsExactly(ParticipantId.user("2"));
  }
}
