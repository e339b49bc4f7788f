package dev.loadout.mcp;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * A stdio MCP server small enough to make misbehave on purpose, run by {@link StdioTransportTest} as a child
 * JVM. Options: {@code --banner} prints non-JSON lines (and a JSON log line) before serving, as many real
 * servers do; {@code --spawn} starts a grandchild JVM first, as {@code npx} does; {@code --ignore-eof} keeps
 * running after stdin ends. Tools: {@code echo}, {@code env} (its environment), {@code cwd}, {@code hang}
 * (never answers; sends a progress notification when it got the request), {@code exit} (halts with
 * {@code code}), {@code big} (an answer of {@code bytes} characters), {@code stderr} ({@code bytes} of stderr
 * first; answers whether every byte could be written), {@code noise} (non-JSON stdout lines first),
 * {@code spawned} (the grandchild's pid), {@code spawn} (starts a grandchild now and answers its pid),
 * {@code close_stdout} (closes stdout and goes on reading stdin, never answering), {@code ping_me} (pings the
 * client and answers once the client answered).
 */
final class FakeStdioServer {
  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();
  private static final PrintStream OUT = new PrintStream(System.out, false, StandardCharsets.UTF_8);
  private static final List<String> TOOLS = List.of("echo", "env", "cwd", "hang", "exit", "big", "stderr", "noise",
      "spawned", "spawn", "close_stdout", "ping_me");
  private static Process grandchild;

  private FakeStdioServer() {}

  public static void main(String[] args) throws Exception {
    List<String> options = List.of(args);
    if (options.contains("--sleep")) {
      new CountDownLatch(1).await();
      return;
    }
    if (options.contains("--spawn")) {
      spawn();
    }
    if (options.contains("--banner")) {
      OUT.println("fake-stdio-server 1.0 starting");
      OUT.println("{\"level\":30,\"msg\":\"a JSON log line, not JSON-RPC\"}");
      OUT.println("[ready]");
      OUT.flush();
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      handle(JSON.readValue(line, Map.class), in);
    }
    if (options.contains("--ignore-eof")) {
      new CountDownLatch(1).await();
    }
    System.exit(0);
  }

  @SuppressWarnings("unchecked")
  private static void handle(Map<String, Object> m, BufferedReader in) throws Exception {
    Object id = m.get("id");
    String method = (String) m.get("method");
    Map<String, Object> params = m.get("params") == null ? Map.of() : (Map<String, Object>) m.get("params");
    if (method == null || id == null) {
      return; // a response or a notification
    }
    switch (method) {
      case "initialize":
        answer(id, Map.of("protocolVersion", params.get("protocolVersion"), "capabilities", Map.of("tools", Map.of()),
            "serverInfo", Map.of("name", "fake-stdio", "version", "1")));
        break;
      case "tools/list":
        List<Object> tools = new ArrayList<>();
        for (String name : TOOLS) {
          tools.add(Map.of("name", name, "inputSchema", Map.of("type", "object")));
        }
        answer(id, Map.of("tools", tools));
        break;
      case "ping":
        answer(id, Map.of());
        break;
      case "tools/call":
        call(id, (String) params.get("name"),
            params.get("arguments") == null ? Map.of() : (Map<String, Object>) params.get("arguments"),
            (Map<String, Object>) params.get("_meta"), in);
        break;
      default:
        send(Map.of("jsonrpc", "2.0", "id", id, "error", Map.of("code", -32601, "message", "no " + method)));
    }
  }

  private static void call(Object id, String name, Map<String, Object> args, Map<String, Object> meta,
      BufferedReader in) throws Exception {
    switch (name) {
      case "echo":
        text(id, String.valueOf(args.get("text")));
        break;
      case "env":
        text(id, System.getenv().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("\n")));
        break;
      case "cwd":
        text(id, Path.of("").toAbsolutePath().toString());
        break;
      case "hang":
        if (meta != null && meta.get("progressToken") != null) {
          send(Map.of("jsonrpc", "2.0", "method", "notifications/progress",
              "params", Map.of("progressToken", meta.get("progressToken"), "progress", 0)));
        }
        break;
      case "exit":
        OUT.flush();
        Runtime.getRuntime().halt(((Number) args.get("code")).intValue());
        break;
      case "big":
        text(id, "x".repeat(((Number) args.get("bytes")).intValue()));
        break;
      case "stderr":
        String chatter = "stderr chatter that nobody reads unless it is drained ".repeat(2) + "\n";
        long total = ((Number) args.get("bytes")).longValue();
        for (long written = 0; written < total; written += chatter.length()) {
          System.err.print(chatter);
        }
        // A stderr whose reader went away fails the writes (the JVM ignores SIGPIPE) instead of blocking them.
        text(id, System.err.checkError() ? "stderr was closed" : "done");
        break;
      case "noise":
        OUT.println("progress: 50%");
        OUT.println("not json at all {");
        text(id, "after noise");
        break;
      case "spawned":
        text(id, grandchild == null ? "none" : String.valueOf(grandchild.pid()));
        break;
      case "spawn":
        spawn();
        text(id, String.valueOf(grandchild.pid()));
        break;
      case "close_stdout":
        OUT.close();
        break;
      case "ping_me":
        send(Map.of("jsonrpc", "2.0", "id", "server-ping-1", "method", "ping"));
        String reply = in.readLine();
        text(id, reply != null && reply.contains("server-ping-1") ? "client answered" : "no answer: " + reply);
        break;
      default:
        text(id, "unknown tool " + name);
    }
  }

  private static void spawn() throws Exception {
    String java = ProcessHandle.current().info().command().orElseThrow();
    grandchild = new ProcessBuilder(java, "-Xmx32m", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), FakeStdioServer.class.getName(), "--sleep").start();
  }

  private static void text(Object id, String text) throws Exception {
    answer(id, Map.of("content", List.of(Map.of("type", "text", "text", text))));
  }

  private static void answer(Object id, Object result) throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jsonrpc", "2.0");
    m.put("id", id);
    m.put("result", result);
    send(m);
  }

  private static void send(Map<String, Object> message) throws Exception {
    OUT.println(JSON.writeValueAsString(message));
    OUT.flush();
  }
}
