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
  private volatile ToolIndex index;

  Deferral(ToolSearch config, List<DeferredTool> tools, List<ToolSpec> specs, List<BaseTool> implementations,
      List<String> sources, Map<String, Integer> positions) {
    this.config = config;
    this.tools = tools;
    this.specs = specs;
    this.implementations = implementations;
    this.sources = sources;
    this.positions = positions;
  }

  /**
   * The turn with the policy's deferred tools taken out of the loaded list and {@value ToolSearch#FUNCTION_NAME} ending
   * its stable prefix; null when nothing is deferred. Core tools are never deferred.
   */
  static PreparedTurn prepare(Loadout loadout, ToolSearch toolSearch, TurnContext context, List<ToolSpec> visible,
      List<BaseTool> tools, List<String> sources, List<HiddenTool> hidden, Map<String, List<String>> effective,
      TurnEvents events) {
    WarnOnce warnings = loadout.warnings;
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
    Map<String, HiddenTool.Reason> decided;
    try {
      decided = toolSearch.policy.defer(java.util.Collections.unmodifiableList(candidates), context);
    } catch (RuntimeException e) {
      warnings.warn(Loadout.LOG, "deferral|" + e.getClass().getName(), () -> "Deferral policy "
          + toolSearch.policy.getClass().getName() + " failed; this turn defers nothing", e);
      return null;
    }
    if (decided == null || decided.isEmpty()) {
      return null;
    }
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
      if (reason != null && v.isCore()) {
        warnings.warn(Loadout.LOG, "deferral-core|" + v.name(), () -> "Deferral policy " + toolSearch.policy.getClass().getName()
            + " deferred core tool '" + v.name() + "'; core tools are always loaded", null);
        reason = null;
      }
      if (reason == null) {
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
    if (deferred.isEmpty()) {
      return null;
    }
    loaded.add(toolSearch.function);
    loadedTools.add(SearchToolsTool.INSTANCE);
    loadedSources.add(null);
    Deferral deferral = new Deferral(toolSearch, java.util.Collections.unmodifiableList(deferred), List.copyOf(specs),
        List.copyOf(implementations), java.util.Collections.unmodifiableList(deferredSources), Map.copyOf(positions));
    ToolDiscovery discovery = context.attribute(ToolDiscovery.KEY).orElseGet(ToolDiscovery::create);
    return new PreparedTurn(loadout, context, loaded, loadedTools, loadedSources, hidden, effective, events, loaded.size(),
        deferral, discovery);
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
