package dev.loadout.mcp;

import io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer;
import io.modelcontextprotocol.common.McpTransportContext;
import java.net.URI;
import java.net.http.HttpRequest;

/**
 * Runs on every HTTP request of a transport: refuses a request that leaves the registered origin (an SSE
 * server may name any message endpoint) or carries URL credentials, and adds the bearer token.
 */
final class OriginGuard implements McpSyncHttpClientRequestCustomizer {
  private final String origin;
  private final String token;

  OriginGuard(String registeredUrl, String token) {
    this.origin = Redaction.origin(registeredUrl);
    this.token = token;
  }

  @Override
  public void customize(HttpRequest.Builder builder, String method, URI endpoint, String body, McpTransportContext context) {
    if (endpoint.getRawUserInfo() != null || !Redaction.origin(endpoint.toString()).equals(origin)) {
      throw new LeftOrigin();
    }
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
  }

  @Override
  public String toString() {
    return "OriginGuard{" + origin + "}";
  }

  /** A request tried to leave the registered origin. */
  static final class LeftOrigin extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LeftOrigin() {
      super("MCP transport requests must stay on the registered origin without URL credentials", null, false, false);
    }
  }
}
