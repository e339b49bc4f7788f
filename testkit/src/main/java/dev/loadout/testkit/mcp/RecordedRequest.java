package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One HTTP request a {@link McpTestServer} received, recorded before any fault or MCP handling.
 *
 * @param httpMethod {@code GET}, {@code POST}, {@code DELETE}, …
 * @param path the request path, for example {@code /mcp} or {@code /message}
 * @param jsonRpcMethod the JSON-RPC {@code method} of a POST body that is one JSON-RPC request or
 *     notification; empty for other requests, responses and batches
 * @param headers every header, names in lower case, values in arrival order
 * @param remoteAddress the client's IP address as the server saw it
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RecordedRequest(String httpMethod, String path, Optional<String> jsonRpcMethod,
    Map<String, List<String>> headers, String remoteAddress) {

  /** Copies the headers. */
  public RecordedRequest {
    headers = Map.copyOf(headers);
  }

  /** The first value of a header, by case-insensitive name. */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /** Whether this is a POST carrying this JSON-RPC method. */
  public boolean isJsonRpc(String method) {
    return jsonRpcMethod.filter(method::equals).isPresent();
  }
}
