package dev.loadout.tools.web;

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
  public FetchUrlPage fetch(String url, boolean raw, long deadline) throws FetchUrlFailure {
    SafeHttpRequest request = SafeHttpRequest.builder("GET", url).header("Accept", ACCEPT)
        .rejectOversizedBody(true).build();
    SafeHttpResponse response;
    try {
      response = client.send(request);
    } catch (SafeHttpException e) {
      throw FetchUrlFailure.of(e);
    }
    int status = response.status();
    if (status < 200 || status > 299) {
      throw new FetchUrlFailure(FetchUrlTool.FETCH_FAILED, "URL fetch failed with HTTP " + status + ".",
          status == 429 || status >= 500);
    }
    FetchUrlContent.Text text = FetchUrlContent.read(response.body(), response.contentType().orElse(null), raw,
        response.finalUrl(), Duration.ofNanos(deadline - System.nanoTime()));
    return new FetchUrlPage(text.text(), response.finalUrl(), text.mediaType(), name(), text.metadata());
  }
}
