package dev.loadout.testkit.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One HTTP request a {@link LoopbackHttpServer} received, recorded before it was answered.
 *
 * @param method {@code GET}, {@code POST}, …
 * @param path the raw path, for example {@code /v1/chat/completions}
 * @param rawQuery the raw query without {@code ?}; empty when there is none
 * @param headers every header, names in lower case, values in arrival order
 * @param body the body's bytes; empty when there is none
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReceivedRequest(String method, String path, String rawQuery, Map<String, List<String>> headers,
    byte[] body) {

  /** Copies the headers and the body. */
  public ReceivedRequest {
    headers = Map.copyOf(headers);
    body = body.clone();
    rawQuery = rawQuery == null ? "" : rawQuery;
  }

  /** The body's bytes (a copy). */
  @Override
  public byte[] body() {
    return body.clone();
  }

  /** The body as UTF-8 text. */
  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /** The first value of a header, by case-insensitive name. */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /** The method and the path, for assertions such as {@code "POST /v1/chat/completions"}. */
  public String line() {
    return method + " " + path;
  }

  /** The method, path and body size; never header values or the body, which may carry a key. */
  @Override
  public String toString() {
    return "ReceivedRequest{" + method + " " + path + ", body=" + body.length + " bytes}";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReceivedRequest r && method.equals(r.method) && path.equals(r.path) && rawQuery.equals(r.rawQuery)
        && headers.equals(r.headers) && java.util.Arrays.equals(body, r.body);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * method.hashCode() + path.hashCode()) + java.util.Arrays.hashCode(body);
  }
}
