package dev.loadout.testkit.mcp;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * In front of the SDK's servlets: records every request, then answers it from the current fault (or a
 * tool's protocol error) or passes it on. The body of a POST is read here once (to learn its JSON-RPC
 * method) and handed on in a wrapper that serves the same bytes.
 */
final class FaultFilter implements Filter {
  /** Bodies beyond this are cut when recording; the SDK's own cap is 16 MiB, far above any test's. */
  private static final int MAX_BODY_BYTES = 16 << 20;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final McpTestServer owner;

  FaultFilter(McpTestServer owner) {
    this.owner = owner;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    HttpServletResponse resp = (HttpServletResponse) response;
    byte[] body = "POST".equals(req.getMethod()) ? req.getInputStream().readNBytes(MAX_BODY_BYTES) : new byte[0];
    JsonNode message = parse(body);
    Optional<String> rpcMethod = message != null && message.path("method").isString()
        ? Optional.of(message.path("method").asString()) : Optional.empty();
    owner.record(new RecordedRequest(req.getMethod(), req.getRequestURI(), rpcMethod, headers(req), req.getRemoteAddr(),
        id(message), params(message)));

    McpFault fault = owner.fault();
    if (fault instanceof McpFault.HangEveryRequest
        || fault instanceof McpFault.HangAt && rpcMethod.equals(Optional.of(((McpFault.HangAt) fault).jsonRpcMethod()))) {
      // Held open with no timeout: the client's own deadline, or the server's stop, ends it.
      AsyncContext held = req.startAsync();
      held.setTimeout(0);
      return;
    }
    if (fault instanceof McpFault.HttpStatus) {
      int status = ((McpFault.HttpStatus) fault).status();
      write(resp, status, "text/plain", "injected fault: HTTP " + status);
      return;
    }
    if (fault instanceof McpFault.NonJsonBody) {
      write(resp, 200, "text/html", "<!doctype html><html><body><p>Not an MCP server.</p></body></html>");
      return;
    }
    Optional<ToolBehaviour.ProtocolError> protocolError = rpcMethod.filter("tools/call"::equals)
        .filter(m -> req.getRequestURI().equals(McpTestServer.STREAMABLE_PATH))
        .flatMap(m -> owner.tools().protocolErrorOf(message.path("params").path("name").asString("")));
    if (protocolError.isPresent()) {
      // Streamable HTTP answers a request in the POST's own response, so the filter can be the server here.
      ObjectNode error = JSON.createObjectNode();
      error.put("jsonrpc", "2.0").set("id", message.path("id"));
      error.putObject("error").put("code", protocolError.get().code()).put("message", protocolError.get().message());
      write(resp, 200, "application/json", JSON.writeValueAsString(error));
      return;
    }
    Map<String, String> taskSupport = owner.tools().taskSupport();
    boolean answers = "POST".equals(req.getMethod()) && req.getRequestURI().equals(McpTestServer.STREAMABLE_PATH)
        || "GET".equals(req.getMethod()) && req.getRequestURI().equals(McpTestServer.SSE_PATH);
    // Only a server with task-aware tools rewrites answers; every other one passes the SDK's bytes untouched.
    chain.doFilter(new Buffered(req, body),
        answers && !taskSupport.isEmpty() ? new TaskSupportResponse(resp, taskSupport) : response);
  }

  /** The message's id as a Java value (a string, or an integer of the size it needs). */
  private static Optional<Object> id(JsonNode message) {
    JsonNode id = message == null ? null : message.get("id");
    return id == null || id.isNull() ? Optional.empty() : Optional.of(JSON.treeToValue(id, Object.class));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> params(JsonNode message) {
    JsonNode params = message == null ? null : message.get("params");
    return params != null && params.isObject() ? JSON.treeToValue(params, Map.class) : Map.of();
  }

  private static JsonNode parse(byte[] body) {
    if (body.length == 0) {
      return null;
    }
    try {
      JsonNode n = JSON.readTree(body);
      return n != null && n.isObject() ? n : null;
    } catch (JacksonException e) {
      return null;
    }
  }

  private static Map<String, List<String>> headers(HttpServletRequest req) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String name : Collections.list(req.getHeaderNames())) {
      List<String> values = out.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>());
      values.addAll(Collections.list(req.getHeaders(name)));
    }
    out.replaceAll((k, v) -> List.copyOf(v));
    return out;
  }

  private static void write(HttpServletResponse resp, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    resp.setStatus(status);
    resp.setContentType(type + "; charset=utf-8");
    resp.setContentLength(bytes.length);
    resp.getOutputStream().write(bytes);
  }

  /** The request with its body served again from the bytes the filter read. */
  private static final class Buffered extends HttpServletRequestWrapper {
    private final byte[] body;

    Buffered(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          try {
            listener.onDataAvailable();
            listener.onAllDataRead();
          } catch (IOException e) {
            listener.onError(e);
          }
        }

        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
    }
  }
}
