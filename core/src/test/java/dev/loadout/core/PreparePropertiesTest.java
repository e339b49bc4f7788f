package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PreparePropertiesTest {
  /** A tool name, an optional group, and whether it narrows its enum when a flag is on. */
  record Def(String name, String group, boolean narrows) {}

  @Provide
  Arbitrary<List<Def>> toolSets() {
    Arbitrary<String> names = Arbitraries.strings().withChars("abcdefghij_-0123456789").ofMinLength(1).ofMaxLength(12);
    Arbitrary<String> groups = Arbitraries.of("", "media", "Moderation", " games ", "zeta", "alpha");
    Arbitrary<Def> def = Combinators.combine(names, groups, Arbitraries.of(true, false)).as(Def::new);
    return def.list().ofMaxSize(25).uniqueElements(Def::name);
  }

  private static ToolRegistry registry(List<Def> defs) {
    ToolRegistry.Builder b = ToolRegistry.builder();
    for (Def d : defs) {
      ToolSpec spec = ToolSpec.builder(d.name(), Tools.schema("{\"type\":\"object\",\"properties\":{\"mode\":{\"enum\":[\"a\",\"b\"]}}}"))
          .group(d.group()).description("Tool " + d.name()).build();
      b.register(Tools.FnTool.echo(spec).assembling(ctx -> Optional.of(d.narrows() && ctx.flag("narrow")
          ? spec.edit().narrowEnum("mode", List.of("a")).build() : spec)));
    }
    return b.build();
  }

  @Property(tries = 150)
  void prepareIsDeterministicAndIndependentOfRegistrationOrder(@ForAll("toolSets") List<Def> defs, @ForAll boolean narrow,
      @ForAll long seed) {
    List<Def> shuffled = new ArrayList<>(defs);
    Collections.shuffle(shuffled, new Random(seed));
    try (Loadout one = Loadout.builder(registry(defs)).groupOrder(List.of("media", "moderation")).build();
        Loadout two = Loadout.builder(registry(shuffled)).groupOrder(List.of("media", "moderation")).build()) {
      TurnContext ctx = Tools.context().flag("narrow", narrow).build();
      PreparedTurn a = one.prepare(ctx);
      PreparedTurn b = one.prepare(ctx);
      PreparedTurn c = two.prepare(ctx);
      assertThat(b.fingerprint()).isEqualTo(a.fingerprint()).isEqualTo(c.fingerprint());
      for (Dialect d : Dialect.values()) {
        assertThat(b.render(d).bytes()).isEqualTo(a.render(d).bytes()).isEqualTo(c.render(d).bytes());
      }
    }
  }

  @Property(tries = 150)
  void everyCoreToolPrecedesEveryGroupedToolAndGroupsStayTogether(@ForAll("toolSets") List<Def> defs) {
    try (Loadout loadout = Loadout.builder(registry(defs)).groupOrder(List.of("zeta")).build()) {
      List<ToolSpec> visible = loadout.prepare(Tools.context().build()).visible();
      boolean seenGrouped = false;
      List<String> groupRuns = new ArrayList<>();
      for (ToolSpec s : visible) {
        if (s.isCore()) {
          assertThat(seenGrouped).as("core tool %s after a grouped tool", s.name()).isFalse();
        } else {
          seenGrouped = true;
          String g = s.group().get();
          if (groupRuns.isEmpty() || !groupRuns.get(groupRuns.size() - 1).equals(g)) {
            assertThat(groupRuns).as("group %s appears in two runs", g).doesNotContain(g);
            groupRuns.add(g);
          }
        }
      }
      if (groupRuns.contains("zeta")) {
        assertThat(groupRuns.get(0)).isEqualTo("zeta");
      }
      List<String> unconfigured = groupRuns.stream().filter(g -> !g.equals("zeta")).toList();
      assertThat(unconfigured).isSorted();
    }
  }
}
