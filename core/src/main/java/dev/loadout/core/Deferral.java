package dev.loadout.core;

import java.util.List;
import java.util.Map;

/**
 * A turn's deferred tools and their search index, shared by the turn and every {@link PreparedTurn#nextRound()} after
 * it: the deferred set is decided once per {@code prepare}, so rounds never re-decide it and the prefix holds.
 */
final class Deferral {
  final ToolSearch config;
  /** Every deferred tool in turn order, discovered or not. */
  final List<DeferredTool> tools;
  final List<ToolSpec> specs;
  final List<BaseTool> implementations;
  final List<String> sources;
  /** Name → position in the lists above. */
  final Map<String, Integer> positions;
  /** How many loaded tools follow the stable prefix because the message asked for them (deliberate tool mode). */
  final int asked;
  /** 0 … n−1: the undiscovered positions of a turn that has found nothing yet. */
  final List<Integer> everyPosition;
  private volatile ToolIndex index;
  /** The digest of the loaded prefix every turn of this deferral shows. */
  private volatile String prefixFingerprint;
  private final Map<String, RenderedTools> nativeRenders = new java.util.concurrent.ConcurrentHashMap<>();
  /** The last set of found tools a turn showed, with what follows from it. */
  private volatile Shown lastShown;

  Deferral(ToolSearch config, List<DeferredTool> tools, List<ToolSpec> specs, List<BaseTool> implementations,
      List<String> sources, Map<String, Integer> positions, int asked) {
    this.asked = asked;
    this.config = config;
    this.tools = tools;
    this.specs = specs;
    this.implementations = implementations;
    this.sources = sources;
    this.positions = positions;
    List<Integer> every = new java.util.ArrayList<>(tools.size());
    for (int k = 0; k < tools.size(); k++) {
      every.add(k);
    }
    this.everyPosition = java.util.Collections.unmodifiableList(every);
  }

  /**
   * The turn with the policy's deferred tools taken out of the loaded list and {@value ToolSearch#FUNCTION_NAME} ending
   * its stable prefix; null when nothing is deferred. Core tools are never deferred. With {@code deliberate} (the
   * tools deliberate tool mode filters on this message, when {@link ToolSearch.Builder#deliberateModeDefers(boolean)}
   * is on and the mode is active), those are deferred too, and every other non-core tool the turn loads comes after
   * the prefix, so the prefix is the same whatever the message asks for.
   */
  static PreparedTurn prepare(Loadout loadout, ToolSearch toolSearch, TurnContext context, List<ToolSpec> visible,
      List<BaseTool> tools, List<String> sources, List<HiddenTool> hidden, Map<String, List<String>> effective,
      TurnEvents events, Map<String, HiddenTool.Reason> deliberate, Origin origin) {
    WarnOnce warnings = loadout.warnings;
    Split[] recent = loadout.recentSplits;
    Split last = null;
    for (Split s : recent) {
      if (s.config == toolSearch && s.sameTools(visible, tools, sources, origin)) {
        last = s;
        break;
      }
    }
    // The same tools as a recent turn: the same candidates list, which lets a policy answer from its last decision.
    List<DeferralPolicy.Candidate> candidates = last != null ? last.candidates : candidates(visible, sources, warnings);
    if (candidates == null) {
      return null;
    }
    Map<String, HiddenTool.Reason> decided;
    try {
      decided = toolSearch.policy.defer(candidates, context);
    } catch (RuntimeException e) {
      warnings.warn(Loadout.LOG, "deferral|" + e.getClass().getName(), () -> "Deferral policy "
          + toolSearch.policy.getClass().getName() + " failed; this turn defers nothing", e);
      decided = Map.of();
    }
    decided = decided == null ? Map.of() : decided;
    boolean layered = deliberate != null;
    if (layered && !deliberate.isEmpty()) {
      // The policy's reason first: it holds on every message, the mode's only on this one.
      Map<String, HiddenTool.Reason> both = new java.util.HashMap<>(deliberate);
      both.putAll(decided);
      decided = both;
    }
    if (decided.isEmpty() && !layered) {
      return null;
    }
    ToolDiscovery discovery = context.attribute(ToolDiscovery.KEY).orElseGet(ToolDiscovery::create);
    for (Split s : recent) {
      if (s.config == toolSearch && s.layered == layered && (s == last || s.sameTools(visible, tools, sources, origin))
          && (decided == s.answer || s.decided.equals(decided))) {
        // A warm turn: the same variants and the same decisions as a recent turn, so its split (and index) holds.
        return new PreparedTurn(loadout, context, s.loaded, s.loadedTools, s.loadedSources, hidden, effective,
            events, s.stableCount, s.deferral, discovery);
      }
    }
    return split(loadout, toolSearch, context, visible, tools, sources, hidden, effective, events, candidates, decided,
        discovery, deliberate, origin);
  }

