package dev.loadout.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;

/**
 * One resolution of the collision and replacement policy (documented on {@link ExternalToolSources}) for
 * a list of sources and a registry snapshot. Immutable; Loadout keeps the last one and reuses it while
 * the inputs are unchanged.
 */
final class Routing {
  static final String NAME_RESERVED = "name_reserved";
  static final String NAME_AMBIGUOUS = "name_ambiguous";
  static final String NAME_TAKEN_BY_HOST = "name_taken_by_host";
  static final String REPLACED_BY_SOURCE = "replaced_by_source";

  static final Routing EMPTY = new Routing(null, -1, new ToolRegistry.Entry[0], new long[0], new boolean[0], false,
      List.of(), Map.of(), Map.of());

  final List<ToolSource> sources;
  final long registryVersion;
  /** Accepted external tools: host sources' first, then guild sources', each sorted like built-ins. */
  final ToolRegistry.Entry[] accepted;
  /** Per accepted tool, the filters that may hide it (see {@link AvailabilityRunner#mask}). */
  final long[] masks;
  /** Per accepted tool, whether it has an assembly of its own (see {@link AvailabilityRunner#assembles}). */
  final boolean[] assembles;
  /**
   * When every accepted tool shows its own spec on every turn (no filter may hide it, it has no assembly, and no
   * description override applies), their specs, tools and sources in order, which a turn adds as they are; else null.
   * Most guilds' MCP tools are such: a turn then does no work per external tool.
   */
  final List<ToolSpec> fixedSpecs;
  final List<BaseTool> fixedTools;
  final List<String> fixedSources;
  /** The same specs as an array, {@code prepare}'s per-tool outcomes when fixed; never written. */
  final ToolSpec[] fixedOutcomes;
  /** External tools that were dropped, with their reason. */
  final List<HiddenTool> dropped;
  /** Built-in name → reason it is replaced. */
  final Map<String, HiddenTool.Reason> replaced;
  /** Family → the replacing source's accepted tool names, for families that are replaced. */
  final Map<String, List<String>> replacementNames;
  /** The same, as filters see it; null when nothing is replaced. */
  final FamilyReplacements replacements;

  private Routing(List<ToolSource> sources, long registryVersion, ToolRegistry.Entry[] accepted, long[] masks,
      boolean[] assembles, boolean describes, List<HiddenTool> dropped, Map<String, HiddenTool.Reason> replaced,
      Map<String, List<String>> replacementNames) {
    this.sources = sources;
    this.registryVersion = registryVersion;
    this.accepted = accepted;
    this.masks = masks;
    this.assembles = assembles;
    boolean fixed = !describes;
    for (int i = 0; fixed && i < accepted.length; i++) {
      fixed = masks[i] == 0 && !assembles[i];
    }
    if (fixed) {
      ToolSpec[] specs = new ToolSpec[accepted.length];
      BaseTool[] tools = new BaseTool[accepted.length];
      String[] labels = new String[accepted.length];
      for (int i = 0; i < accepted.length; i++) {
        specs[i] = accepted[i].spec;
        tools[i] = accepted[i].tool;
        labels[i] = accepted[i].source;
      }
      this.fixedOutcomes = specs;
      this.fixedSpecs = Collections.unmodifiableList(Arrays.asList(specs)); // a view: the array is never written
      this.fixedTools = List.of(tools);
      this.fixedSources = Collections.unmodifiableList(Arrays.asList(labels));
    } else {
      this.fixedOutcomes = null;
      this.fixedSpecs = null;
      this.fixedTools = null;
      this.fixedSources = null;
    }
    this.dropped = dropped;
    this.replaced = replaced;
    this.replacementNames = replacementNames;
    this.replacements = replacementNames.isEmpty() ? null : new FamilyReplacements(replacementNames);
  }

