package dev.loadout.benchmarks;

import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.RenderedTools;
import dev.loadout.core.ToolDiscovery;
import dev.loadout.core.ToolSearch;
import dev.loadout.core.TurnContext;
import java.util.Arrays;

/**
 * One guild's tool search session on the 300-tool guild, round by round: 50 rounds, in which the model finds one of
 * {@link SearchGuild#FOUND} at rounds 5, 15, 25, 35 and 45 (as {@code search_tools} records it, through the session's
 * {@link ToolDiscovery}), then the session starts over. Each round is {@code prepare} + {@code render}, the work of one
 * model request. The constructor plays two whole sessions and fails unless every round's stable prefix is
 * byte-identical and all five tools were loaded, so the benchmark cannot measure a session that does not hold.
 */
final class SearchRounds implements AutoCloseable {
  static final int ROUNDS = 50;

  private final Loadout loadout;
  private final Dialect dialect;
  private final ToolDiscovery session = ToolDiscovery.create();
  private final TurnContext context;
  private int round;

  SearchRounds(Toolset toolset, Dialect dialect) {
    this(SearchGuild.loadout(toolset, ToolSearch.builder(SearchGuild.KEEP_CONFIGURED).nativeSearch(Dialect.ANTHROPIC)
        .build()), dialect, Turns.A);
  }

  private SearchRounds(Loadout loadout, Dialect dialect, TurnContext guild) {
    this.loadout = loadout;
    this.dialect = dialect;
    this.context = guild.toBuilder().attribute(ToolDiscovery.KEY, session).build();
    check();
    check();
  }

  /** A session of the other benchmark guild ({@link Turns#B}) on the same Loadout. */
  SearchRounds otherGuild() {
    return new SearchRounds(loadout, dialect, Turns.B);
  }

  Loadout loadout() {
    return loadout;
  }

  /** The measured work: one round's {@code prepare} + {@code render}, after the round's discovery if it has one. */
  RenderedTools round() {
    int r = round++ % ROUNDS;
    if (r == 0) {
      session.clear();
    } else if (r % 10 == 5) {
      session.add(SearchGuild.FOUND.get(r / 10));
    }
    return loadout.prepare(context).render(dialect);
  }

  /** The turn the next {@link #round()} would prepare, without advancing; for checks. */
  PreparedTurn peek() {
    return loadout.prepare(context);
  }

  private void check() {
    byte[] prefix = null;
    int stable = -1;
    for (int i = 0; i < ROUNDS; i++) {
      byte[] bytes = round().bytes();
      PreparedTurn turn = peek();
      if (prefix == null) {
        stable = turn.stableCount();
        prefix = Arrays.copyOf(bytes, prefixLength(turn, bytes));
      }
      if (turn.stableCount() != stable || !Arrays.equals(Arrays.copyOf(bytes, prefix.length), prefix)) {
        throw new IllegalStateException(dialect + " round " + (i + 1) + " changed the stable prefix");
      }
      if (i == ROUNDS - 1 && !turn.discovered().equals(SearchGuild.FOUND)) {
        throw new IllegalStateException("the session must load " + SearchGuild.FOUND + ", but loaded " + turn.discovered());
      }
    }
  }

  /** The bytes of the first round that are the prefix: up to the end of the stable tools' last definition. */
  private int prefixLength(PreparedTurn turn, byte[] firstRound) {
    // The first round shows nothing found, so in the emulated render everything but the closing bracket is the prefix;
    // in the native render the deferred tools follow the search tool, whose definition ends the prefix.
    if (turn.deferred().isEmpty()) {
      throw new IllegalStateException("the session's turn defers nothing");
    }
    String json = new String(firstRound, java.nio.charset.StandardCharsets.UTF_8);
    if (dialect == Dialect.ANTHROPIC) {
      int end = json.indexOf("\"tool_search_tool_bm25\"}");
      return json.substring(0, end).getBytes(java.nio.charset.StandardCharsets.UTF_8).length + "\"tool_search_tool_bm25\"}".length();
    }
    return firstRound.length - 1;
  }

  @Override
  public void close() {
    loadout.close();
  }
}
