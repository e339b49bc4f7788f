package dev.loadout.testkit.mcp;

import static dev.loadout.testkit.mcp.SdkClients.call;
import static dev.loadout.testkit.mcp.SdkClients.client;
import static dev.loadout.testkit.mcp.SdkClients.lastText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Held calls, progress and every kind of reply, against the SDK's own client over both transports. */
@Timeout(60)
class McpTestServerCallsTest {
  static final Duration WAIT = Duration.ofSeconds(20);

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(McpTestServer.builder().name("calls")
      .tool("wait", "Answers when released.", args -> McpReply.text("released"))
      .tool("other", "Never held.", args -> McpReply.text("other"))
      .tool("blob", "An embedded PDF.", args -> McpReply.embeddedBlob("file:///r.pdf", "application/pdf", "JVBERi0="))
      .tool("doc", "An embedded text.", args -> McpReply.embeddedText("file:///r.md", "text/markdown", "# Report"))
      .tool("link", "A resource link.", args -> McpReply.resourceLink("https://example.test/r", "report", "text/html"))
      .tool("data", "Structured.", args -> McpReply.structured(Map.of("temperature", 21, "unit", "C"), "{\"temperature\":21}"))
      .tool("mixed", "Several contents.", args -> McpReply.combine(McpReply.text("first"),
          McpReply.image("iVBORw0KGgo=", "image/png", "caption"), McpReply.error("then a failure"))));

  static CompletableFuture<McpSchema.CallToolResult> callAsync(McpSyncClient c, String tool) {
    return CompletableFuture.supplyAsync(() -> call(c, tool, Map.of()));
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void aHeldCallWaitsUntilTheTestReleasesItWhileOtherToolsAnswer(String path) throws Exception {
    McpTestServer server = mcp.server();
    HeldTool held = server.hold("wait");
    try (McpSyncClient c = client(server, path)) {
      CompletableFuture<McpSchema.CallToolResult> pending = callAsync(c, "wait");
      assertThat(held.awaitHeld(WAIT)).isTrue();
      assertThat(held.heldCalls()).isEqualTo(1);
      assertThat(pending).isNotDone();
      assertThat(lastText(call(c, "other", Map.of()))).isEqualTo("other");
      assertThat(pending).as("still held after another call answered").isNotDone();

      held.release();
      assertThat(lastText(pending.get(WAIT.toSeconds(), TimeUnit.SECONDS))).isEqualTo("released");
      assertThat(held.heldCalls()).isZero();
      assertThat(held.arrivedCalls()).isEqualTo(1);
      assertThat(lastText(call(c, "wait", Map.of()))).as("released stays released").isEqualTo("released");
    }
  }

  @Test
  void stoppingTheServerEndsAHeldCallWithoutAnAnswer() throws Exception {
    McpTestServer server = mcp.server();
    HeldTool held = server.hold("wait");
    McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH);
    CompletableFuture<McpSchema.CallToolResult> pending = callAsync(c, "wait");
    assertThat(held.awaitHeld(WAIT)).isTrue();
    server.stop();
    assertThatThrownBy(() -> pending.get(WAIT.toSeconds(), TimeUnit.SECONDS)).hasCauseInstanceOf(RuntimeException.class);
    assertThat(held.isReleased()).as("stopped, not released").isFalse();
    assertThat(held.arrivedCalls()).isEqualTo(1);
    c.close();
  }

