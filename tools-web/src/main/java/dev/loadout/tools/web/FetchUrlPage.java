package dev.loadout.tools.web;

/**
 * A page an engine read, converted and decoded, before it is cut into a window.
 *
 * @param content the whole text (Markdown, or the text as served); never null
 * @param finalUrl the URL the content came from, after redirects; may carry a query, so never log it
 * @param contentType the media type, lower-case, without parameters (such as {@code text/html})
 * @param engine the engine that read it
 * @param metadata the article's author, publication date and site name, when the page stated them
 * @param etag the response's {@code ETag}, for revalidating a kept copy; empty when the server sent none
 * @param lastModified the response's {@code Last-Modified}; empty when the server sent none
 */
record FetchUrlPage(String content, String finalUrl, String contentType, String engine, PageMetadata metadata,
    String etag, String lastModified) {
  /** A page without validators: a kept copy is served as it is until it expires. */
  FetchUrlPage(String content, String finalUrl, String contentType, String engine, PageMetadata metadata) {
    this(content, finalUrl, contentType, engine, metadata, "", "");
  }

  /** Whether the server said how to ask if the page changed. */
  boolean revalidatable() {
    return !etag.isEmpty() || !lastModified.isEmpty();
  }
}
