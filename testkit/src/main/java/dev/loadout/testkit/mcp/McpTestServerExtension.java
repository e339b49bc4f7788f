package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts and stops a {@link McpTestServer} around tests. Register it with {@code @RegisterExtension}:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final McpTestServerExtension MCP = McpTestServerExtension.of(McpTestServer.builder()
 *     .tool("echo", "Echoes text.", args -> McpReply.text("echo: " + args.get("text"))));
 *
 * @Test
 * void something() {
 *   String url = MCP.server().streamableUrl();
 *   ...
 * }
 * }</pre>
 *
 * <ul>
 *   <li><b>Static field: one server per class.</b> It starts before the first test and stops after the
 *       last. After each test its faults, tool misbehaviour (holds released), progress settings, run-time
 *       tool changes and recorded requests are {@linkplain McpTestServer#reset() reset}, and a server the
 *       test stopped is started again on the same port before the next test, so tests do not leak into each
 *       other.</li>
 *   <li><b>Instance field: one server per test.</b> It starts before each test and stops after it.</li>
 * </ul>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class McpTestServerExtension implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback,
    AfterAllCallback {
  private final McpTestServer server;
  private boolean perClass;

  private McpTestServerExtension(McpTestServer server) {
    this.server = server;
  }

  /** An extension running the server this builder builds. */
  public static McpTestServerExtension of(McpTestServer.Builder builder) {
    if (builder == null) {
      throw new IllegalArgumentException("the extension needs a server builder");
    }
    return new McpTestServerExtension(builder.build());
  }

  /** The server; running during each test. */
  public McpTestServer server() {
    return server;
  }

  /** Called by JUnit only when the extension sits in a static field. */
  @Override
  public void beforeAll(ExtensionContext context) {
    perClass = true;
    server.start();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (!server.isRunning()) {
      server.start();
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (!perClass) {
      server.stop();
    }
    server.reset();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    server.stop();
  }

  @Override
  public String toString() {
    return "McpTestServerExtension{" + server + (perClass ? ", per class}" : ", per test}");
  }
}
