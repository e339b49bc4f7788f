package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * What a tool of a {@link McpTestServer} answers: text, an image, embedded resources, resource links,
 * structured content, an {@code isError} result, or several of these in one reply ({@link
 * #combine(McpReply, McpReply...)}). Immutable.
 *
 * <pre>{@code
 * McpReply.combine(
 *     McpReply.text("Here is the report."),
 *     McpReply.embeddedBlob("file:///report.pdf", "application/pdf", base64),
 *     McpReply.resourceLink("https://example.test/report", "report", "text/html"));
 * }</pre>
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
  private final Map<String, Object> structured;

  private McpReply(boolean error, List<McpSchema.Content> content, Map<String, Object> structured) {
    this.error = error;
    this.content = List.copyOf(content);
    this.structured = structured;
  }

  private static McpReply of(McpSchema.Content... content) {
    return new McpReply(false, List.of(content), null);
  }

  /** A successful reply of one text content. */
  public static McpReply text(String text) {
    return of(new McpSchema.TextContent(required("text", text)));
  }

  /** A result with {@code isError: true} and this text: the tool ran and reports a failure. */
  public static McpReply error(String message) {
    return new McpReply(true, List.of(new McpSchema.TextContent(required("message", message))), null);
  }

  /**
   * A successful reply of one image and a caption.
   *
   * @param base64 the image bytes, base64
   * @param mimeType for example {@code image/png}
   * @param caption a text content after the image
   */
  public static McpReply image(String base64, String mimeType, String caption) {
    return of(McpSchema.ImageContent.builder(required("base64", base64), required("mimeType", mimeType)).build(),
        new McpSchema.TextContent(required("caption", caption)));
  }

  /**
   * A successful reply of one embedded resource holding bytes ({@code type: resource} with a {@code blob}).
   *
   * @param uri the resource's URI
   * @param mimeType for example {@code image/png} or {@code application/pdf}; null for a resource that
   *     declares none
   * @param base64 the bytes, base64
   * @since 0.1
   */
  public static McpReply embeddedBlob(String uri, String mimeType, String base64) {
    return of(new McpSchema.EmbeddedResource(null,
        new McpSchema.BlobResourceContents(required("uri", uri), mimeType, required("base64", base64))));
  }

  /**
   * A successful reply of one embedded resource holding text ({@code type: resource} with a {@code text}).
   *
   * @param uri the resource's URI
   * @param mimeType for example {@code text/markdown}; null for a resource that declares none
   * @param text the resource's text
   * @since 0.1
   */
  public static McpReply embeddedText(String uri, String mimeType, String text) {
    return of(new McpSchema.EmbeddedResource(null,
        new McpSchema.TextResourceContents(required("uri", uri), mimeType, required("text", text))));
  }

  /**
   * A successful reply of one resource link ({@code type: resource_link}): a pointer the client may fetch,
   * not the resource itself.
   *
   * @param uri where the resource is
   * @param name its name
   * @param mimeType its MIME type; null for a link that declares none
   * @since 0.1
   */
  public static McpReply resourceLink(String uri, String name, String mimeType) {
    return of(McpSchema.ResourceLink.builder().uri(required("uri", uri)).name(required("name", name))
        .mimeType(mimeType).build());
  }

  /**
   * A successful reply with {@code structuredContent} and, as MCP advises for clients that read only
   * content, a text content (typically the same data as JSON).
   *
   * @param data the structured content, a JSON object; copied
   * @param text the text content beside it
   * @since 0.1
   */
  public static McpReply structured(Map<String, Object> data, String text) {
    if (data == null) {
      throw new IllegalArgumentException("structured data must not be null");
    }
    return new McpReply(false, List.of(new McpSchema.TextContent(required("text", text))),
        Collections.unmodifiableMap(new LinkedHashMap<>(data)));
  }

  /**
   * One reply holding the contents of all these, in order. It is an {@code isError} result if any part is;
   * its structured content is the one part that has some.
   *
   * @throws IllegalArgumentException if a part is null, or more than one part has structured content
   * @since 0.1
   */
  public static McpReply combine(McpReply first, McpReply... more) {
    List<McpReply> parts = new ArrayList<>();
    parts.add(first);
    if (more == null) {
      throw new IllegalArgumentException("a combined reply's parts must not be null");
    }
    parts.addAll(Arrays.asList(more));
    boolean anyError = false;
    List<McpSchema.Content> contents = new ArrayList<>();
    Map<String, Object> structured = null;
    for (McpReply part : parts) {
      if (part == null) {
        throw new IllegalArgumentException("a combined reply's parts must not be null");
      }
      if (part.structured != null && structured != null) {
        throw new IllegalArgumentException("only one part of a combined reply may have structured content");
      }
      anyError |= part.error;
      contents.addAll(part.content);
      structured = part.structured != null ? part.structured : structured;
    }
    return new McpReply(anyError, contents, structured);
  }

  /** Whether this reply is an {@code isError} result. */
  public boolean isError() {
    return error;
  }

  McpSchema.CallToolResult toResult() {
    McpSchema.CallToolResult.Builder b = McpSchema.CallToolResult.builder().isError(error);
    content.forEach(b::addContent);
    if (structured != null) {
      b.structuredContent(structured);
    }
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
    return "McpReply{error=" + error + ", contents=" + content.size() + (structured != null ? ", structured" : "") + "}";
  }
}
