/**
 * The seam between a search tool and a search backend that lives in another module: an MCP server's
 * search function is offered to {@code web_search} (in {@code loadout-tools-web}) as a
 * {@link dev.loadout.core.search.SearchFunction}, so that neither module depends on the other. The host
 * wires the implementation in.
 */
package dev.loadout.core.search;
