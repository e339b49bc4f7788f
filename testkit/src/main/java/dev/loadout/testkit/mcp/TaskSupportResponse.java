package dev.loadout.testkit.mcp;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A response that writes MCP task support into what the SDK sends: {@code execution.taskSupport} on the
 * tools of a {@code tools/list} answer, and the {@code tasks} capability in an {@code initialize} answer.
 * The SDK 2.1.0 {@code Tool} has no {@code execution} field, so there is no other place to add it.
 *
 * <p>Both servlet transports write JSON-RPC messages through {@link #getWriter()}: a JSON body (the
 * Streamable handshake), or SSE events whose {@code data:} line is one message (every other Streamable
 * answer, and every SSE-transport answer on its GET stream). So the writer here works line by line and
 * rewrites any line that is, or carries as {@code data:}, a JSON-RPC result of either kind; everything else
 * passes through byte for byte. A line is emitted at its newline or at a flush, which both transports call
 * after each message, so nothing is held back from the client.
 */
final class TaskSupportResponse extends HttpServletResponseWrapper {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private final Map<String, String> taskSupport;
  private PrintWriter writer;

  TaskSupportResponse(HttpServletResponse response, Map<String, String> taskSupport) {
    super(response);
    this.taskSupport = Map.copyOf(taskSupport);
  }

  @Override
  public synchronized PrintWriter getWriter() throws IOException {
    if (writer == null) {
      writer = new PrintWriter(new Rewriting(super.getWriter()));
    }
    return writer;
  }

  // A rewritten body is longer than the SDK computed, if it ever sets a length.
  @Override
  public void setContentLength(int len) {}

  @Override
  public void setContentLengthLong(long len) {}

  String rewrite(String line) {
    boolean event = line.startsWith("data:");
    String json = event ? line.substring(line.startsWith("data: ") ? 6 : 5) : line;
    if (!json.startsWith("{")) {
      return line;
    }
    JsonNode message;
    try {
      message = JSON.readTree(json);
    } catch (JacksonException e) {
      return line;
    }
    JsonNode result = message.path("result");
    boolean changed = false;
    for (JsonNode tool : result.path("tools")) {
      String support = taskSupport.get(tool.path("name").asString(""));
      if (support != null && tool instanceof ObjectNode) {
        ((ObjectNode) tool).putObject("execution").put("taskSupport", support);
        changed = true;
      }
    }
    if (result.path("protocolVersion").isString() && result.path("capabilities") instanceof ObjectNode) {
      // MCP 2025-11-25: tool-level task support counts only where the server declares task-augmented calls.
      ((ObjectNode) result.path("capabilities")).putObject("tasks").putObject("requests").putObject("tools")
          .putObject("call");
      changed = true;
    }
    if (!changed) {
      return line;
    }
    return (event ? "data: " : "") + JSON.writeValueAsString(message);
  }

  /** Passes complete lines through {@link #rewrite}; a flush passes the partial line too. */
  private final class Rewriting extends Writer {
    private final PrintWriter out;
    private final StringBuilder pending = new StringBuilder();

    Rewriting(PrintWriter out) {
      this.out = out;
    }

    @Override
    public synchronized void write(char[] chars, int off, int len) {
      for (int i = off; i < off + len; i++) {
        char c = chars[i];
        if (c == '\n') {
          out.write(rewrite(pending.toString()));
          out.write('\n');
          pending.setLength(0);
        } else {
          pending.append(c);
        }
      }
    }

    @Override
    public synchronized void flush() throws IOException {
      if (pending.length() > 0) {
        out.write(rewrite(pending.toString()));
        pending.setLength(0);
      }
      out.flush();
      if (out.checkError()) {
        // The SDK checks its writer for errors to learn that the client went away: pass it on.
        throw new IOException("the client disconnected");
      }
    }

    @Override
    public synchronized void close() throws IOException {
      flush();
      out.close();
    }
  }
}
