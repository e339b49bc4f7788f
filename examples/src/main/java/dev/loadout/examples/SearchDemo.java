package dev.loadout.examples;

import com.sun.net.httpserver.HttpServer;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.tools.web.search.WebSearchTool;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The demo's web search part: starts a fake SearXNG on 127.0.0.1, points {@code web_search} at it, and
 * shows the category enum the model saw and the summary the model reads. Nothing leaves the machine:
 * DuckDuckGo, which would be the public fallback, is switched off.
 */
final class SearchDemo {
  /** A SearXNG JSON answer in the shape its {@code /search?format=json} endpoint returns. */
  private static final String SEARXNG_ANSWER = """
      {"query": "java records", "number_of_results": 0, "results": [
        {"url": "https://openjdk.org/jeps/395", "title": "JEP 395: Records",
         "content": "Enhance the <b>Java</b> language with records, classes that act as transparent carriers.",
         "engine": "duckduckgo", "category": "general"},
        {"url": "https://docs.oracle.com/en/java/javase/17/language/records.html", "title": "Record Classes",
         "content": "A record class is a shallowly immutable, transparent carrier for a fixed set of values.",
         "category": "general"}],
       "answers": [], "suggestions": [], "unresponsive_engines": []}""";

  private SearchDemo() {}

  static void run(PrintStream out) {
    HttpServer searxng = start();
    String url = "http://127.0.0.1:" + searxng.getAddress().getPort();
    try (WebSearchTool search = WebSearchTool.builder().networkPolicy(NetworkPolicy.development())
            .searxng(url).duckDuckGo(false).build();
        Loadout loadout = Loadout.builder(ToolRegistry.builder().register(search).build()).build()) {
      PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "gpt-5-mini").guildId("cozy-cafe")
          .channelId("general").clock(Demo.CLOCK).build());
      out.println();
      out.println("== web_search against a fake SearXNG on 127.0.0.1");
      out.println("Category enum the model saw: "
          + turn.variant("web_search").orElseThrow().parameters().at("/properties/category/enum"));
      out.println("Tool description: " + turn.variant("web_search").orElseThrow().description());
      ToolCall call = Dialect.OPENAI_CHAT.parseToolCalls("""
          {"choices":[{"message":{"tool_calls":[{"id":"call_9","type":"function",
            "function":{"name":"web_search","arguments":"{\\"query\\":\\"java records\\",\\"count\\":2}"}}]}}]}""").get(0);
      ToolResult result = turn.execute(call).toCompletableFuture().join();
      out.println("The model reads:");
      out.println(result instanceof ToolResult.Success ? ((ToolResult.Success) result).modelText()
          : ((ToolResult.Failure) result).modelText());
    } finally {
      searxng.stop(0);
    }
  }

  private static HttpServer start() {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/search", exchange -> {
        byte[] body = SEARXNG_ANSWER.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream os = exchange.getResponseBody()) {
          os.write(body);
        }
      });
      server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the fake SearXNG on loopback", e);
    }
  }
}
