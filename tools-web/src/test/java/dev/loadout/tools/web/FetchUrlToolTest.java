package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.LoadoutListener;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.UrlVerdict;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code fetch_url} end to end: a real Loadout turn against a loopback server under the development policy. */
class FetchUrlToolTest {
  private static final String ARTICLE = "<html><head><title>Otters</title></head><body>"
      + "<nav><a href='/'>Home</a> <a href='/about'>About</a></nav>"
      + "<article><h1>Otters</h1><p>Otters are semiaquatic mammals, which feed mostly on fish, and they hold hands "
      + "while sleeping so they do not drift apart, which is charming.</p><p>Sea otters use stones as tools, to "
      + "crack shells open, and they keep a favourite stone in a pouch of skin under the forearm.</p>"
      + "<p>Otters live on every continent but Australia and Antarctica, and you can read "
      + "<a href='/more'>more about otters</a> in the guide.</p></article>"
      + "<footer>Copyright 2026 Otter Facts</footer><script>track()</script></body></html>";

  private FetchUrlLoopbackServer server;
  private SafeHttpClient client;

  @BeforeEach
  void start() throws IOException {
    server = new FetchUrlLoopbackServer();
  }

  @AfterEach
  void stop() {
    server.close();
    if (client != null) {
      client.close();
    }
  }

  private FetchUrlTool tool(NetworkPolicy policy, FetchUrlConfig config) {
    client = SafeHttpClient.builder(NetworkGuard.of(policy)).build();
    return FetchUrlTool.create(client, config);
  }

