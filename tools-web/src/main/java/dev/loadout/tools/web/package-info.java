/**
 * Web tools. {@link dev.loadout.tools.web.FetchUrlTool} is {@code fetch_url}: it gates every URL through the
 * core network guard, reads it with the pinned {@code safe_http} client (or first with a Crawl4AI server, where
 * private networks are reachable), and returns the page as Markdown one window at a time; its settings are a
 * {@link dev.loadout.tools.web.FetchUrlConfig}. The HTML to Markdown conversion it applies to {@code text/html}
 * responses is public too: {@link dev.loadout.tools.web.HtmlCharsets} decodes the body (header, then the
 * document's meta, then UTF-8) and {@link dev.loadout.tools.web.HtmlToMarkdown} extracts the main content and
 * writes it as Markdown. {@code web_search} follows. Everything not public here is implementation; this module
 * depends on {@code loadout-core} and jsoup only.
 */
package dev.loadout.tools.web;