  @Test
  void clearingFaultsReleasesHeldCallsSoNoneLeaksIntoTheNextTest() throws Exception {
    McpTestServer server = mcp.server();
    HeldTool held = server.hold("wait");
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH)) {
      CompletableFuture<McpSchema.CallToolResult> pending = callAsync(c, "wait");
      assertThat(held.awaitHeld(WAIT)).isTrue();
      server.clearFaults();
      assertThat(lastText(pending.get(WAIT.toSeconds(), TimeUnit.SECONDS))).isEqualTo("released");
      assertThat(held.isReleased()).isTrue();
    }
    HeldTool replaced = server.hold("wait");
    server.failing("wait", "replaced");
    assertThat(replaced.isReleased()).as("another misbehaviour replaces and releases a hold").isTrue();
  }

  @Test
  void awaitHeldSaysNoWhenNoCallArrives() throws Exception {
    HeldTool held = mcp.server().hold("wait");
    assertThat(held.awaitHeld(Duration.ofMillis(50))).isFalse();
    assertThatThrownBy(() -> held.awaitHeld(0, WAIT)).hasMessageContaining("one or more calls, but was 0");
    assertThatThrownBy(() -> mcp.server().hold("nope")).hasMessageContaining("no tool [nope]");
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void aCallWithAProgressTokenGetsTheProgressNotificationsBeforeItsAnswer(String path) throws Exception {
    McpTestServer server = mcp.server();
    server.progress("wait", 3);
    List<McpSchema.ProgressNotification> seen = new CopyOnWriteArrayList<>();
    CountDownLatch three = new CountDownLatch(3);
    try (McpSyncClient c = client(server, path, spec -> spec.progressConsumer(n -> {
      seen.add(n);
      three.countDown();
    }))) {
      // Without a token first: whatever it sent would arrive before the second call's notifications.
      assertThat(lastText(call(c, "wait", Map.of()))).isEqualTo("released");
      McpSchema.CallToolResult r = c.callTool(McpSchema.CallToolRequest.builder("wait").arguments(Map.of())
          .progressToken("tok-2").build());
      assertThat(lastText(r)).isEqualTo("released");
      assertThat(three.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    }
    // The SDK client hands notifications to consumers concurrently; their order on the wire is in the wire test.
    assertThat(seen).extracting(McpSchema.ProgressNotification::progressToken).containsOnly("tok-2");
    assertThat(seen).extracting(McpSchema.ProgressNotification::progress).containsExactlyInAnyOrder(1.0, 2.0, 3.0);
    assertThat(seen).extracting(McpSchema.ProgressNotification::total).containsOnly(3.0);
    assertThat(seen).extracting(McpSchema.ProgressNotification::message).containsExactlyInAnyOrder("step 1", "step 2", "step 3");
    assertThat(server.requests()).filteredOn(r -> r.isJsonRpc("tools/call"))
        .extracting(r -> r.param("_meta", "progressToken")).containsExactly(java.util.Optional.empty(),
            java.util.Optional.of("tok-2"));
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void steppedProgressSendsEachNoticeOnlyWhenTheTestLetsItGo(String path) throws Exception {
    McpTestServer server = mcp.server();
    ProgressSteps steps = server.progressSteps("wait", 3);
    java.util.concurrent.BlockingQueue<McpSchema.ProgressNotification> seen =
        new java.util.concurrent.LinkedBlockingQueue<>();
    try (McpSyncClient c = client(server, path, spec -> spec.progressConsumer(seen::add))) {
      CompletableFuture<McpSchema.CallToolResult> pending = CompletableFuture.supplyAsync(() -> c.callTool(
          McpSchema.CallToolRequest.builder("wait").arguments(Map.of()).progressToken("tok-s").build()));
      assertThat(server.awaitRequest(r -> r.isJsonRpc("tools/call"), WAIT)).isPresent();
      for (int i = 1; i <= 3; i++) {
        assertThat(seen).as("nothing before step %d is let go", i).isEmpty();
        assertThat(pending).as("no answer before the last notice").isNotDone();
        assertThat(steps.next()).isTrue();
        McpSchema.ProgressNotification n = seen.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(n).as("notice %d", i).isNotNull();
        assertThat(n.progress()).isEqualTo((double) i);
        assertThat(n.message()).isEqualTo("step " + i);
      }
      assertThat(lastText(pending.get(WAIT.toSeconds(), TimeUnit.SECONDS))).isEqualTo("released");
      assertThat(steps.next()).as("no fourth step").isFalse();
      assertThat(steps.released()).isEqualTo(3);
    }
  }

  @Test
  void resetLetsEveryStepGoAndStoppingEndsAWaitingCall() throws Exception {
    McpTestServer server = mcp.server();
    ProgressSteps first = server.progressSteps("wait", 2);
    ProgressSteps second = server.progressSteps("wait", 2);
    assertThat(first.released()).as("a new handle lets the old one's steps go").isEqualTo(2);
    server.reset();
    assertThat(second.released()).isEqualTo(2);
    assertThatThrownBy(() -> server.progressSteps("wait", 0)).hasMessageContaining("one or more notifications, but was 0");

    server.progressSteps("wait", 1);
    McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH);
    CompletableFuture<McpSchema.CallToolResult> pending = CompletableFuture.supplyAsync(() -> c.callTool(
        McpSchema.CallToolRequest.builder("wait").arguments(Map.of()).progressToken("tok-x").build()));
    assertThat(server.awaitRequest(r -> r.isJsonRpc("tools/call"), WAIT)).isPresent();
    server.stop();
    assertThatThrownBy(() -> pending.get(WAIT.toSeconds(), TimeUnit.SECONDS)).hasCauseInstanceOf(RuntimeException.class);
    c.close();
  }

  @Test
  void progressIsRefusedForANegativeCountAndAnUnknownTool() {
    assertThatThrownBy(() -> mcp.server().progress("wait", -1)).hasMessageContaining("zero or more, but was -1");
    assertThatThrownBy(() -> mcp.server().progress("nope", 1)).hasMessageContaining("no tool [nope]");
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void everyKindOfContentArrivesAsTheClientReadsIt(String path) {
    try (McpSyncClient c = client(mcp.server(), path)) {
      McpSchema.EmbeddedResource blob = (McpSchema.EmbeddedResource) call(c, "blob", Map.of()).content().get(0);
      McpSchema.BlobResourceContents blobContents = (McpSchema.BlobResourceContents) blob.resource();
      assertThat(blobContents.uri()).isEqualTo("file:///r.pdf");
      assertThat(blobContents.mimeType()).isEqualTo("application/pdf");
      assertThat(blobContents.blob()).isEqualTo("JVBERi0=");

      McpSchema.EmbeddedResource doc = (McpSchema.EmbeddedResource) call(c, "doc", Map.of()).content().get(0);
      assertThat(((McpSchema.TextResourceContents) doc.resource()).text()).isEqualTo("# Report");
      assertThat(doc.resource().mimeType()).isEqualTo("text/markdown");

      McpSchema.ResourceLink link = (McpSchema.ResourceLink) call(c, "link", Map.of()).content().get(0);
      assertThat(List.of(link.uri(), link.name(), link.mimeType())).containsExactly("https://example.test/r", "report", "text/html");

      McpSchema.CallToolResult data = call(c, "data", Map.of());
      assertThat(data.structuredContent()).isEqualTo(Map.of("temperature", 21, "unit", "C"));
      assertThat(lastText(data)).isEqualTo("{\"temperature\":21}");

      McpSchema.CallToolResult mixed = call(c, "mixed", Map.of());
      assertThat(mixed.isError()).isTrue();
      assertThat(mixed.content()).hasSize(4).extracting(McpSchema.Content::type)
          .containsExactly("text", "image", "text", "text");
      assertThat(lastText(mixed)).isEqualTo("then a failure");
    }
  }
}
