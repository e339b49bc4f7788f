/**
 * Web tools. So far this package holds the HTML to Markdown conversion that {@code fetch_url} applies to
 * {@code text/html} responses: {@link dev.loadout.tools.web.HtmlCharsets} decodes the body (header,
 * then the document's meta, then UTF-8) and {@link dev.loadout.tools.web.HtmlToMarkdown} extracts the
 * main content and writes it as Markdown. The tools themselves ({@code web_search}, {@code fetch_url})
 * follow. Everything not public here is implementation; this module depends on {@code loadout-core} and
 * jsoup only.
 */
package dev.loadout.tools.web;
