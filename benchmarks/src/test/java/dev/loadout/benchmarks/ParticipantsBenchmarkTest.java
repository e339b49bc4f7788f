package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.participants.Participant;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.TargetResolution;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Guards the benchmark's setup: both rivals give the same answers, and every target is a conversation hit. */
final class ParticipantsBenchmarkTest {
  private final List<Participant> participants = ParticipantsBenchmark.conversation();
  private final String[] targets = ParticipantsBenchmark.targets(participants);

  @Test
  void conversationHasFiveHundredMembersAndOneThousandTargets() {
    assertThat(participants).hasSize(500);
    assertThat(targets).hasSize(1_000);
    assertThat(ParticipantTargetIndex.of(participants).size()).isEqualTo(500);
  }

  @Test
  void everyTargetIsAConversationStageHitAndBothAdaptersAgree() {
    ParticipantsBenchmark.Lookup index = ParticipantsBenchmark.Adapter.INDEX.lookup;
    ParticipantsBenchmark.Lookup scan = ParticipantsBenchmark.Adapter.LINEAR_SCAN.lookup;
    Object built = index.build(participants);
    Object list = scan.build(participants);
    int resolved = 0;
    int ambiguous = 0;
    for (String target : targets) {
      TargetResolution r = index.resolve(built, target);
      assertThat(r).as(target).isEqualTo(scan.resolve(list, target));
      assertThat(r).as(target).isNotInstanceOf(TargetResolution.NotFound.class);
      if (r instanceof TargetResolution.Resolved) {
        assertThat(((TargetResolution.Resolved) r).stage()).isEqualTo(TargetResolution.Stage.CONVERSATION);
        resolved++;
      } else {
        ambiguous++;
      }
    }
    assertThat(resolved).isGreaterThan(900);
    assertThat(ambiguous).isPositive();
  }
}
