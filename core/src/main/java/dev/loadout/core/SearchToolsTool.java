package dev.loadout.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The emulated {@value ToolSearch#FUNCTION_NAME} function: searches the calling turn's deferred tools and records the
 * matches in its {@link ToolDiscovery}. Its spec never names a deferred tool, so it stays byte-identical while the
 * deferred set changes and the stable prefix it ends holds.
 */
final class SearchToolsTool implements BaseTool {
  static final SearchToolsTool INSTANCE = new SearchToolsTool();

  private SearchToolsTool() {}

  static ToolSpec spec(int maxResults) {
    return ToolSpec.builder(ToolSearch.FUNCTION_NAME, "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\","
        + "\"description\":\"What you want to do, in a few words (for example: open a GitHub issue).\"}},"
        + "\"required\":[\"query\"],\"additionalProperties\":false}")
        .description("Finds more tools. Only some of your tools are loaded; describe what you want to do and up to "
            + maxResults + " matching tools are listed. They can be called from your next step.")
        .build();
  }

  @Override
  public ToolSpec spec() {
    // Never read for a turn: the turn holds the configured spec; this one is for the interface only.
    return spec(ToolSearch.DEFAULT_MAX_RESULTS);
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    PreparedTurn turn = context.attribute(PreparedTurn.CURRENT).orElse(null);
    if (turn == null) {
      return CompletableFuture.completedFuture(ToolResult.failure(ToolResult.TOOL_ERROR,
          "Tool search is not available here.", false));
    }
    String query = call.argumentsJson().path("query").asString("");
    List<DeferredTool> found = turn.searchTools(query);
    ObjectNode data = Json.object();
    ArrayNode tools = data.putArray("tools");
    StringBuilder text = new StringBuilder();
    for (DeferredTool t : found) {
      turn.discovery().add(t.name());
      tools.addObject().put("name", t.name()).put("description", t.summary());
      text.append("- ").append(t.name()).append(": ").append(t.summary()).append('\n');
    }
    if (found.isEmpty()) {
      // Echoed as a model-sent name is: short and printable, whatever the query held.
      return CompletableFuture.completedFuture(ToolResult.success(data, "No tool matches \""
          + ToolExecution.printable(query) + "\". Try other words for what you want to do."));
    }
    text.append("These tools can be called from your next step.");
    return CompletableFuture.completedFuture(ToolResult.success(data, text.toString()));
  }
}
