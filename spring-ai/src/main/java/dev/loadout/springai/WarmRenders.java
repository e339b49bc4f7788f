package dev.loadout.springai;

import dev.loadout.core.internal.wire.RenderIndex;
import dev.loadout.core.RenderedTools;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What this module derives from one render, derived once: core hands warm turns the same {@link RenderedTools}
 * instance, so a warm turn costs map look-ups here instead of parsing the render and writing 100 schemas and index
 * entries again. Held weakly by the render; it keeps no reference to it.
 */
final class WarmRenders {
  /** Every turn's renders this module has put out, for the wire rewrite to find (Spring AI drops null values). */
  static final RenderIndex INDEX = new RenderIndex(RenderIndex.DEFAULT_CAPACITY, true);
  private static final Map<RenderedTools, WarmRenders> CACHE = Collections.synchronizedMap(new WeakHashMap<>());
  private static final String NO_PARAMETERS = "{\"type\":\"object\",\"properties\":{}}";

  final List<ToolDefinition> definitions;
  final List<String> keys;
  final List<String> renders;

  private WarmRenders(RenderedTools rendered) {
    JsonNode tools = rendered.toJsonNode();
    List<ToolDefinition> defs = new ArrayList<>(tools.size());
    List<String> k = new ArrayList<>(tools.size());
    List<String> r = new ArrayList<>(tools.size());
    JsonMapper json = JsonMapper.shared();
    for (JsonNode tool : tools) {
      JsonNode function = tool.path("function");
      JsonNode parameters = function.get("parameters");
      defs.add(ToolDefinition.builder().name(function.path("name").asString(""))
          .description(function.path("description").asString(""))
          .inputSchema(parameters == null ? NO_PARAMETERS : json.writeValueAsString(parameters)).build());
      k.add(INDEX.key(tool));
      r.add(json.writeValueAsString(tool));
    }
    this.definitions = List.copyOf(defs);
    this.keys = List.copyOf(k);
    this.renders = List.copyOf(r);
  }

  static WarmRenders of(RenderedTools rendered) {
    return CACHE.computeIfAbsent(rendered, WarmRenders::new);
  }
}
