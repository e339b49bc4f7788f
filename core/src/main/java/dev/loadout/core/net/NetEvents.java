package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one request through {@link SafeHttpClient#send} did at the network's edge, hop by hop: each URL the guard let
 * through before a connection to it, and the URL it refused (the first or a redirect's target) before any socket.
 * Given per request ({@link SafeHttpRequest.Builder#events}); a tool running on a turn gets one that reports to the
 * turn's {@code LoadoutListener} from {@code PreparedTurn.netEvents(call)}.
 *
 * <p>Only the origin ({@code scheme://host:port}) or the host is reported, never a path, a query or credentials,
 * which may carry a token. Methods run on the requesting thread, must return quickly, and must not throw: what they
 * throw is caught and dropped, so a broken listener cannot fail the request.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface NetEvents {
  /** Reports nothing: the default of every request. */
  NetEvents NONE = new NetEvents() {};

  /**
   * The guard allowed this hop and a connection to its checked addresses follows.
   *
   * @param hop 0 for the request's own URL, 1 for the first redirect's target, and so on
   * @param origin the hop's {@code scheme://host:port}
   */
  default void hop(int hop, String origin) {}

  /**
   * The guard refused this hop's URL; no socket was opened for it, and the request fails with
   * {@link SafeHttpException#URL_REFUSED}.
   *
   * @param hop 0 for the request's own URL, 1 for the first redirect's target, and so on
   * @param host the refused URL's host, empty when the URL could not be parsed
   * @param code the guard's stable code ({@link UrlVerdict#code()})
   */
  default void refused(int hop, String host, String code) {}
}
