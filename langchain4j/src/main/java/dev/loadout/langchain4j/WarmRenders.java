package dev.loadout.langchain4j;

import dev.loadout.core.internal.wire.RenderIndex;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.loadout.core.RenderedTools;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What this module derives from one render, derived once: core hands warm turns the same {@link RenderedTools}
 * instance, so a warm turn costs map look-ups here instead of parsing the render, building 100 specifications and
 * writing 100 index entries again. Held weakly by the render; it keeps no reference to it.
 */
final class WarmRenders {
  /** Every turn's renders this module has put out, for the wire rewrite to find (LangChain4j keeps null values). */
  static final RenderIndex INDEX = new RenderIndex(RenderIndex.DEFAULT_CAPACITY, false);
  private static final Map<RenderedTools, WarmRenders> CACHE = Collections.synchronizedMap(new WeakHashMap<>());

  final List<ToolSpecification> specifications;
  final List<String> keys;
  final List<String> renders;

  private WarmRenders(RenderedTools rendered) {
    JsonNode tools = rendered.toJsonNode();
    List<ToolSpecification> specs = new ArrayList<>(tools.size());
    List<String> k = new ArrayList<>(tools.size());
    List<String> r = new ArrayList<>(tools.size());
    for (JsonNode tool : tools) {
      specs.add(Specifications.of(tool.path("function")));
      k.add(INDEX.key(tool));
      r.add(JsonMapper.shared().writeValueAsString(tool));
    }
    this.specifications = List.copyOf(specs);
    this.keys = List.copyOf(k);
    this.renders = List.copyOf(r);
  }

  static WarmRenders of(RenderedTools rendered) {
    return CACHE.computeIfAbsent(rendered, WarmRenders::new);
  }
}
