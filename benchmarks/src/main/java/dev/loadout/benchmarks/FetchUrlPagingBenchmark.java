package dev.loadout.benchmarks;

import com.sun.net.httpserver.HttpServer;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.tools.web.FetchUrlConfig;
import dev.loadout.tools.web.FetchUrlTool;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading a long page the way a model does: {@code fetch_url} window after window ({@code start_index}) until
 * the end, here a page of about 500,000 characters of Markdown in ten windows of 50,000. One operation is the
 * whole read, with a new tool each time (an empty page cache), from a loopback server that counts downloads.
 *
 * <p>{@code KEPT} is {@code fetch_url} as configured by default (the page is downloaded and converted once,
 * then kept; the server sends no validators); {@code KEPT_ETAG} the same against a server that sends an
 * {@code ETag}, so that each later window costs a conditional GET answered 304; {@code EVERY_WINDOW} the
 * baseline, the cache turned off ({@code cacheMaxChars(0)}), which is how every window was read before: one
 * download and one conversion per window.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class FetchUrlPagingBenchmark {
  /** Characters per window, the default ceiling. */
  static final int WINDOW = FetchUrlConfig.DEFAULT_MAX_CONTENT_LENGTH;

  /** How the tool keeps pages. */
  public enum Adapter {
    /** Defaults: pages kept; the server sends no validators. */
    KEPT,
    /** Pages kept; the server sends an ETag and answers 304 to a matching If-None-Match. */
    KEPT_ETAG,
    /** The baseline: nothing kept, every window downloads and converts the page. */
    EVERY_WINDOW
  }

  @Param
  public Adapter adapter;

  private HttpServer server;
  private SafeHttpClient client;
  private String url;
  final AtomicInteger downloads = new AtomicInteger();
  final AtomicInteger requests = new AtomicInteger();
  private final TurnContext context = TurnContext.builder("openai", "bench").build();

  /** About 500,000 characters of Markdown: 4,000 numbered paragraphs in an article. */
  static byte[] page() {
    StringBuilder b = new StringBuilder("<html><head><title>Long page</title></head><body><article>");
    for (int i = 0; i < 4_000; i++) {
      b.append("<p>Paragraph ").append(i).append(" of the long page, which is long enough to read as prose,")
          .append(" with commas, and a few more words to fill it.</p>");
    }
    return b.append("</article></body></html>").toString().getBytes(StandardCharsets.UTF_8);
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    byte[] page = page();
    String etag = "\"v1\"";
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/long", exchange -> {
      try (exchange) {
        exchange.getRequestBody().readAllBytes();
        requests.incrementAndGet();
        boolean tagged = adapter == Adapter.KEPT_ETAG;
        if (tagged && etag.equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
          exchange.sendResponseHeaders(304, -1);
          return;
        }
        if (tagged) {
          exchange.getResponseHeaders().set("ETag", etag);
        }
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, page.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(page);
        }
        downloads.incrementAndGet();
      }
    });
    server.start();
    client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development())).build();
    url = "http://127.0.0.1:" + server.getAddress().getPort() + "/long";
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    client.close();
    server.stop(0);
  }

  /** A tool as the adapter configures it, with an empty page cache. */
  FetchUrlTool tool() {
    FetchUrlConfig config = adapter == Adapter.EVERY_WINDOW
        ? FetchUrlConfig.builder().cacheMaxChars(0).build() : FetchUrlConfig.defaults();
    return FetchUrlTool.create(client, config);
  }

  /** Reads the page to its end, window by window; returns the windows read. */
  @Benchmark
  public int readTheWholePage() {
    return readAll(tool());
  }

  int readAll(FetchUrlTool tool) {
    int start = 0;
    int windows = 0;
    while (true) {
      String args = "{\"url\":\"" + url + "\",\"max_length\":" + WINDOW + ",\"start_index\":" + start + "}";
      ToolResult result = tool.execute(ToolCall.of("call-" + windows, FetchUrlTool.NAME, args), context)
          .toCompletableFuture().join();
      windows++;
      if (!(result instanceof ToolResult.Success)) {
        throw new IllegalStateException("window " + windows + " failed: " + result);
      }
      var next = ((ToolResult.Success) result).data().get("nextIndex");
      if (next.isNull()) {
        return windows;
      }
      start = next.intValue();
    }
  }

  /** For the setup test: runs one read outside JMH and reports the server's counts. */
  int[] countOneRead() {
    downloads.set(0);
    requests.set(0);
    int windows = readAll(tool());
    return new int[] {windows, downloads.get(), requests.get()};
  }
}
