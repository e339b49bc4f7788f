package dev.loadout.examples.bot;

import com.sun.net.httpserver.HttpServer;
import dev.loadout.core.TurnContext;
import dev.loadout.core.search.SearchFunction;
import dev.loadout.core.search.SearchHit;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The offline web of the scripted session: a page server on 127.0.0.1 for {@code fetch_url}, and a search
 * function for {@code web_search} that answers from a fixed list. Nothing leaves the machine.
 */
final class LocalWeb implements AutoCloseable {
  static final String PAGE = """
      <html><head><title>Records in Java</title></head><body>
      <h1>Records in Java</h1>
      <p>A <b>record</b> is a transparent carrier for a fixed set of values: the compiler writes the
      constructor, the accessors, <code>equals</code>, <code>hashCode</code> and <code>toString</code>.</p>
      </body></html>""";

  private final HttpServer server;

  private LocalWeb(HttpServer server) {
    this.server = server;
  }

  static LocalWeb start() {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/records.html", exchange -> {
        byte[] body = PAGE.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream os = exchange.getResponseBody()) {
          os.write(body);
        }
      });
      server.start();
      return new LocalWeb(server);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the local web server on loopback", e);
    }
  }

  /** The root URL, {@code http://127.0.0.1:PORT}. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  String pageUrl() {
    return baseUrl() + "/records.html";
  }

  /** A search engine that knows two pages, the first of them served by this server. */
  SearchFunction searchEngine() {
    String page = pageUrl();
    return new SearchFunction() {
      @Override
      public Optional<String> label(TurnContext context) {
        return Optional.of("the bot's offline index");
      }

      @Override
      public List<SearchHit> search(String query, int count, TurnContext context) {
        List<SearchHit> hits = List.of(
            SearchHit.of("Records in Java", page, "A record is a transparent carrier for a fixed set of values."),
            SearchHit.of("JEP 395: Records", "https://openjdk.org/jeps/395", "Records became final in Java 16."));
        return hits.subList(0, Math.min(count, hits.size()));
      }
    };
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
