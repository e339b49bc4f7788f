package dev.loadout.core.participants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ParticipantPropertiesTest {

  @Provide
  Arbitrary<String> messyNames() {
    Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(24);
    Arbitrary<String> nameLike = Arbitraries.strings()
        .withChars("aAbBzZ @\t\n\u00a0\u2003éÉİıßΣσς _-.0123456789")
        .ofMaxLength(16);
    return Arbitraries.oneOf(any, nameLike);
  }

  @Property(tries = 1000)
  void normalisationIsIdempotent(@ForAll("messyNames") String name) {
    String once = ParticipantAlias.normalize(name);
    assertThat(ParticipantAlias.normalize(once)).isEqualTo(once);
    assertThat(once).doesNotStartWith(" ").doesNotEndWith(" ").doesNotStartWith("@").doesNotContain("  ");
  }

  /** A participant drawn from a small name pool, so aliases collide often. */
  record Spec(int id, boolean bot, List<String> names, List<Set<AliasPurpose>> purposes) {}

  @Provide
  Arbitrary<List<Participant>> conversations() {
    Arbitrary<String> pool = Arbitraries.of("Alex", "alex", "Sam", " SAM ", "@kit", "Kit", "rin", "Rin Tin", "x");
    Arbitrary<Set<AliasPurpose>> purposes = Arbitraries.subsetOf(AliasPurpose.values());
    Arbitrary<Participant> participant = Combinators.combine(
        Arbitraries.integers().between(1, 40), Arbitraries.of(true, false, false, false),
        pool.list().ofMinSize(1).ofMaxSize(4), purposes.list().ofSize(4), Arbitraries.of(true, false))
        .as((id, bot, names, ps, labelled) -> {
          Participant.Builder b = Participant.builder(bot ? ParticipantId.bot(String.valueOf(id)) : ParticipantId.user(String.valueOf(id)));
          for (int i = 0; i < names.size(); i++) {
            b.alias(names.get(i), i * 10, AliasExposure.VISIBLE, ps.get(i).isEmpty() ? EnumSet.noneOf(AliasPurpose.class) : EnumSet.copyOf(ps.get(i)));
          }
          if (labelled) {
            b.label(names.get(names.size() - 1));
          }
          return b.build();
        });
    return participant.list().ofMaxSize(12);
  }

  @Property(tries = 500)
  void resolutionNeverReturnsABotTargetOrAnOwnerWithoutAnAliasForThePurpose(
      @ForAll("conversations") List<Participant> participants, @ForAll("messyNames") String noise,
      @ForAll AliasPurpose purpose) {
    ParticipantTargetIndex index = ParticipantTargetIndex.of(participants);
    TurnContext context = TurnContext.builder("openai", "m").guildId("g").attribute(ParticipantTargetIndex.ATTRIBUTE, index).build();
    TargetResolver resolver = TargetResolver.builder().build();
    List<String> inputs = new ArrayList<>(List.of(noise, "alex", "SAM", "kit", "rin tin", "x"));
    for (Participant p : participants) {
      inputs.add(p.id().serialised());
      inputs.add(p.id().id());
    }
    for (String input : inputs) {
      for (TargetResolution r : List.of(index.resolve(input, purpose), resolver.resolve(context, input, purpose))) {
        List<ParticipantId> returned = new ArrayList<>();
        if (r instanceof TargetResolution.Resolved) {
          returned.add(((TargetResolution.Resolved) r).target());
        } else if (r instanceof TargetResolution.Ambiguous) {
          ((TargetResolution.Ambiguous) r).candidates().forEach(c -> returned.add(c.id()));
        }
        for (ParticipantId id : returned) {
          Participant owner = index.get(id).orElseThrow();
          assertThat(owner.hasAliasFor(purpose)).as("%s for %s via '%s'", id, purpose, input).isTrue();
          if (purpose == AliasPurpose.TOOL_TARGET) {
            assertThat(owner.isBot()).as("bot %s returned for '%s'", id, input).isFalse();
          }
        }
      }
    }
  }

  @Property(tries = 300)
  void aUniquePrimaryNameAlwaysWinsItsAlias(@ForAll("conversations") List<Participant> participants) {
    ParticipantTargetIndex index = ParticipantTargetIndex.of(participants);
    for (Participant p : index.participants()) {
      String primary = ParticipantAlias.normalize(p.label());
      if (p.isBot() || p.aliasesFor(AliasPurpose.TOOL_TARGET).stream().noneMatch(a -> a.normalized().equals(primary))) {
        continue;
      }
      long samePrimary = index.participants().stream().filter(q -> !q.isBot()
          && ParticipantAlias.normalize(q.label()).equals(primary)
          && q.aliasesFor(AliasPurpose.TOOL_TARGET).stream().anyMatch(a -> a.normalized().equals(primary))).count();
      TargetResolution r = index.resolve(p.label(), AliasPurpose.TOOL_TARGET);
      if (samePrimary == 1) {
        assertThat(r).isInstanceOfSatisfying(TargetResolution.Resolved.class, x -> assertThat(x.target()).isEqualTo(p.id()));
      } else {
        assertThat(r).isInstanceOf(TargetResolution.Ambiguous.class);
      }
    }
  }
}
