package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One HTTP request a {@link McpTestServer} received, recorded before any fault or MCP handling.
 *
 * <p>For a POST whose body is one JSON-RPC message, the record also holds its {@code id} and its
 * {@code params}, so a test can tie messages together:
 * <pre>{@code
 * RecordedRequest call = server.awaitRequest(r -> r.isJsonRpc("tools/call"), timeout).orElseThrow();
 * RecordedRequest cancel = server.awaitRequest(r -> r.isJsonRpc("notifications/cancelled"), timeout).orElseThrow();
 * assertThat(cancel.param("requestId")).isEqualTo(call.jsonRpcId());
 * assertThat(call.param("_meta", "progressToken")).isPresent();
 * }</pre>
 * Ids and parameter values are read from JSON the same way, so equal JSON values are equal Java values: a
 * string is a {@link String}, an integer an {@link Integer}, {@link Long} or {@link java.math.BigInteger}
 * by size, an object a {@code Map}, an array a {@code List}.
 *
 * @param httpMethod {@code GET}, {@code POST}, {@code DELETE}, …
 * @param path the request path, for example {@code /mcp} or {@code /message}
 * @param jsonRpcMethod the JSON-RPC {@code method} of a POST body that is one JSON-RPC request or
 *     notification; empty for other requests, responses and batches
 * @param headers every header, names in lower case, values in arrival order
 * @param remoteAddress the client's IP address as the server saw it
 * @param jsonRpcId the JSON-RPC {@code id} of a POST body that is one JSON-RPC request or response (a
 *     {@code String} or a number); empty for notifications, batches and other requests
 * @param params the JSON-RPC {@code params} object of that body, read-only (nested maps and lists too);
 *     empty when it has none
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RecordedRequest(String httpMethod, String path, Optional<String> jsonRpcMethod,
    Map<String, List<String>> headers, String remoteAddress, Optional<Object> jsonRpcId, Map<String, Object> params) {

  /** Copies the headers and the params (read-only, all the way down). */
  public RecordedRequest {
    headers = Map.copyOf(headers);
    jsonRpcId = jsonRpcId == null ? Optional.empty() : jsonRpcId;
    params = params == null ? Map.of() : readOnlyMap(params);
  }

  /** A request without a JSON-RPC id or params: the shape of the record before they were recorded. */
  public RecordedRequest(String httpMethod, String path, Optional<String> jsonRpcMethod,
      Map<String, List<String>> headers, String remoteAddress) {
    this(httpMethod, path, jsonRpcMethod, headers, remoteAddress, Optional.empty(), Map.of());
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

  /**
   * A value inside {@link #params()}, by its path of keys: {@code param("name")} is the called tool's name
   * in a {@code tools/call}, {@code param("_meta", "progressToken")} its progress token.
   *
   * @return the value, or empty if a key is missing, a step is not an object, or the value is JSON null
   */
  public Optional<Object> param(String... keys) {
    Object at = params;
    for (String key : keys) {
      if (!(at instanceof Map)) {
        return Optional.empty();
      }
      at = ((Map<?, ?>) at).get(key);
    }
    return Optional.ofNullable(at);
  }

  private static Map<String, Object> readOnlyMap(Map<String, Object> map) {
    Map<String, Object> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(k, readOnly(v)));
    return Collections.unmodifiableMap(copy);
  }

  @SuppressWarnings("unchecked")
  private static Object readOnly(Object value) {
    if (value instanceof Map) {
      return readOnlyMap((Map<String, Object>) value);
    }
    if (value instanceof List) {
      List<Object> copy = new ArrayList<>();
      ((List<Object>) value).forEach(v -> copy.add(readOnly(v)));
      return Collections.unmodifiableList(copy); // JSON arrays may hold null, which List.copyOf refuses
    }
    return value;
  }
}
