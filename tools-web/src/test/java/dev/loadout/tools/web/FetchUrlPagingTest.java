package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Ticker;
import com.sun.net.httpserver.HttpExchange;
import dev.loadout.core.ToolResult;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reading a long page window by window: one download, and a changed page is read again. A loopback server
 * counts full downloads (200 with a body) and revalidations (304); the cache's clock is a fake one, moved by
 * hand, so that no test waits.
 */
final class FetchUrlPagingTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int WINDOW = 50_000;

  private FetchUrlLoopbackServer server;
  private SafeHttpClient client;
  private final AtomicInteger downloads = new AtomicInteger();
  private final AtomicInteger notModified = new AtomicInteger();
  private final AtomicLong now = new AtomicLong();
  private final Ticker ticker = now::get;

  @BeforeEach
  void start() throws IOException {
    server = new FetchUrlLoopbackServer();
    client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development())).build();
  }

  @AfterEach
  void stop() {
    server.close();
    client.close();
  }

  /** About 500,000 characters of Markdown: 4,000 paragraphs, each numbered, in an article. */
  private static String longPage(String version) {
    StringBuilder b = new StringBuilder("<html><head><title>Long</title></head><body><article>");
    for (int i = 0; i < 4_000; i++) {
      b.append("<p>Paragraph ").append(i).append(" of version ").append(version)
          .append(", which is long enough to read as prose, with commas, and a few more words to fill it.</p>");
    }
    return b.append("</article></body></html>").toString();
  }

  /** Serves the current page, with the validators asked for, answering 304 when the client's still match. */
  private void serve(String path, AtomicReference<String> page, boolean etag, boolean lastModified) {
    server.on(path, exchange -> {
      String html = page.get();
      String tag = "\"v" + html.hashCode() + "\"";
      String date = "Tue, 01 Dec 2026 " + String.format("%02d", Math.abs(html.hashCode()) % 24) + ":00:00 GMT";
      if (etag && tag.equals(exchange.getRequestHeaders().getFirst("If-None-Match"))
          || !etag && lastModified && date.equals(exchange.getRequestHeaders().getFirst("If-Modified-Since"))) {
        notModified.incrementAndGet();
        exchange.sendResponseHeaders(304, -1);
        return;
      }
      if (etag) {
        exchange.getResponseHeaders().set("ETag", tag);
      }
      if (lastModified) {
        exchange.getResponseHeaders().set("Last-Modified", date);
      }
      downloads.incrementAndGet();
      FetchUrlLoopbackServer.respond(exchange, 200, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8));
    });
  }

  private FetchUrlTool tool(FetchUrlConfig config) {
    return FetchUrlTool.create(client, config, ticker);
  }

  private static ToolResult.Success window(FetchUrlTool tool, String url, int start, boolean raw) {
    ObjectNode args = (ObjectNode) JSON.readTree("{\"url\":\"" + url + "\",\"max_length\":" + WINDOW
        + ",\"start_index\":" + start + (raw ? ",\"raw\":true" : "") + "}");
    ToolResult result = tool.fetch(args);
    assertThat(result.isSuccess()).as("%s", result).isTrue();
    return (ToolResult.Success) result;
  }

  /** Reads the whole page window by window; returns its text. */
  private static String readAll(FetchUrlTool tool, String url) {
    StringBuilder all = new StringBuilder();
    int start = 0;
    while (true) {
      ToolResult.Success w = window(tool, url, start, false);
      String text = w.summary().orElseThrow();
      String body = text.substring(text.indexOf("\n\n") + 2);
      int note = body.lastIndexOf("\n\n[Content truncated.");
      all.append(note < 0 ? body : body.substring(0, note));
      if (w.data().get("nextIndex").isNull()) {
        return all.toString();
      }
      start = w.data().get("nextIndex").intValue();
    }
  }

  @Test
  void aLongPageReadInTenWindowsIsDownloadedAndConvertedOnce() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/long", page, false, false);
    FetchUrlTool tool = tool(FetchUrlConfig.defaults());

    String read = readAll(tool, server.url("/long"));

    assertThat(read.length()).isGreaterThan(9 * WINDOW).isLessThanOrEqualTo(10 * WINDOW);
    assertThat(downloads.get()).isEqualTo(1);
    assertThat(server.received).hasSize(1);
    assertThat(read).isEqualTo(HtmlToMarkdown.standard().convert(page.get(), java.net.URI.create(server.url("/long")))
        .markdown());
  }

  @Test
  void withAnETagEachWindowAsksWhetherThePageChangedAndAChangedPageIsReadAgain() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/tagged", page, true, false);
    FetchUrlTool tool = tool(FetchUrlConfig.defaults());

    readAll(tool, server.url("/tagged"));
    assertThat(downloads.get()).isEqualTo(1);
    assertThat(notModified.get()).isEqualTo(9);

    page.set(longPage("two"));
    String window = window(tool, server.url("/tagged"), WINDOW, false).summary().orElseThrow();
    assertThat(window).contains("of version two").doesNotContain("of version one");
    assertThat(downloads.get()).isEqualTo(2);
  }

  @Test
  void withOnlyLastModifiedTheDateIsWhatIsAsked() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/dated", page, false, true);
    FetchUrlTool tool = tool(FetchUrlConfig.defaults());

    window(tool, server.url("/dated"), 0, false);
    window(tool, server.url("/dated"), WINDOW, false);
    page.set(longPage("three"));
    String third = window(tool, server.url("/dated"), 2 * WINDOW, false).summary().orElseThrow();

    assertThat(downloads.get()).isEqualTo(2);
    assertThat(notModified.get()).isEqualTo(1);
    assertThat(third).contains("of version three");
  }

  @Test
  void rawAndConvertedAreKeptApart() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/both", page, false, false);
    FetchUrlTool tool = tool(FetchUrlConfig.defaults());

    String converted = window(tool, server.url("/both"), 0, false).summary().orElseThrow();
    String raw = window(tool, server.url("/both"), 0, true).summary().orElseThrow();
    window(tool, server.url("/both"), WINDOW, true);
    window(tool, server.url("/both"), WINDOW, false);

    assertThat(converted).contains("Paragraph 0 of version one").doesNotContain("<p>");
    assertThat(raw).contains("<p>Paragraph 0 of version one");
    assertThat(downloads.get()).isEqualTo(2);
  }

  @Test
  void aKeptPageIsReadAgainOnceItsLifetimeIsOver() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/ttl", page, false, false);
    FetchUrlTool tool = tool(FetchUrlConfig.builder().cacheTtl(Duration.ofMinutes(2)).build());

    window(tool, server.url("/ttl"), 0, false);
    now.addAndGet(Duration.ofSeconds(119).toNanos());
    window(tool, server.url("/ttl"), WINDOW, false);
    assertThat(downloads.get()).isEqualTo(1);
    now.addAndGet(Duration.ofSeconds(2).toNanos());
    window(tool, server.url("/ttl"), 2 * WINDOW, false);
    assertThat(downloads.get()).isEqualTo(2);
  }

  @Test
  void withoutACacheEveryWindowDownloadsThePage() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/nocache", page, true, true);
    FetchUrlTool tool = tool(FetchUrlConfig.builder().cacheMaxChars(0).build());

    readAll(tool, server.url("/nocache"));

    assertThat(downloads.get()).isEqualTo(10);
    assertThat(notModified.get()).isZero();
  }

  @Test
  void aPageLargerThanTheWholeCacheIsNotKept() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/big", page, false, false);
    FetchUrlTool tool = tool(FetchUrlConfig.builder().cacheMaxChars(100_000).build());

    window(tool, server.url("/big"), 0, false);
    window(tool, server.url("/big"), WINDOW, false);

    assertThat(downloads.get()).isEqualTo(2);
  }

  @Test
  void theUrlAskedForAndTheFinalUrlBothFindTheKeptPage() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/final", page, false, false);
    server.on("/start", exchange -> redirect(exchange, server.url("/final")));
    FetchUrlTool tool = tool(FetchUrlConfig.defaults());

    ToolResult.Success first = window(tool, server.url("/start"), 0, false);
    window(tool, server.url("/final"), WINDOW, false);
    window(tool, server.url("/start"), 2 * WINDOW, false);

    assertThat(first.data().get("finalUrl").stringValue()).isEqualTo(server.url("/final"));
    assertThat(downloads.get()).isEqualTo(1);
    assertThat(server.received).extracting(FetchUrlLoopbackServer.Received::path).containsExactly("/start", "/final");
  }

  @Test
  void aRefusedUrlIsRefusedEvenWhenATwinWasKept() {
    AtomicReference<String> page = new AtomicReference<>(longPage("one"));
    serve("/kept", page, false, false);
    window(tool(FetchUrlConfig.defaults()), server.url("/kept"), 0, false);
    SafeHttpClient production = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production())).build();
    try {
      FetchUrlTool strict = FetchUrlTool.create(production, FetchUrlConfig.defaults(), ticker);
      ObjectNode args = (ObjectNode) JSON.readTree("{\"url\":\"" + server.url("/kept") + "\"}");
      ToolResult result = strict.fetch(args);
      assertThat(result.isSuccess()).isFalse();
      assertThat(((ToolResult.Failure) result).code()).isEqualTo(FetchUrlTool.URL_REFUSED);
    } finally {
      production.close();
    }
  }

  private static void redirect(HttpExchange exchange, String to) throws IOException {
    exchange.getResponseHeaders().set("Location", to);
    exchange.sendResponseHeaders(302, -1);
  }
}
