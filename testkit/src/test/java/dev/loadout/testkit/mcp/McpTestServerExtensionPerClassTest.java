package dev.loadout.testkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A static extension keeps one server per class and cleans up after each test, even after a stop. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class McpTestServerExtensionPerClassTest {
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(McpTestServer.builder()
      .tool("echo", "Echoes.", args -> McpReply.text("echo")));
  static int firstPort;

  @Test
  @Order(1)
  void aTestMayBreakAndStopTheServer() {
    assertThat(MCP.server().isRunning()).isTrue();
    firstPort = MCP.server().port();
    MCP.server().inject(McpFault.hangAtInitialize());
    MCP.server().record(new RecordedRequest("GET", "/x", Optional.empty(), java.util.Map.of(), "127.0.0.1"));
    MCP.server().stop();
  }

  @Test
  @Order(2)
  void theNextTestGetsItRunningOnTheSamePortWithNoFaultAndNoRecords() {
    assertThat(MCP.server().isRunning()).isTrue();
    assertThat(MCP.server().port()).isEqualTo(firstPort);
    assertThat(MCP.server().fault()).isNull();
    assertThat(MCP.server().requests()).isEmpty();
  }
}
