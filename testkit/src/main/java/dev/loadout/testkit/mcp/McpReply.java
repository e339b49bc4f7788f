package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What a tool of a {@link McpTestServer} answers: text, an image, or an {@code isError} result. Immutable.
 *
 * <p>A tool reports failure by returning {@link #error(String)}, never by throwing: with the SDK 2.1.0
 * servlet transports a handler that throws intermittently breaks the HTTP response, so the server turns a
 * thrown exception into an error reply itself. For a JSON-RPC error use
 * {@link McpTestServer#protocolError(String, int, String)}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class McpReply {
  private final boolean error;
  private final List<McpSchema.Content> content;

  private McpReply(boolean error, List<McpSchema.Content> content) {
    this.error = error;
    this.content = List.copyOf(content);
  }

  /** A successful reply of one text content. */
  public static McpReply text(String text) {
    return new McpReply(false, List.of(new McpSchema.TextContent(required("text", text))));
  }

  /** A result with {@code isError: true} and this text: the tool ran and reports a failure. */
  public static McpReply error(String message) {
    return new McpReply(true, List.of(new McpSchema.TextContent(required("message", message))));
  }

  /**
   * A successful reply of one image and a caption.
   *
   * @param base64 the image bytes, base64
   * @param mimeType for example {@code image/png}
   * @param caption a text content after the image
   */
  public static McpReply image(String base64, String mimeType, String caption) {
    List<McpSchema.Content> c = new ArrayList<>();
    c.add(McpSchema.ImageContent.builder(required("base64", base64), required("mimeType", mimeType)).build());
    c.add(new McpSchema.TextContent(required("caption", caption)));
    return new McpReply(false, c);
  }

  /** Whether this reply is an {@code isError} result. */
  public boolean isError() {
    return error;
  }

  McpSchema.CallToolResult toResult() {
    McpSchema.CallToolResult.Builder b = McpSchema.CallToolResult.builder().isError(error);
    content.forEach(b::addContent);
    return b.build();
  }

  private static String required(String name, String value) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return value;
  }

  @Override
  public String toString() {
    return "McpReply{error=" + error + ", contents=" + content.size() + "}";
  }
}
