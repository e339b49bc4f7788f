package dev.loadout.benchmarks;

import com.sun.net.httpserver.HttpServer;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;
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
 * What the network guard and pinning cost: a GET of a 200 KB page from a loopback server through
 * {@link SafeHttpClient} next to a plain Apache HttpClient 5 GET of the same page, in the same run.
 *
 * <p>Both read the whole body into a byte array over a pooled keep-alive connection. {@code SAFE_HTTP} pays
 * for the strict URL parse, the address classification, the pinned resolver, the per-hop deadline alarm and
 * the counted body read; {@code SAFE_HTTP_NAMED} adds a guard resolution of a name through an in-memory
 * {@link dev.loadout.core.net.HostResolver}, as a host with its own DNS cache would. The server is the JDK's
 * {@code com.sun.net.httpserver} on 127.0.0.1, reachable under the development policy.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class SafeHttpBenchmark {
  /** The page size: 200 KB. */
  static final int PAGE_BYTES = 200 * 1024;
  /** The name {@code SAFE_HTTP_NAMED} uses; its resolver maps it to 127.0.0.1. */
  static final String NAME = "bench.loadout.test";

  /** One way of fetching the page. */
  interface Fetcher extends AutoCloseable {
    byte[] fetch() throws IOException;

    @Override
    void close() throws IOException;
  }

  /** The rivals. */
  public enum Adapter {
    /** {@link SafeHttpClient} with the development policy, URL with the loopback literal. */
    SAFE_HTTP,
    /** {@link SafeHttpClient}, URL with a name the guard resolves through an in-memory resolver. */
    SAFE_HTTP_NAMED,
    /** The baseline: a pooled Apache HttpClient 5 and {@code EntityUtils.toByteArray}. */
    APACHE_PLAIN;

    Fetcher create(int port) {
      switch (this) {
        case SAFE_HTTP:
          return safe(NetworkGuard.of(NetworkPolicy.development()), "http://127.0.0.1:" + port + "/page");
        case SAFE_HTTP_NAMED:
          return safe(NetworkGuard.of(NetworkPolicy.development(), SafeHttpBenchmark::loopback),
              "http://" + NAME + ":" + port + "/page");
        default:
          return plain(URI.create("http://127.0.0.1:" + port + "/page"));
      }
    }
  }

  @Param
  public Adapter adapter;

  private HttpServer server;
  private Fetcher fetcher;

  static List<InetAddress> loopback(String host) throws UnknownHostException {
    if (!NAME.equals(host)) {
      throw new UnknownHostException(host);
    }
    return List.of(InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1}));
  }

  static Fetcher safe(NetworkGuard guard, String url) {
    SafeHttpClient client = SafeHttpClient.builder(guard).build();
    return new Fetcher() {
      @Override
      public byte[] fetch() throws IOException {
        return client.get(url).body();
      }

      @Override
      public void close() {
        client.close();
      }
    };
  }

  static Fetcher plain(URI uri) {
    CloseableHttpClient client = HttpClients.custom()
        .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create().build()).build();
    return new Fetcher() {
      @Override
      public byte[] fetch() throws IOException {
        return client.execute(new HttpGet(uri), response -> EntityUtils.toByteArray(response.getEntity()));
      }

      @Override
      public void close() throws IOException {
        client.close();
      }
    };
  }

  /** A page of HTML-like text, the same bytes every time. */
  static byte[] page() {
    StringBuilder html = new StringBuilder(PAGE_BYTES);
    html.append("<!doctype html><html><head><title>Bench</title></head><body>");
    int paragraph = 0;
    while (html.length() < PAGE_BYTES - 32) {
      html.append("<p>Paragraph ").append(paragraph++).append(": the quick brown fox jumps over the lazy dog.</p>\n");
    }
    html.setLength(PAGE_BYTES - 14);
    html.append("</body></html>");
    return html.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** Serves {@link #page()} at {@code /page} on an ephemeral loopback port. */
  static HttpServer startServer() {
    byte[] page = page();
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0), 50);
      server.createContext("/page", exchange -> {
        exchange.getRequestBody().readAllBytes();
        exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, page.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(page);
        }
      });
      server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    server = startServer();
    fetcher = adapter.create(server.getAddress().getPort());
    if (fetcher.fetch().length != PAGE_BYTES) {
      throw new IllegalStateException(adapter + " did not fetch the whole page");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    fetcher.close();
    server.stop(0);
  }

  @Benchmark
  public byte[] fetchPage() throws IOException {
    return fetcher.fetch();
  }
}
