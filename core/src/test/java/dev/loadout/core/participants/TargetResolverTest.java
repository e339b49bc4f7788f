package dev.loadout.core.participants;

import static dev.loadout.core.participants.AliasPurpose.TOOL_TARGET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.TargetResolution.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TargetResolverTest {
  static final Pattern SNOWFLAKE = Pattern.compile("\\d{17,20}");

  /** A directory over a fixed member list that records its queries. */
  static final class FixedDirectory implements MemberDirectory {
    final List<DirectoryMember> members;
    final List<String> queries = new ArrayList<>();

    FixedDirectory(DirectoryMember... members) {
      this.members = List.of(members);
    }

    @Override
    public List<DirectoryMember> search(TurnContext context, String query, int limit) {
      queries.add(query);
      return members;
    }

    @Override
    public Optional<DirectoryMember> member(TurnContext context, String userId) {
      queries.add("id:" + userId);
      return members.stream().filter(m -> m.userId().equals(userId)).findFirst();
    }
  }

  static TurnContext context(ParticipantTargetIndex index, NameAffixes affixes) {
    return TurnContext.builder("openai", "m").guildId("g").personaId("p")
        .attribute(ParticipantTargetIndex.ATTRIBUTE, index).attribute(NameAffixes.ATTRIBUTE, affixes).build();
  }

  static TargetResolution resolve(MemberDirectory directory, ParticipantTargetIndex index, String input) {
    return TargetResolver.builder().directory(directory).idPattern(SNOWFLAKE).build()
        .resolve(context(index, NameAffixes.NONE), input, TOOL_TARGET);
  }

  static final ParticipantTargetIndex CONVERSATION = ParticipantTargetIndex.of(List.of(
      Participants.user("100000000000000001").globalName("Alice").build(),
      Participants.bot("100000000000000009").username("Helper").build(),
      Participants.bridgeUser("@m:matrix.org", "Matt")));

  @Test
  void conversationStageComesBeforeTheDirectory() {
    FixedDirectory directory = new FixedDirectory(DirectoryMember.of("100000000000000002", "alice"));
    TargetResolution r = resolve(directory, CONVERSATION, "alice");
    assertThat(r).isEqualTo(new TargetResolution.Resolved(ParticipantId.user("100000000000000001"), "Alice", Stage.CONVERSATION, false));
    assertThat(directory.queries).isEmpty();
  }

  @Test
  void exactIdFormsResolveAtTheIdStage() {
    assertThat(resolve(MemberDirectory.NONE, CONVERSATION, "user:100000000000000001"))
        .isEqualTo(new TargetResolution.Resolved(ParticipantId.user("100000000000000001"), "Alice", Stage.ID, false));
    assertThat(((TargetResolution.Resolved) resolve(MemberDirectory.NONE, CONVERSATION, "@m:matrix.org")).target().kind())
        .isEqualTo(ParticipantKind.BRIDGE_USER);
  }

  @Test
  void aPlatformIdAsksTheDirectoryAndNeverFallsThroughToTheNameSearch() {
    DirectoryMember member = DirectoryMember.of("123456789012345678", "zed").withGlobalName("Zed");
    FixedDirectory directory = new FixedDirectory(member);
    assertThat(resolve(directory, CONVERSATION, "123456789012345678"))
        .isEqualTo(new TargetResolution.Resolved(ParticipantId.user("123456789012345678"), "Zed", Stage.ID, false));
    directory.queries.clear();
    assertThat(resolve(directory, CONVERSATION, "223456789012345678")).isEqualTo(TargetResolution.NotFound.plain());
    assertThat(directory.queries).containsExactly("id:223456789012345678");
  }

  @Test
  void aBotsIdIsNotATarget() {
    assertThat(resolve(MemberDirectory.NONE, CONVERSATION, "100000000000000009")).isEqualTo(new TargetResolution.NotFound(true));
    assertThat(resolve(MemberDirectory.NONE, CONVERSATION, "Helper")).isEqualTo(new TargetResolution.NotFound(true));
  }

  @Test
  void directoryLadderChecksDisplayNameThenPersonaNicknameThenSavedNicknameThenGlobalNameThenUsername() {
    DirectoryMember byUsername = DirectoryMember.of("1", "kit");
    DirectoryMember byGlobal = DirectoryMember.of("2", "x2").withGlobalName("Kit");
    DirectoryMember bySaved = DirectoryMember.of("3", "x3").withSavedNickname("kit");
    DirectoryMember byPersona = DirectoryMember.of("4", "x4").withPersonaNickname("KIT");
    DirectoryMember byDisplay = DirectoryMember.of("5", "x5").withDisplayName("Kit");
    List<DirectoryMember> all = List.of(byUsername, byGlobal, bySaved, byPersona, byDisplay);
    Stage[] expected = {Stage.DIRECTORY_DISPLAY_NAME, Stage.DIRECTORY_PERSONA_NICKNAME, Stage.DIRECTORY_SAVED_NICKNAME,
        Stage.DIRECTORY_GLOBAL_NAME, Stage.DIRECTORY_USERNAME};
    for (int drop = 0; drop < 5; drop++) {
      List<DirectoryMember> left = all.subList(0, 5 - drop);
      TargetResolution.Resolved r = (TargetResolution.Resolved) resolve(
          new FixedDirectory(left.toArray(new DirectoryMember[0])), ParticipantTargetIndex.empty(), "kit");
      assertThat(r.stage()).isEqualTo(expected[drop]);
      assertThat(r.target().id()).isEqualTo(String.valueOf(5 - drop));
    }
  }

  @Test
  void directoryStepWithTwoMembersIsAmbiguousAndSkipsBots() {
    FixedDirectory directory = new FixedDirectory(
        DirectoryMember.of("1", "a").withDisplayName("Rin"),
        DirectoryMember.of("2", "b").withDisplayName("rin"),
        DirectoryMember.of("3", "c").withDisplayName("Rin").withBot(true));
    assertThat(resolve(directory, ParticipantTargetIndex.empty(), "rin")).isEqualTo(new TargetResolution.Ambiguous(List.of(
        new TargetResolution.Candidate(ParticipantId.user("1"), "Rin"),
        new TargetResolution.Candidate(ParticipantId.user("2"), "rin")), 2));
    FixedDirectory onlyBot = new FixedDirectory(DirectoryMember.of("3", "c").withDisplayName("Rin").withBot(true));
    assertThat(resolve(onlyBot, ParticipantTargetIndex.empty(), "rin")).isEqualTo(new TargetResolution.NotFound(true));
  }

  @Test
  void personaNicknameResolvesThroughTheDirectory() {
    FixedDirectory directory = new FixedDirectory(DirectoryMember.of("7", "kazuki_99").withPersonaNickname("Kazu-kun"));
    TargetResolution.Resolved r = (TargetResolution.Resolved) resolve(directory, ParticipantTargetIndex.empty(), "kazu-kun");
    assertThat(r.stage()).isEqualTo(Stage.DIRECTORY_PERSONA_NICKNAME);
    assertThat(r.label()).isEqualTo("kazuki_99");
  }

  @Test
  void onePersonaPrefixAndSuffixAreStrippedLongestFirstAndTheLadderRunsAgain() {
    NameAffixes affixes = new NameAffixes(List.of("Sir", "Sir Dr."), List.of("-chan", "chan"));
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(Participants.user("1").globalName("Alice").build()));
    TargetResolver resolver = TargetResolver.builder().build();
    TargetResolution.Resolved r = (TargetResolution.Resolved) resolver.resolve(context(index, affixes), "Sir Dr. Alice-chan", TOOL_TARGET);
    assertThat(r.target()).isEqualTo(ParticipantId.user("1"));
    assertThat(r.affixStripped()).isTrue();
    assertThat(resolver.resolve(context(index, affixes), "Alice", TOOL_TARGET)).isInstanceOfSatisfying(
        TargetResolution.Resolved.class, x -> assertThat(x.affixStripped()).isFalse());
    assertThat(resolver.resolve(context(index, affixes), "Sir Bob", TOOL_TARGET)).isEqualTo(TargetResolution.NotFound.plain());
  }

  @Test
  void directoryIsNotAskedOutsideAGuild() {
    FixedDirectory directory = new FixedDirectory(DirectoryMember.of("1", "kit"));
    TurnContext dm = TurnContext.builder("openai", "m").build();
    assertThat(TargetResolver.builder().directory(directory).build().resolve(dm, "kit", TOOL_TARGET))
        .isEqualTo(TargetResolution.NotFound.plain());
    assertThat(directory.queries).isEmpty();
  }

  @Test
  void builderRefusesBadSettingsNamingThem() {
    assertThatThrownBy(() -> TargetResolver.builder().searchLimit(0)).hasMessage("searchLimit must be from 1 to 1000, but was 0");
    assertThatThrownBy(() -> TargetResolver.builder().directory(null))
        .hasMessage("directory must not be null; use MemberDirectory.NONE for none");
  }
}
