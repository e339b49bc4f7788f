package dev.loadout.core;

import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The answers a host sends for a client-side native tool search ({@link ToolSearch.Builder#clientSearch(Dialect...)}),
 * in the shapes the providers' SDKs define: Anthropic's {@code tool_result} of {@code tool_reference} blocks, OpenAI
 * Responses' {@code tool_search_output} item.
 */
final class ClientSearch {
  private ClientSearch() {}

  static ObjectNode toolReferences(String toolUseId, String query, List<DeferredTool> found) {
    ObjectNode result = Json.object();
    result.put("type", "tool_result").put("tool_use_id", toolUseId);
    ArrayNode content = result.putArray("content");
    for (DeferredTool t : found) {
      content.addObject().put("type", "tool_reference").put("tool_name", t.name());
    }
    if (found.isEmpty()) {
      // A tool_result needs content; an empty list of references would say nothing to the model.
      content.addObject().put("type", "text").put("text", "No tool matches \"" + query
          + "\". Try other words for what you want to do.");
    }
    return result;
  }

  static ObjectNode toolSearchOutput(String callId, List<ToolSpec> found) {
    ObjectNode output = Json.object();
    output.put("type", "tool_search_output").put("call_id", callId).put("execution", "client").put("status", "completed");
    ArrayNode definitions = output.putArray("tools");
    for (ToolSpec s : found) {
      // The definition exactly as the Responses render writes it, so what OpenAI loads is what calls are checked by.
      definitions.add(Json.MAPPER.readTree(ToolRenderer.tool(Dialect.OPENAI_RESPONSES, s)));
    }
    return output;
  }
}
