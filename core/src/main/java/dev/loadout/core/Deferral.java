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

  List<DeferredTool> search(String query) {
    ToolIndex i = index;
    if (i == null) {
      i = new ToolIndex(tools);
      index = i;
    }
    return i.search(query == null ? "" : query, config.maxResults);
  }
}
