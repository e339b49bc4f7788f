package dev.loadout.tools.web;

import dev.loadout.core.net.NetEvents;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.time.Duration;

/**
 * The {@code safe_http} engine: one GET through the pinned client, which checks and pins every hop, follows
 * redirects itself and refuses a declared {@code Content-Length} over the cap before reading a byte, then cuts
 * any body that streams past it. There is no separate HEAD request: the real response's headers are the
 * size check, so there is nothing to fail open.
 */
final class FetchUrlSafeHttpEngine implements FetchUrlEngine {
  static final String ACCEPT = "text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.5";

  private final SafeHttpClient client;

  FetchUrlSafeHttpEngine(SafeHttpClient client) {
    this.client = client;
  }

  @Override
  public String name() {
    return FetchUrlEngineOrder.SAFE_HTTP;
  }

  @Override
  public boolean supportsRaw() {
    return true;
  }

  @Override
  public FetchUrlPage fetch(String url, boolean raw, long deadline, NetEvents events) throws FetchUrlFailure {
    SafeHttpRequest request = SafeHttpRequest.builder("GET", url).header("Accept", ACCEPT)
        .rejectOversizedBody(true).events(events).build();
    return page(send(request), raw, deadline);
  }

  /**
   * Asks the server whether a kept page changed, with the validators it sent: {@code If-None-Match} for an
   * {@code ETag}, {@code If-Modified-Since} for a {@code Last-Modified}. Answered 304, the kept page is still the
   * page and nothing is downloaded; answered 200, the new page is read and converted.
   *
   * @param kept a page this engine read, with at least one validator
   * @return {@code kept} itself when it is unchanged, else the page as served now
   * @throws FetchUrlFailure as {@link #fetch} does
   */
  FetchUrlPage revalidate(FetchUrlPage kept, boolean raw, long deadline, NetEvents events) throws FetchUrlFailure {
    SafeHttpRequest.Builder request = SafeHttpRequest.builder("GET", kept.finalUrl()).header("Accept", ACCEPT)
        .rejectOversizedBody(true).events(events);
    if (!kept.etag().isEmpty()) {
      request.header("If-None-Match", kept.etag());
    }
    if (!kept.lastModified().isEmpty()) {
      request.header("If-Modified-Since", kept.lastModified());
    }
    SafeHttpResponse response = send(request.build());
    return response.status() == 304 ? kept : page(response, raw, deadline);
  }

  private SafeHttpResponse send(SafeHttpRequest request) throws FetchUrlFailure {
    try {
      return client.send(request);
    } catch (SafeHttpException e) {
      throw FetchUrlFailure.of(e);
    }
  }

  private FetchUrlPage page(SafeHttpResponse response, boolean raw, long deadline) throws FetchUrlFailure {
    int status = response.status();
    if (status < 200 || status > 299) {
      throw new FetchUrlFailure(FetchUrlTool.FETCH_FAILED, "URL fetch failed with HTTP " + status + ".",
          status == 429 || status >= 500);
    }
    FetchUrlContent.Text text = FetchUrlContent.read(response.body(), response.contentType().orElse(null), raw,
        response.finalUrl(), Duration.ofNanos(deadline - System.nanoTime()));
    return new FetchUrlPage(text.text(), response.finalUrl(), text.mediaType(), name(), text.metadata(),
        validator(response, "ETag"), validator(response, "Last-Modified"));
  }

  /** A validator header as sent, when it is short and printable (it goes back to the server verbatim). */
  private static String validator(SafeHttpResponse response, String name) {
    String v = response.header(name).orElse("").strip();
    return v.length() > 256 || !v.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? "" : v;
  }
}
