package dev.loadout.tools.persona;

import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.NameAffixes;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.Participants;
import dev.loadout.core.store.MutableClock;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** A conversation, a clock and a store for the blocking tests. */
final class BlockingFixtures {
  static final JsonMapper JSON = JsonMapper.builder().build();

  static final ParticipantTargetIndex INDEX = ParticipantTargetIndex.of(List.of(
      Participants.user("100").globalName("Alice").username("alice").build(),
      Participants.user("200").globalName("Alex").build(),
      Participants.user("201").globalName("Alex").build(),
      Participants.bot("900").username("Helper").build(),
      Participants.bridgeUser("@m:matrix.org", "Matt"),
      Participants.persona("7", "Tomori", List.of("tomo"))));

  final MutableClock clock = MutableClock.at("2026-03-01T12:00:00Z");
  final InMemoryPersonaBlockStore store = new InMemoryPersonaBlockStore();
  final PersonaBlocks blocks = PersonaBlocks.builder(store).clock(clock).build();

  TurnContext.Builder context() {
    return TurnContext.builder("openai", "m").guildId("g1").channelId("c1").personaId("p1").userId("100").clock(clock)
        .attribute(ParticipantTargetIndex.ATTRIBUTE, INDEX).attribute(NameAffixes.ATTRIBUTE, NameAffixes.NONE);
  }

  static ObjectNode args(String json) {
    return (ObjectNode) JSON.readTree(json);
  }
}
