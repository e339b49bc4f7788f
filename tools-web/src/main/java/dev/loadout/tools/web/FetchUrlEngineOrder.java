package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Turns {@code FETCH_URL_ENGINE_ORDER} into the engines {@code fetch_url} runs, in order.
 *
 * <p>Names are trimmed and lower-cased; {@code mcp_fetch} is the legacy name of {@code safe_http}; an unknown
 * name is warned about once and skipped; duplicates keep their first place; {@code safe_http} always ends the
 * list, because it is the one engine whose every hop Loadout checks and pins. {@code crawl4ai} is admitted
 * only where private networks are reachable: its server fetches the page itself, out of Loadout's reach, so a
 * strict production deployment must never depend on it.
 */
final class FetchUrlEngineOrder {
  static final String SAFE_HTTP = "safe_http";
  static final String CRAWL4AI = "crawl4ai";
  private static final String MCP_FETCH = "mcp_fetch";

  private FetchUrlEngineOrder() {}

  /**
   * The engines to run.
   *
   * @param raw the comma list as configured; null or blank means the default ({@code safe_http} alone)
   * @param privateNetworksAllowed whether the policy makes private networks reachable
   * @param warnings receives one sentence per distinct problem (never the same one twice per call)
   * @return the engine names, {@code safe_http} last; never empty
   */
  static List<String> parse(String raw, boolean privateNetworksAllowed, Consumer<String> warnings) {
    Set<String> order = new LinkedHashSet<>();
    Set<String> warned = new LinkedHashSet<>();
    if (raw != null) {
      for (String part : raw.split(",", -1)) {
        String name = part.trim().toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
          continue;
        }
        if (name.equals(MCP_FETCH)) {
          name = SAFE_HTTP;
        }
        if (name.equals(CRAWL4AI) && !privateNetworksAllowed) {
          if (warned.add(name)) {
            warnings.accept("FETCH_URL_ENGINE_ORDER lists crawl4ai, which is dropped: it runs only where private "
                + "networks are reachable (outside production, or with FETCH_URL_ALLOW_PRIVATE_NETWORK=true).");
          }
          continue;
        }
        if (!name.equals(SAFE_HTTP) && !name.equals(CRAWL4AI)) {
          if (warned.add(name)) {
            warnings.accept("FETCH_URL_ENGINE_ORDER lists an unknown engine [" + printable(name)
                + "], which is skipped; known engines are safe_http (alias mcp_fetch) and crawl4ai.");
          }
          continue;
        }
        order.add(name);
      }
    }
    // safe_http is always last, even when listed earlier: it is the fallback every chain ends with.
    order.remove(SAFE_HTTP);
    List<String> out = new ArrayList<>(order);
    out.add(SAFE_HTTP);
    return List.copyOf(out);
  }

  /** A configured name made safe for a log line: short, without control characters. */
  private static String printable(String name) {
    String s = name.length() > 40 ? name.substring(0, 40) + "…" : name;
    return s.replaceAll("\\p{Cntrl}", "?");
  }
}
