package dev.loadout.tools.web;

/**
 * A page an engine read, converted and decoded, before it is cut into a window.
 *
 * @param content the whole text (Markdown, or the text as served); never null
 * @param finalUrl the URL the content came from, after redirects; may carry a query, so never log it
 * @param contentType the media type, lower-case, without parameters (such as {@code text/html})
 * @param engine the engine that read it
 * @param metadata the article's author, publication date and site name, when the page stated them
 */
record FetchUrlPage(String content, String finalUrl, String contentType, String engine, PageMetadata metadata) {}
