package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import org.junit.jupiter.api.Test;

/** Guards the tool search benchmark's setup, so that it measures the session issue 19 describes and nothing less. */
final class ToolSearchRoundsBenchmarkTest {
  private final Toolset toolset = Toolset.load();

  @Test
  void theSessionDefersTheLongTailAndFindsItsFiveToolsOneByOneInEveryMeasuredDialect() {
    for (Dialect dialect : new Dialect[] {Dialect.OPENAI_CHAT, Dialect.ANTHROPIC}) {
      // The constructor plays two sessions and throws unless every round's prefix is byte-identical.
      try (SearchRounds session = new SearchRounds(toolset, dialect)) {
        session.round(); // a session's first round: nothing found yet
        PreparedTurn first = session.peek();
        assertThat(first.visible()).hasSize(40);
        assertThat(first.deferred()).hasSize(261);
        int grew = 0;
        int previous = first.visible().size();
        for (int r = 1; r < SearchRounds.ROUNDS; r++) {
          session.round();
          int size = session.peek().visible().size();
          grew += size > previous ? 1 : 0;
          previous = size;
        }
        assertThat(grew).as("one more tool at each of the five discoveries").isEqualTo(5);
        assertThat(session.peek().discovered()).isEqualTo(SearchGuild.FOUND);
      }
    }
  }

  @Test
  void twoGuildsOnOneLoadoutKeepTheirOwnSessions() {
    try (SearchRounds a = new SearchRounds(toolset, Dialect.OPENAI_CHAT)) {
      SearchRounds b = a.otherGuild();
      assertThat(a.peek().fingerprint()).isNotEqualTo(b.peek().fingerprint());
      assertThat(a.peek().deferred()).isNotSameAs(b.peek().deferred());
      // Alternating keeps both warm: the same split (deferred list object) as before the other guild's turn.
      PreparedTurn before = a.peek();
      b.round();
      assertThat(a.peek().deferred()).isSameAs(before.deferred());
    }
  }

  @Test
  void withoutToolSearchTheGuildShowsAllThreeHundredTools() {
    try (Loadout all = SearchGuild.loadout(toolset, null)) {
      PreparedTurn turn = all.prepare(Turns.A);
      assertThat(turn.visible()).hasSize(SearchGuild.SIZE);
      assertThat(turn.deferred()).isEmpty();
    }
  }
}
