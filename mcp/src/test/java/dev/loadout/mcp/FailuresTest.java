package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the answer a Loadout transport gives a call in flight is told apart from a server's own error. */
class FailuresTest {
  @Test
  void theAnswerATransportGivesACallInFlightKeepsItsFailuresCode() {
    TransportFailure lost = new TransportFailure(McpFailureCodes.CONNECTION_LOST,
        "The stdio MCP server 'x' exited with code 1.");
    McpError error = new McpError(new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR,
        lost.getMessage(), lost));

    Failures.Classified f = Failures.classify(new RuntimeException("Client failed", error));

    assertThat(f.code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(f.detail()).isEqualTo(lost.getMessage());
  }

  @Test
  void aServerErrorThatImitatesItStaysAServerError() {
    McpError error = new McpError(new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR,
        "exited with code 1", Map.of("code", McpFailureCodes.CONNECTION_LOST)));

    assertThat(Failures.classify(error).code()).isEqualTo(McpFailureCodes.SERVER_ERROR);
  }

  @Test
  void theBotsOwnBugIsAnInternalErrorNotAProtocolErrorThatWouldQuarantineTheServer() {
    NullPointerException npe = new NullPointerException("Cannot invoke \"String.length()\" because \"name\" is null");

    Failures.Classified wrapped = Failures.classify(new java.util.concurrent.ExecutionException(
        new RuntimeException("Client failed to initialize by explicit API call", npe)));
    Failures.Classified bare = Failures.classify(new ClassCastException("cannot cast"));

    assertThat(wrapped.code()).isEqualTo(McpFailureCodes.INTERNAL_ERROR);
    assertThat(wrapped.detail()).as("the class, not a message quoting the bot's data").isEqualTo("NullPointerException");
    assertThat(bare.code()).isEqualTo(McpFailureCodes.INTERNAL_ERROR);
  }

  @Test
  void theSameExceptionThrownInsideTheSdkStaysTheServers() {
    // The SDK throws an NPE when a client that never initialised is closed: a server that hangs causes it.
    NullPointerException sdk = new NullPointerException("session is null");
    sdk.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("io.modelcontextprotocol.client.McpAsyncClient", "closeGracefully", "McpAsyncClient.java", 1),
        new StackTraceElement("dev.loadout.mcp.Connector", "connect", "Connector.java", 1)});

    assertThat(Failures.classify(new RuntimeException("Client failed to initialize", sdk)).code())
        .isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
  }

  @Test
  void whatAServerCausesKeepsItsCodeEvenBesideABug() {
    // A timeout or a refused connection is the server's (or the network's), whatever else is in the chain.
    assertThat(Failures.classify(new RuntimeException("x", new java.util.concurrent.TimeoutException())).code())
        .isEqualTo(McpFailureCodes.TIMEOUT);
    assertThat(Failures.classify(new RuntimeException("x", new java.net.ConnectException("refused"))).code())
        .isEqualTo(McpFailureCodes.UNREACHABLE);
    // Something unknown that is not a programming error still reads as the server's protocol breaking.
    assertThat(Failures.classify(new RuntimeException("unexpected frame")).code())
        .isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
  }

  static McpError rpc(int code, String message) {
    return new McpError(new McpSchema.JSONRPCResponse.JSONRPCError(code, message, null));
  }

  @Test
  void eachShapeTheSdkThrowsGetsItsCodeAndTheInnermostMessage() {
    assertThat(Failures.classify(new java.util.concurrent.CompletionException(new java.util.concurrent.ExecutionException(
        new java.util.concurrent.TimeoutException("late"))))).isEqualTo(
            new Failures.Classified(McpFailureCodes.TIMEOUT, "no answer before the deadline"));
    assertThat(Failures.classify(rpc(McpSchema.ErrorCodes.INVALID_PARAMS, "Unknown tool: grep"))).isEqualTo(
        new Failures.Classified(McpFailureCodes.UNKNOWN_TOOL, "Unknown tool: grep"));
    assertThat(Failures.classify(rpc(McpSchema.ErrorCodes.INVALID_PARAMS, "text must be a string"))).isEqualTo(
        new Failures.Classified(McpFailureCodes.INVALID_PARAMS, "text must be a string"));
    assertThat(Failures.classify(rpc(McpSchema.ErrorCodes.METHOD_NOT_FOUND, "Method not found"))).isEqualTo(
        new Failures.Classified(McpFailureCodes.PROTOCOL_ERROR, "Method not found"));
    assertThat(Failures.classify(rpc(McpSchema.ErrorCodes.INTERNAL_ERROR, "database on fire"))).isEqualTo(
        new Failures.Classified(McpFailureCodes.SERVER_ERROR, "database on fire"));
    assertThat(Failures.classify(rpc(-32000, "Unknown tool: grep")).code()).as("only invalid params names a tool")
        .isEqualTo(McpFailureCodes.SERVER_ERROR);
    Exception notFound = new io.modelcontextprotocol.spec.McpTransportSessionNotFoundException("gone");
    assertThat(Failures.classify(notFound))
        .isEqualTo(new Failures.Classified(McpFailureCodes.SESSION_LOST, notFound.getMessage()));
    assertThat(Failures.classify(new RuntimeException("x", new TransportFailure(McpFailureCodes.REDIRECTED, "moved"))))
        .isEqualTo(new Failures.Classified(McpFailureCodes.REDIRECTED, "moved"));
    assertThat(Failures.classify(new RuntimeException("x", new java.net.ConnectException("refused")))).isEqualTo(
        new Failures.Classified(McpFailureCodes.UNREACHABLE, "connection refused or closed"));
    assertThat(Failures.classify(new RuntimeException("x", new java.io.IOException("reset by peer")))).isEqualTo(
        new Failures.Classified(McpFailureCodes.UNREACHABLE, "reset by peer"));
    assertThat(Failures.classify(new java.io.IOException())).isEqualTo(
        new Failures.Classified(McpFailureCodes.UNREACHABLE, "IOException"));
    assertThat(Failures.classify(new IllegalStateException("Server does not provide the tools capability"))).isEqualTo(
        new Failures.Classified(McpFailureCodes.PROTOCOL_ERROR, "Server does not provide the tools capability"));
  }

  @Test
  void anIoFailureWithACauseIsReadThroughToTheCause() {
    java.io.IOException wrapping = new java.io.IOException("stream failed",
        new TransportFailure(McpFailureCodes.BLOCKED, "The MCP server named a message endpoint on another origin"));
    assertThat(Failures.classify(wrapping).code()).isEqualTo(McpFailureCodes.BLOCKED);
    java.io.IOException unexplained = new java.io.IOException("stream failed", new RuntimeException("odd frame"));
    assertThat(Failures.classify(unexplained)).as("nothing specific underneath: the protocol broke, innermost message")
        .isEqualTo(new Failures.Classified(McpFailureCodes.PROTOCOL_ERROR, "odd frame"));
  }

  @Test
  void aTerminatedSessionIsLostAndOtherIllegalStatesAreTheProtocols() {
    Failures.Classified terminated = Failures.classify(new RuntimeException("MCP session with server terminated"));
    assertThat(terminated.code()).isEqualTo(McpFailureCodes.SESSION_LOST);
    assertThat(terminated.sessionLost()).isTrue();
    assertThat(Failures.classify(new IllegalStateException("already closed"))).isEqualTo(
        new Failures.Classified(McpFailureCodes.PROTOCOL_ERROR, "already closed"));
    assertThat(Failures.classify(new IllegalStateException()).detail()).as("no message anywhere: the class")
        .isEqualTo("IllegalStateException");
    assertThat(Failures.classify(new java.util.concurrent.TimeoutException()).sessionLost()).isFalse();
  }

  @Test
  void everyKindOfBrokenInvariantFromLoadoutIsTheBotsOwnAndOnlyThoseKinds() {
    for (RuntimeException bug : java.util.List.of(new NullPointerException(), new ClassCastException(),
        new IndexOutOfBoundsException(), new ArrayStoreException(), new ArithmeticException(),
        new NegativeArraySizeException(), new IllegalMonitorStateException())) {
      assertThat(Failures.classify(new RuntimeException("Client failed", bug)).code()).as(bug.getClass().getSimpleName())
          .isEqualTo(McpFailureCodes.INTERNAL_ERROR);
    }
    assertThat(Failures.classify(new UnsupportedOperationException("nope")).code()).as("not a broken invariant")
        .isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
    NullPointerException fromAnotherLibrary = new NullPointerException("x");
    fromAnotherLibrary.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("java.util.Objects", "requireNonNull", "Objects.java", 1),
        new StackTraceElement("reactor.core.publisher.Mono", "map", "Mono.java", 1),
        new StackTraceElement("dev.loadout.mcp.Connector", "connect", "Connector.java", 1)});
    assertThat(Failures.classify(fromAnotherLibrary).code()).as("the first frame outside the JDK decides")
        .isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
    NullPointerException noFrames = new NullPointerException("x");
    noFrames.setStackTrace(new StackTraceElement[0]);
    assertThat(Failures.classify(noFrames).code()).isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
  }

  @Test
  void aBugDeepInALongCauseChainIsStillFoundWithinThirtyTwoLinks() {
    Throwable chain = new NullPointerException("deep");
    for (int i = 0; i < 31; i++) {
      chain = new RuntimeException("wrap " + i, chain);
    }
    assertThat(Failures.classify(chain).code()).as("the 32nd link").isEqualTo(McpFailureCodes.INTERNAL_ERROR);
    Throwable deeper = new RuntimeException("wrap", chain);
    assertThat(Failures.classify(deeper).code()).as("the 33rd link is beyond the bound")
        .isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
  }
}
