/**
 * Web tools. Not built yet: this module will hold {@code web_search} (SearXNG, Brave, DuckDuckGo,
 * an MCP-backed fallback) and {@code fetch_url} (the pinned {@code safe_http} engine and Crawl4AI),
 * with HTML to Markdown conversion. It depends on {@code loadout-core} only.
 */
package dev.loadout.tools.web;
