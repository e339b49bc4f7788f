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
}
