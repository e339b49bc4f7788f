package dev.loadout.tools.web;

import dev.loadout.core.net.NetEvents;

/**
 * One way of reading a URL for {@code fetch_url}: the pinned {@code safe_http} client, or a Crawl4AI server.
 * Engines run in the configured order and the first success wins, so an engine reports every problem as a
 * {@link FetchUrlFailure} and never throws anything else on purpose (the tool contains what slips through).
 */
interface FetchUrlEngine {

  /** The engine's configured name, such as {@code safe_http}. */
  String name();

  /** Whether the engine can return a page's text unconverted ({@code raw}); Crawl4AI only returns Markdown. */
  boolean supportsRaw();

  /**
   * Reads one URL the guard has already allowed.
   *
   * @param url the URL as the model sent it; may carry a query, so never log it
   * @param raw whether HTML stays HTML instead of becoming Markdown
   * @param deadline the call's deadline on the {@link System#nanoTime()} clock: work after it is wasted, since
   *     the model has been told {@code timeout} by then
   * @param events where the page's own hops and refusals are reported (the turn's listener); an engine that
   *     reads the page through a backend of its own reports nothing, since its request goes to the backend
   * @return the page's whole text; never null
   * @throws FetchUrlFailure with a stable code and a message safe for users
   */
  FetchUrlPage fetch(String url, boolean raw, long deadline, NetEvents events) throws FetchUrlFailure;
}