  /** The policy's candidates; null when a tool takes the search function's name (tool search is then off). */
  private static List<DeferralPolicy.Candidate> candidates(List<ToolSpec> visible, List<String> sources,
      WarnOnce warnings) {
    List<DeferralPolicy.Candidate> candidates = new java.util.ArrayList<>(visible.size());
    for (int i = 0; i < visible.size(); i++) {
      ToolSpec v = visible.get(i);
      if (v.name().equals(ToolSearch.FUNCTION_NAME)) {
        warnings.warn(Loadout.LOG, "search-name", () -> "A tool named '" + ToolSearch.FUNCTION_NAME + "' is registered, so tool "
            + "search is off on turns that show it; rename the tool to use tool search", null);
        return null;
      }
      int tokens = (ToolRenderer.tool(Dialect.OPENAI_CHAT, v).length + 3) / 4;
      candidates.add(new DeferralPolicy.Candidate(v, java.util.Optional.ofNullable(sources.get(i)), tokens));
    }
    return java.util.Collections.unmodifiableList(candidates);
  }

  private static PreparedTurn split(Loadout loadout, ToolSearch toolSearch, TurnContext context, List<ToolSpec> visible,
      List<BaseTool> tools, List<String> sources, List<HiddenTool> hidden, Map<String, List<String>> effective,
      TurnEvents events, List<DeferralPolicy.Candidate> candidates, Map<String, HiddenTool.Reason> decided,
      ToolDiscovery discovery, Map<String, HiddenTool.Reason> deliberate, Origin origin) {
    WarnOnce warnings = loadout.warnings;
    boolean layered = deliberate != null;
    // Under deliberate tool mode, loaded non-core tools depend on the message, so they follow the prefix.
    List<ToolSpec> asked = new java.util.ArrayList<>();
    List<BaseTool> askedTools = new java.util.ArrayList<>();
    List<String> askedSources = new java.util.ArrayList<>();
    List<ToolSpec> loaded = new java.util.ArrayList<>(visible.size() + 1);
    List<BaseTool> loadedTools = new java.util.ArrayList<>(visible.size() + 1);
    List<String> loadedSources = new java.util.ArrayList<>(visible.size() + 1);
    List<DeferredTool> deferred = new java.util.ArrayList<>();
    List<ToolSpec> specs = new java.util.ArrayList<>();
    List<BaseTool> implementations = new java.util.ArrayList<>();
    List<String> deferredSources = new java.util.ArrayList<>();
    Map<String, Integer> positions = new java.util.HashMap<>();
    for (int i = 0; i < visible.size(); i++) {
      ToolSpec v = visible.get(i);
      HiddenTool.Reason reason = decided.get(v.name());
      if (reason != null && v.isCore() && layered && deliberate.get(v.name()) == reason) {
        reason = null; // a core tool the message did not ask for: loaded, as core tools always are
      } else if (reason != null && v.isCore()) {
        warnings.warn(Loadout.LOG, "deferral-core|" + v.name(), () -> "Deferral policy " + toolSearch.policy.getClass().getName()
            + " deferred core tool '" + v.name() + "'; core tools are always loaded", null);
        reason = null;
      }
      if (reason == null && layered && !v.isCore()) {
        asked.add(v);
        askedTools.add(tools.get(i));
        askedSources.add(sources.get(i));
      } else if (reason == null) {
        loaded.add(v);
        loadedTools.add(tools.get(i));
        loadedSources.add(sources.get(i));
      } else {
        positions.put(v.name(), deferred.size());
        deferred.add(new DeferredTool(v.name(), reason, java.util.Optional.ofNullable(sources.get(i)),
            ToolIndex.searchText(v)));
        specs.add(v);
        implementations.add(tools.get(i));
        deferredSources.add(sources.get(i));
      }
    }
    if (deferred.isEmpty() && !layered) {
      return null;
    }
    loaded.add(toolSearch.function);
    loadedTools.add(SearchToolsTool.INSTANCE);
    loadedSources.add(null);
    int stableCount = loaded.size();
    loaded.addAll(asked);
    loadedTools.addAll(askedTools);
    loadedSources.addAll(askedSources);
    Deferral deferral = new Deferral(toolSearch, java.util.Collections.unmodifiableList(deferred), List.copyOf(specs),
        List.copyOf(implementations), java.util.Collections.unmodifiableList(deferredSources), Map.copyOf(positions),
        asked.size());
    Split made = new Split(toolSearch, visible.toArray(new ToolSpec[0]), tools.toArray(new BaseTool[0]),
        sources.toArray(new String[0]), candidates, decided, Map.copyOf(decided), List.copyOf(loaded),
        List.copyOf(loadedTools), java.util.Collections.unmodifiableList(new java.util.ArrayList<>(loadedSources)),
        deferral, stableCount, layered, origin);
    remember(loadout, made);
    return new PreparedTurn(loadout, context, made.loaded, made.loadedTools, made.loadedSources, hidden, effective,
        events, stableCount, deferral, discovery);
  }

