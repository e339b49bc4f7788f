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
}
