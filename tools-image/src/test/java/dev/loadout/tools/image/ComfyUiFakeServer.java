package dev.loadout.tools.image;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake of ComfyUI's HTTP API on the testkit's loopback server: {@code /prompt} queues, {@code /history/{id}}
 * answers {@code {}} until the prompt completes after a set number of polls, {@code /view} serves the output,
 * {@code /upload/image} stores an upload. Every request is recorded by the server.
 */
final class ComfyUiFakeServer implements AutoCloseable {
  static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3};
  static final String PROMPT_ID = "3f9c-prompt";

  private final LoopbackHttpServer server = LoopbackHttpServer.start();
  private final AtomicInteger polls = new AtomicInteger();
  volatile int completeAfterPolls = 2;
  volatile String promptAnswer = "{\"prompt_id\":\"" + PROMPT_ID + "\",\"number\":1,\"node_errors\":{}}";
  volatile int promptStatus = 200;
  /** The history entry once complete; {@code %s} is the prompt id. */
  volatile String doneEntry = "{\"%s\":{\"outputs\":{\"9\":{\"images\":[{\"filename\":\"Loadout_00001_.png\","
      + "\"subfolder\":\"gen\",\"type\":\"output\"}]}},\"status\":{\"status_str\":\"success\",\"completed\":true}}}";

  ComfyUiFakeServer() {
    server.otherwise(HttpReply.from(this::reply));
  }

  private HttpReply reply(ReceivedRequest request) {
    String path = request.path();
    if (path.equals("/prompt")) {
      return HttpReply.of(promptStatus, "application/json", promptAnswer);
    } else if (path.startsWith("/history/")) {
      boolean done = completeAfterPolls >= 0 && polls.incrementAndGet() > completeAfterPolls;
      return HttpReply.json(done ? doneEntry.formatted(path.substring("/history/".length())) : "{}");
    } else if (path.equals("/view")) {
      return HttpReply.body("image/png", PNG);
    } else if (path.equals("/upload/image")) {
      return HttpReply.json("{\"name\":\"upload" + to("/upload/image").size() + ".png\",\"subfolder\":\"\",\"type\":\"input\"}");
    }
    return HttpReply.of(404, "application/json", "{}");
  }

  /** Never completes the prompt. */
  ComfyUiFakeServer neverComplete() {
    completeAfterPolls = -1;
    return this;
  }

  /** Every request so far. */
  List<ReceivedRequest> received() {
    return server.requests();
  }

  List<ReceivedRequest> to(String path) {
    return server.requests().stream().filter(r -> r.path().startsWith(path)).toList();
  }

  String baseUrl() {
    return server.baseUrl();
  }

  int port() {
    return server.port();
  }

  @Override
  public void close() {
    server.close();
  }
}