  private static ToolResult call(FetchUrlTool tool, String provider, String arguments) throws Exception {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).maxResultChars(200_000).build()) {
      PreparedTurn turn = loadout.prepare(TurnContext.builder(provider, "model-1").guildId("42").build());
      return turn.execute(ToolCall.of("call-1", FetchUrlTool.NAME, arguments)).toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }

  private ToolResult call(FetchUrlConfig config, String arguments) throws Exception {
    return call(tool(NetworkPolicy.development(), config), "openai", arguments);
  }

  private ToolResult fetch(String path, String extraArguments) throws Exception {
    return call(FetchUrlConfig.defaults(), "{\"url\":\"" + server.url(path) + "\"" + extraArguments + "}");
  }

  private static ToolResult.Success success(ToolResult result) {
    assertThat(result.isSuccess()).as("%s", result).isTrue();
    return (ToolResult.Success) result;
  }

  private static ToolResult.Failure failure(ToolResult result) {
    assertThat(result.isSuccess()).as("%s", result).isFalse();
    return (ToolResult.Failure) result;
  }

  @Test
  void anHtmlPageBecomesItsMainContentAsMarkdownUnderTheUrlLine() throws Exception {
    server.page("/otters", "text/html; charset=utf-8", ARTICLE);

    ToolResult.Success result = success(fetch("/otters", ""));

    String text = result.summary().orElseThrow();
    assertThat(text).startsWith("**URL:** " + server.url("/otters") + "\n\n# Otters\n\n");
    assertThat(text).contains("Sea otters use stones as tools").contains("[more about otters](" + server.url("/more") + ")")
        .doesNotContain("Copyright").doesNotContain("track()").doesNotContain("About");
    JsonNode data = result.data();
    assertThat(data.get("finalUrl").stringValue()).isEqualTo(server.url("/otters"));
    assertThat(data.get("contentType").stringValue()).isEqualTo("text/html");
    assertThat(data.get("engine").stringValue()).isEqualTo("safe_http");
    assertThat(data.get("startIndex").intValue()).isZero();
    assertThat(data.get("nextIndex").isNull()).isTrue();
    assertThat(data.get("contentLength").intValue()).isEqualTo(text.length() - ("**URL:** " + server.url("/otters") + "\n\n").length());
    assertThat(data.get("author").isNull()).isTrue();
    assertThat(data.get("published").isNull()).isTrue();
    assertThat(data.get("siteName").isNull()).isTrue();
  }

  @Test
  void thePagesAuthorDateAndSiteAreDataNotBody() throws Exception {
    server.page("/dated", "text/html", ARTICLE.replace("</head>", "<meta property='og:site_name' content='Otter Facts'>"
        + "<meta property='article:published_time' content='2026-05-01T08:00:00Z'></head>")
        .replace("<h1>Otters</h1>", "<h1>Otters</h1><p class='byline'>By <span itemprop='author'>Ottilie Brook</span>"
            + "</p>"));

    ToolResult.Success result = success(fetch("/dated", ""));

    assertThat(result.summary().orElseThrow()).doesNotContain("Ottilie").contains("Sea otters use stones");
    assertThat(result.data().get("author").stringValue()).isEqualTo("Ottilie Brook");
    assertThat(result.data().get("published").stringValue()).isEqualTo("2026-05-01T08:00:00Z");
    assertThat(result.data().get("siteName").stringValue()).isEqualTo("Otter Facts");
  }

  @Test
  void aLongPageComesInWindowsAndTheNoteNamesTheStartIndexToContinueWith() throws Exception {
    String digits = "0123456789".repeat(25);
    server.page("/long", "text/plain", digits);

    ToolResult.Success first = success(fetch("/long", ",\"max_length\":100"));
    ToolResult.Success second = success(fetch("/long", ",\"max_length\":100,\"start_index\":100"));
    ToolResult.Success last = success(fetch("/long", ",\"max_length\":100,\"start_index\":200"));

    String url = "**URL:** " + server.url("/long") + "\n\n";
    assertThat(first.summary().orElseThrow()).contains(url + digits.substring(0, 100)
        + "\n\n[Content truncated. Continue reading from character offset 100 with start_index=100.]");
    assertThat(first.data().get("nextIndex").intValue()).isEqualTo(100);
    assertThat(first.data().get("contentLength").intValue()).isEqualTo(250);
    assertThat(second.summary().orElseThrow()).contains(url + digits.substring(100, 200)
        + "\n\n[Content truncated. Continue reading from character offset 200 with start_index=200.]");
    assertThat(last.summary().orElseThrow()).contains(url + digits.substring(200));
    assertThat(last.data().get("nextIndex").isNull()).isTrue();
    assertThat(last.data().get("startIndex").intValue()).isEqualTo(200);
  }

  @Test
  void theConfiguredMaximumCapsTheWindowWhateverMaxLengthAsks() throws Exception {
    server.page("/long", "text/plain", "x".repeat(300));

    ToolResult.Success result = success(call(FetchUrlConfig.builder().maxContentLength(120).build(),
        "{\"url\":\"" + server.url("/long") + "\",\"max_length\":1000000}"));

    assertThat(result.data().get("nextIndex").intValue()).isEqualTo(120);
    assertThat(result.summary().orElseThrow()).contains("start_index=120.]");
  }

  @Test
  void aStartBeyondTheEndSaysEverySectionHasBeenRead() throws Exception {
    server.page("/short", "text/plain", "just this");

    ToolResult.Success result = success(fetch("/short", ",\"start_index\":500"));

    assertThat(result.summary().orElseThrow()).contains("**URL:** " + server.url("/short") + "\n\n[End of page content. No further "
        + "content found at character offset 500. All sections of this page have been read.]");
    assertThat(result.data().get("nextIndex").isNull()).isTrue();
    assertThat(result.data().get("contentLength").intValue()).isEqualTo(9);
  }

  @Test
  void anEmptyPageSaysItHadNoReadableContent() throws Exception {
    server.page("/empty", "text/plain", "");

    ToolResult.Success result = success(fetch("/empty", ""));

    assertThat(result.summary().orElseThrow()).contains("**URL:** " + server.url("/empty") + "\n\n[The page returned no readable content.]");
    assertThat(result.data().get("contentLength").intValue()).isZero();
  }

  @Test
  void rawReturnsTheHtmlAsServed() throws Exception {
    server.page("/otters", "text/html", ARTICLE);

    ToolResult.Success result = success(fetch("/otters", ",\"raw\":true"));

    assertThat(result.summary().orElseThrow()).contains("**URL:** " + server.url("/otters") + "\n\n" + ARTICLE);
  }

  @Test
  void plainTextAndJsonPassThroughDecodedByTheirCharset() throws Exception {
    server.page("/notes.txt", "text/plain; charset=ISO-8859-1", "caf\u00e9 <b>not markup</b>".getBytes(StandardCharsets.ISO_8859_1));
    server.page("/data.json", "application/json", "{\"a\":1}");

    assertThat(success(fetch("/notes.txt", "")).summary().orElseThrow()).contains("\n\ncaf\u00e9 <b>not markup</b>");
    ToolResult.Success json = success(fetch("/data.json", ""));
    assertThat(json.summary().orElseThrow()).contains("\n\n{\"a\":1}");
    assertThat(json.data().get("contentType").stringValue()).isEqualTo("application/json");
  }

  @Test
  void binaryContentIsRefusedWithAClearMessage() throws Exception {
    server.page("/cat.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2});

    ToolResult.Failure result = failure(fetch("/cat.png", ""));

    assertThat(result.code()).isEqualTo(FetchUrlTool.UNSUPPORTED_CONTENT_TYPE);
    assertThat(result.message()).isEqualTo("The URL returned image/png content, which fetch_url cannot read: it reads "
        + "HTML pages and text only.");
  }

  @Test
  void aContentLengthOverTheCapIsRefusedBeforeAnyBodyByteIsSent() throws Exception {
    CountDownLatch released = new CountDownLatch(1);
    CountDownLatch bodyWritten = new CountDownLatch(1);
    CountDownLatch handlerDone = new CountDownLatch(1);
    server.on("/huge", exchange -> {
      exchange.getResponseHeaders().set("Content-Type", "text/plain");
      exchange.sendResponseHeaders(200, 10_000_000);
      try {
        // Push the headers out now: newer JDKs' HttpServer holds them until the first body byte.
        exchange.getResponseBody().flush();
        // Nothing of the body is written until the test has its answer: the refusal came from the headers.
        released.await(30, TimeUnit.SECONDS);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(new byte[10_000_000]);
          bodyWritten.countDown();
        }
      } catch (InterruptedException | IOException e) {
        // The client hung up, as it should.
      } finally {
        handlerDone.countDown();
      }
    });
    NetworkPolicy capped = NetworkPolicy.development().toBuilder().maxBodyBytes(4096).build();

    ToolResult.Failure result;
    try {
      result = failure(call(tool(capped, FetchUrlConfig.defaults()), "openai", "{\"url\":\"" + server.url("/huge") + "\"}"));
      assertThat(bodyWritten.getCount()).isEqualTo(1);
    } finally {
      released.countDown();
    }

    assertThat(result.code()).isEqualTo(FetchUrlTool.TOO_LARGE);
    assertThat(result.message()).isEqualTo("The response from host '127.0.0.1' is larger than the 4096-byte limit.");
    assertThat(handlerDone.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(bodyWritten.getCount()).as("the server never finished writing").isEqualTo(1);
  }

  @Test
  void aBodyWithoutContentLengthIsCutOffByTheStreamingCap() throws Exception {
    server.on("/endless", exchange -> {
      exchange.getResponseHeaders().set("Content-Type", "text/plain");
      exchange.sendResponseHeaders(200, 0); // chunked: the size is known only by counting
      try (OutputStream out = exchange.getResponseBody()) {
        for (int i = 0; i < 1000; i++) {
          out.write(new byte[1024]);
        }
      } catch (IOException e) {
        // The client stopped reading at the cap.
      }
    });
    NetworkPolicy capped = NetworkPolicy.development().toBuilder().maxBodyBytes(4096).build();

    ToolResult.Failure result = failure(call(tool(capped, FetchUrlConfig.defaults()), "openai",
        "{\"url\":\"" + server.url("/endless") + "\"}"));

    assertThat(result.code()).isEqualTo(FetchUrlTool.TOO_LARGE);
  }

  @Test
  void aLyingContentLengthUnderTheCapIsCutOffByTheStreamingCap() throws Exception {
    // The declared 10 bytes pass the header check; chunked framing then carries far more, counted as it streams.
    NetworkPolicy capped = NetworkPolicy.development().toBuilder().maxBodyBytes(4096).build();
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread liar = new Thread(() -> {
        try (java.net.Socket socket = listener.accept(); OutputStream out = socket.getOutputStream()) {
          socket.getInputStream().read(new byte[4096]);
          out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n"
              + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
          for (int i = 0; i < 100; i++) {
            out.write("400\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[1024]);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
          }
          out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
          // The client hung up at the cap.
        }
      }, "fetch-url-test-liar");
      liar.setDaemon(true);
      liar.start();

      ToolResult result = call(tool(capped, FetchUrlConfig.defaults()), "openai",
          "{\"url\":\"http://127.0.0.1:" + listener.getLocalPort() + "/lie\"}");

      assertThat(failure(result).code()).isEqualTo(FetchUrlTool.TOO_LARGE);
      liar.join(TimeUnit.SECONDS.toMillis(30));
    }
  }

  @Test
  void redirectsAreFollowedByTheClientAndTheUrlLineShowsWhereThePageCameFrom() throws Exception {
    server.on("/old", exchange -> {
      exchange.getResponseHeaders().set("Location", "/new?lang=en");
      exchange.sendResponseHeaders(302, -1);
    });
    server.page("/new", "text/plain", "moved here");

    ToolResult.Success result = success(fetch("/old", ""));

    assertThat(result.summary().orElseThrow()).contains("**URL:** " + server.url("/new?lang=en") + "\n\nmoved here");
    assertThat(result.data().get("finalUrl").stringValue()).isEqualTo(server.url("/new?lang=en"));
    assertThat(server.received).extracting(FetchUrlLoopbackServer.Received::path).containsExactly("/old", "/new");
  }

  @Test
  void aRedirectToTheMetadataEndpointIsRefusedAtThatHop() throws Exception {
    server.on("/sneaky", exchange -> {
      exchange.getResponseHeaders().set("Location", "http://169.254.169.254/latest/meta-data/?token=abc");
      exchange.sendResponseHeaders(302, -1);
    });

    ToolResult.Failure result = failure(fetch("/sneaky", ""));

    assertThat(result.code()).isEqualTo(FetchUrlTool.URL_REFUSED);
    assertThat(result.message()).startsWith("A redirect led to a refused URL.").contains("169.254.169.254")
        .doesNotContain("token=abc").doesNotContain("meta-data");
  }

  /** What a bot operator's listener hears of a fetch: one line per hop or refusal, with the call's id. */
  private static final class NetworkLog extends LoadoutListener {
    final List<String> lines = new CopyOnWriteArrayList<>();

    @Override
    public void outboundHop(PreparedTurn turn, ToolCall call, int hop, String origin) {
      lines.add(call.id() + " hop " + hop + " " + origin);
    }

    @Override
    public void urlRefused(PreparedTurn turn, ToolCall call, int hop, String host, String code) {
      lines.add(call.id() + " refused " + hop + " " + host + " " + code);
    }
  }

  private ToolResult callHeard(NetworkPolicy policy, NetworkLog log, String url) throws Exception {
    FetchUrlTool tool = tool(policy, FetchUrlConfig.defaults());
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).listener(log).build()) {
      PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "model-1").guildId("42").build());
      return turn.execute(ToolCall.of("call-7", FetchUrlTool.NAME, "{\"url\":\"" + url + "\"}"))
          .toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void theTurnsListenerHearsEveryHopAndTheRefusedRedirectWithoutItsPathOrQuery() throws Exception {
    server.on("/old", exchange -> {
      exchange.getResponseHeaders().set("Location", "/new");
      exchange.sendResponseHeaders(302, -1);
    });
    server.on("/new", exchange -> {
      exchange.getResponseHeaders().set("Location", "http://169.254.169.254/latest/meta-data/?token=abc");
      exchange.sendResponseHeaders(302, -1);
    });
    NetworkLog log = new NetworkLog();

    ToolResult.Failure result = failure(callHeard(NetworkPolicy.development(), log, server.url("/old?key=k1")));

    assertThat(result.code()).isEqualTo(FetchUrlTool.URL_REFUSED);
    String origin = server.base();
    assertThat(log.lines).containsExactly("call-7 hop 0 " + origin, "call-7 hop 1 " + origin,
        "call-7 refused 2 169.254.169.254 " + UrlVerdict.METADATA_ENDPOINT);
    assertThat(String.join("\n", log.lines)).doesNotContain("key=k1").doesNotContain("token").doesNotContain("/old");
    assertThat(server.received).extracting(FetchUrlLoopbackServer.Received::path).containsExactly("/old", "/new");
  }

  @Test
  void aFirstUrlTheGuardRefusesIsHeardAsRefusedAtHopZeroAndNothingElse() throws Exception {
    NetworkLog log = new NetworkLog();

    ToolResult.Failure result = failure(callHeard(NetworkPolicy.production(), log, server.url("/admin")));

    assertThat(result.code()).isEqualTo(FetchUrlTool.URL_REFUSED);
    assertThat(log.lines).containsExactly("call-7 refused 0 127.0.0.1 " + UrlVerdict.PRIVATE_NETWORK);
    assertThat(server.received).as("no request reached the server").isEmpty();
  }

  @Test
  void aServerThatNeverAnswersIsATimeoutWorthRetrying() throws Exception {
    CountDownLatch released = new CountDownLatch(1);
    server.on("/stuck", exchange -> {
      try {
        released.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    NetworkPolicy impatient = NetworkPolicy.development().toBuilder().readTimeout(Duration.ofMillis(200)).build();

    ToolResult.Failure result;
    try {
      result = failure(call(tool(impatient, FetchUrlConfig.defaults()), "openai", "{\"url\":\"" + server.url("/stuck") + "\"}"));
    } finally {
      released.countDown();
    }

    assertThat(result.code()).isEqualTo(FetchUrlTool.TIMEOUT);
    assertThat(result.retryable()).isTrue();
    assertThat(result.message()).doesNotContain("/stuck");
  }

  @Test
  void anHttpErrorStatusIsAFetchFailure() throws Exception {
    server.on("/gone", exchange -> FetchUrlLoopbackServer.respond(exchange, 404, "text/plain", "no".getBytes(StandardCharsets.UTF_8)));

    ToolResult.Failure result = failure(fetch("/gone", ""));

    assertThat(result.code()).isEqualTo(FetchUrlTool.FETCH_FAILED);
    assertThat(result.message()).isEqualTo("URL fetch failed with HTTP 404.");
  }

  @Test
  void productionRefusesALoopbackUrlNamingTheOptInAndNeverConnects() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String url = "http://127.0.0.1:" + listener.getLocalPort() + "/admin";

      ToolResult.Failure result = failure(call(tool(NetworkPolicy.production(), FetchUrlConfig.defaults()), "openai",
          "{\"url\":\"" + url + "\"}"));

      assertThat(result.code()).isEqualTo(FetchUrlTool.URL_REFUSED);
      assertThat(result.message()).contains(NetworkPolicy.FETCH_URL_ALLOW_PRIVATE_NETWORK).contains("127.0.0.1")
          .doesNotContain("/admin");
      // A connection attempt would have completed its handshake into the backlog; there is none to accept.
      listener.setSoTimeout(1);
      boolean accepted;
      try {
        listener.accept().close();
        accepted = true;
      } catch (SocketTimeoutException e) {
        accepted = false;
      }
      assertThat(accepted).as("a connection was attempted").isFalse();
    }
  }

  @Test
  void theSchemaRefusesWrongTypesWithTheirJsonPointers() throws Exception {
    ToolResult.Failure result = failure(call(FetchUrlConfig.defaults(),
        "{\"url\":\"http://127.0.0.1/\",\"max_length\":0,\"start_index\":\"ten\",\"raw\":\"yes\"}"));

    assertThat(result.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(result.message()).contains("/max_length").contains("/start_index").contains("/raw");
    assertThat(server.received).isEmpty();
  }

  @Test
  void theToolIsNotOfferedToNovelAi() throws Exception {
    FetchUrlTool tool = tool(NetworkPolicy.development(), FetchUrlConfig.defaults());
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build())
        .addFilter(AvailabilityFilters.provider()).build()) {
      assertThat(loadout.prepare(TurnContext.builder("novelai", "glm").build()).visibleNames()).doesNotContain(FetchUrlTool.NAME);
      assertThat(loadout.prepare(TurnContext.builder("openai", "gpt").build()).visibleNames()).containsExactly(FetchUrlTool.NAME);
    }
    assertThat(tool.spec().family()).contains(FetchUrlTool.FAMILY);
  }
}