  /** Where a turn's tools came from: the registry version and the external routing (an identity) it was built from. */
  record Origin(long registryVersion, Object routing) {
    boolean sameAs(Origin other) {
      return registryVersion == other.registryVersion && routing == other.routing;
    }
  }

  /** How many splits a Loadout keeps: a bot serving a few guilds at once alternates between their splits. */
  static final int RECENT_SPLITS = 8;

  /** Keeps a new split first among the Loadout's recent ones, dropping the oldest; racing turns may lose one, harmlessly. */
  private static void remember(Loadout loadout, Split made) {
    Split[] old = loadout.recentSplits;
    Split[] next = new Split[Math.min(RECENT_SPLITS, old.length + 1)];
    next[0] = made;
    System.arraycopy(old, 0, next, 1, next.length - 1);
    loadout.recentSplits = next;
  }

  /**
   * One turn's split into loaded and deferred tools, kept by the {@link Loadout} for the next turn: a bot's turns
   * mostly repeat the same variants, and building the deferred set (searchable text, positions, the search index) for
   * hundreds of tools would otherwise cost every {@code prepare} far more than the rest of it.
   */
  static final class Split {
    final ToolSearch config;
    private final ToolSpec[] variants;
    private final BaseTool[] implementations;
    private final String[] sources;
    final List<DeferralPolicy.Candidate> candidates;
    /** The policy's answer as returned (compared by identity) and as copied (compared by value). */
    final Map<String, HiddenTool.Reason> answer;
    final Map<String, HiddenTool.Reason> decided;
    final List<ToolSpec> loaded;
    final List<BaseTool> loadedTools;
    final List<String> loadedSources;
    final Deferral deferral;
    /** How many of {@link #loaded} form the stable prefix; the rest are the tools a message asked for. */
    final int stableCount;
    /** Whether deliberate tool mode's deferrals were laid over the policy's. */
    final boolean layered;
    final Origin origin;

    Split(ToolSearch config, ToolSpec[] variants, BaseTool[] implementations, String[] sources,
        List<DeferralPolicy.Candidate> candidates, Map<String, HiddenTool.Reason> answer,
        Map<String, HiddenTool.Reason> decided, List<ToolSpec> loaded, List<BaseTool> loadedTools,
        List<String> loadedSources, Deferral deferral, int stableCount, boolean layered, Origin origin) {
      this.origin = origin;
      this.stableCount = stableCount;
      this.layered = layered;
      this.config = config;
      this.variants = variants;
      this.implementations = implementations;
      this.sources = sources;
      this.candidates = candidates;
      this.answer = answer;
      this.decided = decided;
      this.loaded = loaded;
      this.loadedTools = loadedTools;
      this.loadedSources = loadedSources;
      this.deferral = deferral;
    }