  static Routing resolve(List<ToolSource> sources, ToolRegistry.Snapshot registry, Comparator<ToolSpec> order,
      AvailabilityRunner availability, boolean describes, WarnOnce warnings, Logger log) {
    Map<String, List<ToolRegistry.Entry>> byName = new LinkedHashMap<>();
    Map<String, List<ToolSource>> owners = new HashMap<>();
    List<HiddenTool> dropped = new ArrayList<>();
    Map<String, ToolSource> soleOfFamily = soleSourcesOfFamilies(sources);
    for (ToolSource source : sources) {
      if (source == null || !source.isEnabled()) {
        continue;
      }
      dropped.addAll(source.hidden());
      for (BaseTool tool : source.tools()) {
        ToolSpec spec = tool.spec();
        ToolRegistry.Entry builtIn = registry.byName.get(spec.name());
        if (builtIn != null && !replacesSameName(source, builtIn, soleOfFamily)) {
          String what = builtIn.builtIn ? "a reserved built-in name" : "a name registered by [" + builtIn.source + "]";
          warnings.warn(log, "reserved|" + source.id() + "|" + spec.name(), () -> "Dropping external tool '" + spec.name()
              + "' from " + source.label() + ": it is " + what, null);
          dropped.add(new HiddenTool(spec.name(), List.of(new HiddenTool.Reason(NAME_RESERVED,
              "source [" + source.label() + "] offers [" + spec.name() + "], " + what, source.label()))));
          continue;
        }
        byName.computeIfAbsent(spec.name(), n -> new ArrayList<>(1))
            .add(new ToolRegistry.Entry(tool, spec, source.label(), false));
        owners.computeIfAbsent(spec.name(), n -> new ArrayList<>(1)).add(source);
      }
    }
    List<ToolRegistry.Entry> accepted = new ArrayList<>();
    Map<String, ToolSource> ownerOfAccepted = new HashMap<>();
    for (Map.Entry<String, List<ToolRegistry.Entry>> e : byName.entrySet()) {
      String name = e.getKey();
      List<ToolRegistry.Entry> offers = e.getValue();
      List<ToolSource> offering = owners.get(name);
      if (offers.size() == 1) {
        accepted.add(offers.get(0));
        ownerOfAccepted.put(name, offering.get(0));
        continue;
      }
      // Host sources outrank guild sources: one host offer wins over any number of guild offers.
      List<Integer> hostOffers = new ArrayList<>(1);
      for (int i = 0; i < offering.size(); i++) {
        if (offering.get(i).level() == ToolSource.Level.HOST) {
          hostOffers.add(i);
        }
      }
      if (hostOffers.size() == 1) {
        int winner = hostOffers.get(0);
        accepted.add(offers.get(winner));
        ownerOfAccepted.put(name, offering.get(winner));
        String host = offers.get(winner).source;
        for (int i = 0; i < offers.size(); i++) {
          if (i != winner) {
            String guild = offers.get(i).source;
            dropped.add(new HiddenTool(name, List.of(new HiddenTool.Reason(NAME_TAKEN_BY_HOST, "[" + name + "] of ["
                + guild + "] is hidden: the host source [" + host + "] offers the same name and is kept", guild))));
          }
        }
        continue;
      }
      List<String> labels = offers.stream().map(o -> o.source).distinct().sorted().toList();
      dropped.add(new HiddenTool(name, List.of(new HiddenTool.Reason(NAME_AMBIGUOUS,
          "[" + name + "] is offered by " + labels + "; fix the registrations", String.join(", ", labels)))));
    }
    // Replacement: exactly one enabled source of the family that still offers a tool.
    Map<String, List<ToolSource>> byFamily = new LinkedHashMap<>();
    for (ToolSource source : sources) {
      if (source != null && source.isEnabled() && source.replacementFamily().isPresent()) {
        boolean offers = source.tools().stream().anyMatch(t -> ownerOfAccepted.get(t.spec().name()) == source);
        if (offers) {
          byFamily.computeIfAbsent(source.replacementFamily().get(), f -> new ArrayList<>()).add(source);
        }
      }
    }
    Map<String, HiddenTool.Reason> replaced = new HashMap<>();
    Map<String, List<String>> replacementNames = new HashMap<>();
    for (Map.Entry<String, List<ToolSource>> e : byFamily.entrySet()) {
      if (e.getValue().size() != 1) {
        continue;
      }
      ToolSource source = e.getValue().get(0);
      List<String> names = source.tools().stream().map(t -> t.spec().name())
          .filter(n -> ownerOfAccepted.get(n) == source).sorted().toList();
      replacementNames.put(e.getKey(), names);
      for (ToolRegistry.Entry builtIn : registry.entries) {
        if (builtIn.builtIn && builtIn.spec.family().map(e.getKey()::equals).orElse(false)) {
          replaced.put(builtIn.spec.name(), new HiddenTool.Reason(REPLACED_BY_SOURCE, "built-in [" + builtIn.spec.name()
              + "] is replaced by the " + e.getKey() + " tools of [" + source.label() + "]: " + names, source.label()));
        }
      }
    }
    ToolRegistry.Entry[] sorted = accepted.toArray(new ToolRegistry.Entry[0]);
    // Host sources first, then guild sources, each by the built-in comparison: a guild's change never moves a host
    // tool. A same-named replacement sits here too, after every built-in; its built-in is hidden whenever it shows.
    Arrays.sort(sorted, Comparator.comparing((ToolRegistry.Entry en) -> ownerOfAccepted.get(en.spec.name()).level())
        .thenComparing((ToolRegistry.Entry en) -> en.spec, order));
    return new Routing(sources, registry.version, sorted, availability.masks(sorted), availability.assemblies(sorted),
        describes, Collections.unmodifiableList(dropped),
        Map.copyOf(replaced), Map.copyOf(replacementNames));
  }

  /** Per family, its one enabled source that offers tools; families with two or more such sources are absent. */
  private static Map<String, ToolSource> soleSourcesOfFamilies(List<ToolSource> sources) {
    Map<String, ToolSource> sole = new HashMap<>();
    Map<String, Integer> counts = new HashMap<>();
    for (ToolSource source : sources) {
      if (source != null && source.isEnabled() && source.replacementFamily().isPresent() && !source.tools().isEmpty()) {
        String family = source.replacementFamily().get();
        if (counts.merge(family, 1, Integer::sum) == 1) {
          sole.put(family, source);
        } else {
          sole.remove(family);
        }
      }
    }
    return sole;
  }

  /**
   * Whether an external tool named like a built-in is that built-in's replacement, and so not a reserved name: the
   * sole source of the built-in's family offers it (a {@code url_fetcher} server's own {@code fetch_url}, say).
   * Every other use of a built-in's name stays reserved.
   */
  private static boolean replacesSameName(ToolSource source, ToolRegistry.Entry builtIn,
      Map<String, ToolSource> soleOfFamily) {
    return builtIn.builtIn && builtIn.spec.family().isPresent()
        && source.replacementFamily().equals(builtIn.spec.family())
        && soleOfFamily.get(builtIn.spec.family().get()) == source;
  }
}
