package dev.loadout.tools.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The deadline of {@code analyze_image}, run through a real {@code Loadout} on a test scheduler: when it passes, the
 * download still running is cancelled (the loopback server sees the client close the connection it was holding), the
 * next image is never fetched and the vision model is never asked. The client's own call and read timeouts are a
 * minute, so only the tool's deadline can end the held download; the test waits on events, never on time.
 */
class AnalyzeImageDeadlineTest {
  final HoldingServer server = new HoldingServer();
  final SafeHttpClient client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production().toBuilder()
      .allowPrivateNetworks(true).callTimeout(Duration.ofSeconds(60)).readTimeout(Duration.ofSeconds(60)).build()))
      .build();
  final ExecutorService pool = Executors.newCachedThreadPool();
  final TestScheduler scheduler = TestScheduler.on(TestClock.create());

  AnalyzeImageDeadlineTest() throws IOException {}

  @AfterEach
  void stop() throws IOException {
    server.close();
    client.close();
    pool.shutdownNow();
  }

  /**
   * A raw HTTP/1.1 server on 127.0.0.1 that answers nobody: it holds each request, either before the head or after
   * the head and the first bytes of a 1,000-byte image, and then only watches for the client to close the socket.
   */
  static final class HoldingServer implements AutoCloseable {
    final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    final List<String> paths = new CopyOnWriteArrayList<>();
    final CountDownLatch holding = new CountDownLatch(1);
    final CountDownLatch closedByClient = new CountDownLatch(1);
    volatile boolean headFirst;

    HoldingServer() throws IOException {
      Thread acceptor = new Thread(this::accept, "holding-server");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    String url(String path) {
      return "http://127.0.0.1:" + socket.getLocalPort() + path;
    }

    private void accept() {
      while (!socket.isClosed()) {
        try {
          Socket connection = socket.accept();
          Thread t = new Thread(() -> hold(connection), "holding-connection");
          t.setDaemon(true);
          t.start();
        } catch (IOException closed) {
          return;
        }
      }
    }

    private void hold(Socket connection) {
      try (connection) {
        InputStream in = connection.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
          int b = in.read();
          if (b < 0) {
            return;
          }
          head.append((char) b);
        }
        paths.add(head.toString().split(" ", 3)[1]);
        if (headFirst) {
          OutputStream out = connection.getOutputStream();
          out.write("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 1000\r\n\r\n0123456789"
              .getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
        }
        holding.countDown();
        // Nothing more is sent: the only way this read ends is the client closing the connection.
        while (in.read() >= 0) {
          // the client sends nothing more on a GET
        }
        closedByClient.countDown();
      } catch (IOException reset) {
        closedByClient.countDown(); // a reset is the client closing too
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  @ParameterizedTest(name = "held {0}")
  @ValueSource(strings = {"before the head", "in the middle of the body"})
  void atTheDeadlineTheHeldDownloadIsCancelledAndNothingElseRuns(String where) throws Exception {
    server.headFirst = where.equals("in the middle of the body");
    AtomicInteger asked = new AtomicInteger();
    AnalyzeImageTool tool = AnalyzeImageTool.builder(
            (id, ctx) -> Optional.of(new ImageMessage(List.of(server.url("/a.png"), server.url("/b.png")), Optional.empty())),
            (images, question, remaining) -> {
              asked.incrementAndGet();
              return CompletableFuture.completedFuture("two letters");
            },
            client, pool)
        .timeout(Duration.ofSeconds(20)).scheduler(scheduler).build();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).executor(pool)
        .scheduler(scheduler).build()) {
      CompletableFuture<ToolResult> result = loadout.prepare(ImageFixtures.context().build())
          .execute(ToolCall.of("c", "analyze_image", "{\"message_id\":\"m1\"}")).toCompletableFuture();
      assertThat(server.holding.await(10, TimeUnit.SECONDS)).as("the first download reached the server").isTrue();
      assertThat(result).isNotDone();

      scheduler.advance(Duration.ofSeconds(20));

      assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo(ToolResult.failure(ToolResult.TIMEOUT,
          "Image analysis did not finish within 20000 ms", true));
      assertThat(server.closedByClient.await(10, TimeUnit.SECONDS)).as("the client closed the held connection").isTrue();
    }
    assertThat(server.paths).containsExactly("/a.png");
    assertThat(asked).hasValue(0);
    assertThat(scheduler.failures()).isEmpty();
  }
}