    /**
     * Whether a turn has exactly these variants and tools (by identity) and sources. From the same registry version and
     * routing, each position's tool and source follow from its variant (a variant names its registry entry, and an
     * entry's tool and source are fixed), so only the variants are compared: a third of the work on every warm turn.
     */
    boolean sameTools(List<ToolSpec> visible, List<BaseTool> tools, List<String> turnSources, Origin turnOrigin) {
      if (visible.size() != variants.length) {
        return false;
      }
      if (origin.sameAs(turnOrigin)) {
        for (int i = 0; i < variants.length; i++) {
          if (visible.get(i) != variants[i]) {
            return false;
          }
        }
        return true;
      }
      for (int i = 0; i < variants.length; i++) {
        if (visible.get(i) != variants[i] || tools.get(i) != implementations[i]
            || !java.util.Objects.equals(turnSources.get(i), sources[i])) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * What a turn showing these found tools (positions, in the order found) leaves deferred, and the turn's fingerprint
   * once computed: the same for every turn of a session between two discoveries, so kept for the last set.
   */
  Shown shown(int[] found) {
    Shown s = lastShown;
    if (s != null && java.util.Arrays.equals(s.found, found)) {
      return s;
    }
    List<Integer> rest;
    if (found.length == 0) {
      rest = everyPosition;
    } else {
      boolean[] taken = new boolean[tools.size()];
      for (int k : found) {
        taken[k] = true;
      }
      List<Integer> left = new java.util.ArrayList<>(tools.size() - found.length);
      for (int k = 0; k < taken.length; k++) {
        if (!taken[k]) {
          left.add(k);
        }
      }
      rest = java.util.Collections.unmodifiableList(left);
    }
    s = new Shown(found.clone(), rest);
    lastShown = s;
    return s;
  }

  /** The prefix's digest, computed by the first turn that asks: every turn of this deferral shows the same prefix. */
  String prefixFingerprint(List<ToolSpec> prefix) {
    String f = prefixFingerprint;
    if (f == null) {
      f = Fingerprints.ofTurn(prefix);
      prefixFingerprint = f;
    }
    return f;
  }

  /** See {@link #shown(int[])}; the fingerprint is set once by the first turn that computes it. */
  static final class Shown {
    private final int[] found;
    private final List<Integer> rest;
    private volatile String fingerprint;
    /** The shown tools, their implementations and sources (prefix, then the found ones), once a turn made them. */
    private volatile Object[] lists;

    Shown(int[] found, List<Integer> rest) {
      this.found = found;
      this.rest = rest;
    }

    List<Integer> rest() {
      return rest;
    }

    String fingerprint() {
      return fingerprint;
    }

    void fingerprint(String f) {
      fingerprint = f;
    }

    Object[] lists() {
      return lists;
    }

    void lists(Object[] l) {
      lists = l;
    }
  }

  /**
   * A native render of a turn of this deferral, from the ones already made: turns between two discoveries render the
   * same bytes, and a native render writes every deferred tool, hundreds of them on a large guild. Keyed by the
   * turn's fingerprint (which covers the shown tools and the deferred ones in order); a few kept, then started over.
   */
  RenderedTools nativeRender(PreparedTurn turn, Dialect dialect, boolean strict,
      java.util.function.Supplier<RenderedTools> render) {
    String key = dialect.ordinal() + (strict ? "s" : "p") + turn.fingerprint();
    RenderedTools r = nativeRenders.get(key);
    if (r == null) {
      r = render.get();
      if (nativeRenders.size() >= 16) {
        nativeRenders.clear();
      }
      nativeRenders.put(key, r);
    }
    return r;
  }

  List<DeferredTool> search(String query) {
    ToolIndex i = index;
    if (i == null) {
      i = new ToolIndex(tools);
      index = i;
    }
    return i.search(query == null ? "" : query, config.maxResults);
  }
}
