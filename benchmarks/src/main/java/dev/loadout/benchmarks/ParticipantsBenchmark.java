package dev.loadout.benchmarks;

import dev.loadout.core.participants.AliasPurpose;
import dev.loadout.core.participants.Participant;
import dev.loadout.core.participants.ParticipantAlias;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.Participants;
import dev.loadout.core.participants.TargetResolution;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What participant lookups cost in a 500-member conversation: building the {@link ParticipantTargetIndex} for
 * a turn, and resolving a tool target's name at the conversation stage.
 *
 * <p>{@link #resolve} cycles through 1,000 targets written the way models write names (mixed case, a leading
 * {@code @}, extra spaces), every one a conversation-stage hit; about 2 % of them are ambiguous (shared
 * primary names). {@link #buildIndex} builds the index from the 500 participants. The rival in the same run
 * is {@link Adapter#LINEAR_SCAN}: what a bot does without an index, normalising every alias of every
 * participant on each lookup, with the same tie-break. Both adapters must agree on every target
 * ({@code ParticipantsBenchmarkTest}).
 *
 * <p>Sample mode reports the median ({@code p0.50}); run with {@code -prof gc} for bytes per operation.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class ParticipantsBenchmark {
  /** Conversation size. */
  static final int MEMBERS = 500;
  /** Targets resolved in a cycle. */
  static final int TARGETS = 1_000;

  /** One way of answering "who is this name?" over a conversation. */
  interface Lookup {
    /** Prepares for a conversation; the measured part of {@link #buildIndex}. */
    Object build(List<Participant> participants);

    /** Resolves at the conversation stage against what {@link #build} returned. */
    TargetResolution resolve(Object built, String input);
  }

  /** The rivals. */
  public enum Adapter {
    /** The index, built once per turn: normalise the input, one hash lookup, a precomputed tie-break. */
    INDEX(new Lookup() {
      @Override
      public Object build(List<Participant> participants) {
        return ParticipantTargetIndex.of(participants);
      }

      @Override
      public TargetResolution resolve(Object built, String input) {
        return ((ParticipantTargetIndex) built).resolve(input, AliasPurpose.TOOL_TARGET);
      }
    }),
    /** No index: scan every participant's aliases on each lookup, normalising as it goes. */
    LINEAR_SCAN(new Lookup() {
      @Override
      public Object build(List<Participant> participants) {
        return List.copyOf(participants);
      }

      @Override
      @SuppressWarnings("unchecked")
      public TargetResolution resolve(Object built, String input) {
        return scan((List<Participant>) built, input);
      }
    });

    final Lookup lookup;

    Adapter(Lookup lookup) {
      this.lookup = lookup;
    }
  }

  @Param
  public Adapter adapter;

  List<Participant> participants;
  String[] targets;
  Object built;

  /** Per-thread position in the target cycle. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;
  }

  @Setup(Level.Trial)
  public void setUp() {
    participants = conversation();
    targets = targets(participants);
    built = adapter.lookup.build(participants);
  }

  @Benchmark
  public TargetResolution resolve(Cursor cursor) {
    String input = targets[cursor.next];
    cursor.next = cursor.next + 1 == TARGETS ? 0 : cursor.next + 1;
    return adapter.lookup.resolve(built, input);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public Object buildIndex() {
    return adapter.lookup.build(participants);
  }

  /**
   * 500 members with a global name and a username, every third with a guild nickname, every seventh with an
   * exposed saved nickname; every 50th shares its global name with the next member.
   */
  static List<Participant> conversation() {
    List<Participant> out = new ArrayList<>(MEMBERS);
    for (int i = 0; i < MEMBERS; i++) {
      int shared = i % 50 == 1 ? i - 1 : i;
      Participants.UserBuilder b = Participants.user(String.valueOf(100_000_000_000_000_000L + i))
          .globalName("Member " + shared).username("member_" + i);
      if (i % 3 == 0) {
        b.guildNickname("Nick" + i);
      }
      if (i % 7 == 0) {
        b.savedNickname("Saved " + i, true);
      }
      out.add(b.build());
    }
    return out;
  }

  /** 1,000 tool-target names of members, spelt the ways models spell them; a fixed seed. */
  static String[] targets(List<Participant> participants) {
    Random random = new Random(42);
    String[] out = new String[TARGETS];
    for (int i = 0; i < TARGETS; i++) {
      Participant p = participants.get(random.nextInt(participants.size()));
      List<ParticipantAlias> aliases = p.aliasesFor(AliasPurpose.TOOL_TARGET);
      String name = aliases.get(random.nextInt(aliases.size())).value();
      switch (random.nextInt(4)) {
        case 0 -> out[i] = name;
        case 1 -> out[i] = "@" + name;
        case 2 -> out[i] = name.toUpperCase(java.util.Locale.ROOT);
        default -> out[i] = "  " + name.replace(" ", "  ") + " ";
      }
    }
    return out;
  }

  /** The baseline: the index's collision policy, recomputed from scratch per lookup. */
  static TargetResolution scan(List<Participant> participants, String input) {
    String n = ParticipantAlias.normalize(input);
    if (n.isEmpty()) {
      return TargetResolution.NotFound.plain();
    }
    record Match(Participant p, int order, int priority, boolean primary) {}
    List<Match> matches = new ArrayList<>();
    for (int i = 0; i < participants.size(); i++) {
      Participant p = participants.get(i);
      if (p.isBot()) {
        continue;
      }
      for (ParticipantAlias a : p.aliases()) {
        if (a.has(AliasPurpose.TOOL_TARGET) && ParticipantAlias.normalize(a.value()).equals(n)) {
          matches.add(new Match(p, i, a.priority(), ParticipantAlias.normalize(p.label()).equals(n)));
          break;
        }
      }
    }
    if (matches.isEmpty()) {
      return TargetResolution.NotFound.plain();
    }
    matches.sort(Comparator.<Match>comparingInt(m -> m.primary() ? 0 : 1).thenComparingInt(Match::priority)
        .thenComparingInt(Match::order));
    if (matches.size() == 1 || (matches.get(0).primary() && !matches.get(1).primary())) {
      Participant p = matches.get(0).p();
      return new TargetResolution.Resolved(p.id(), p.label(), TargetResolution.Stage.CONVERSATION, false);
    }
    List<TargetResolution.Candidate> candidates = new ArrayList<>();
    for (int i = 0; i < Math.min(TargetResolution.MAX_CANDIDATES, matches.size()); i++) {
      candidates.add(new TargetResolution.Candidate(matches.get(i).p().id(), matches.get(i).p().label()));
    }
    return new TargetResolution.Ambiguous(candidates, matches.size());
  }
}
