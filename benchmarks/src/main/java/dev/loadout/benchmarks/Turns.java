package dev.loadout.benchmarks;

import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Set;

/**
 * The two turns the benchmark alternates between: two guilds of one bot that differ in everything the
 * per-context variants read (guild id, the {@code nsfw} and {@code beta_tools} flags). Both members may
 * moderate, so all 100 tools are visible in both and only their shapes change.
 */
final class Turns {
  static final String GUILD_A = "100000000000000001";
  static final String GUILD_B = "100000000000000002";
  static final String NSFW = "nsfw";
  static final String BETA = "beta_tools";

  static final TurnContext A = context(GUILD_A, false);
  static final TurnContext B = context(GUILD_B, true);

  /** Alternated by the benchmark, so each measured turn switches every per-context variant. */
  static final List<TurnContext> BOTH = List.of(A, B);

  private Turns() {}

  private static TurnContext context(String guild, boolean relaxed) {
    return TurnContext.builder("openai", "gpt-5-mini")
        .guildId(guild)
        .channelId("200000000000000001")
        .userId("300000000000000001")
        .permissions(Set.of(Toolset.MODERATE, "SEND_MESSAGES"))
        .flag(NSFW, relaxed)
        .flag(BETA, relaxed)
        .build();
  }
}
