/**
 * The {@code web_search} tool: one search surface for the model, several engines behind it.
 *
 * <p>Start with {@link dev.loadout.tools.web.search.WebSearchTool#builder()} or
 * {@link dev.loadout.tools.web.search.WebSearchTool#fromEnvironment(java.util.Map)}. The engines (SearXNG,
 * Brave Search, DuckDuckGo) are package-private; a host plugs in an MCP-backed search function through
 * {@link dev.loadout.core.search.SearchFunction}. Category names are the ones of
 * {@link dev.loadout.tools.web.search.SearchCategory}, everywhere: schema enum, descriptions, capability
 * report and results.
 */
package dev.loadout.tools.web.search;
