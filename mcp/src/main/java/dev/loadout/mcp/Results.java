package dev.loadout.mcp;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * An MCP {@code CallToolResult} as a {@link ToolResult}, with nothing the server sent silently lost:
 *
 * <ul>
 *   <li>text → the result's text, the parts joined by a blank line;</li>
 *   <li>images and audio → media;</li>
 *   <li>embedded text resources → text; embedded blob resources → media when their MIME type is an image or
 *       audio type, otherwise a note naming the resource, its type and its size (a model cannot read the bytes);</li>
 *   <li>resource links → a line with the link's name, URI and type;</li>
 *   <li>{@code structuredContent} → the result's data (the text stays its summary);</li>
 *   <li>{@code isError} → a {@link McpFailureCodes#TOOL_ERROR} failure with the server's text, sanitised and cut.</li>
 * </ul>
 */
final class Results {
  private static final int MAX_ERROR_CHARS = 2_000;

  private Results() {}

  static ToolResult map(McpSchema.CallToolResult result, String mcpName, Function<String, String> sanitize) {
    List<String> texts = new ArrayList<>();
    List<ToolMedia> media = new ArrayList<>();
    for (McpSchema.Content c : result.content() == null ? List.<McpSchema.Content>of() : result.content()) {
      if (c instanceof McpSchema.TextContent) {
        texts.add(((McpSchema.TextContent) c).text());
      } else if (c instanceof McpSchema.ImageContent) {
        McpSchema.ImageContent i = (McpSchema.ImageContent) c;
        media.add(ToolMedia.base64(i.mimeType(), i.data()));
      } else if (c instanceof McpSchema.AudioContent) {
        McpSchema.AudioContent a = (McpSchema.AudioContent) c;
        media.add(ToolMedia.base64(a.mimeType(), a.data()));
      } else if (c instanceof McpSchema.EmbeddedResource) {
        embedded(((McpSchema.EmbeddedResource) c).resource(), texts, media);
      } else if (c instanceof McpSchema.ResourceLink) {
        texts.add(link((McpSchema.ResourceLink) c));
      }
    }
    String text = String.join("\n\n", texts);
    if (Boolean.TRUE.equals(result.isError())) {
      String m = sanitize.apply(text.isBlank() ? "the tool reported an error" : text);
      return ToolResult.failure(McpFailureCodes.TOOL_ERROR, m.length() > MAX_ERROR_CHARS ? m.substring(0, MAX_ERROR_CHARS) : m,
          false);
    }
    ToolResult.Success success;
    if (result.structuredContent() != null) {
      JsonNode data = Pool.JSON.valueToTree(result.structuredContent());
      success = text.isEmpty() ? ToolResult.success(data) : ToolResult.success(data, text);
    } else {
      success = ToolResult.text(text.isEmpty() && !media.isEmpty() ? "(" + media.size() + " media item(s) from " + mcpName + ")"
          : text);
    }
    return media.isEmpty() ? success : success.withMedia(media);
  }

  private static void embedded(McpSchema.ResourceContents rc, List<String> texts, List<ToolMedia> media) {
    if (rc instanceof McpSchema.TextResourceContents) {
      texts.add(((McpSchema.TextResourceContents) rc).text());
    } else if (rc instanceof McpSchema.BlobResourceContents) {
      McpSchema.BlobResourceContents blob = (McpSchema.BlobResourceContents) rc;
      String type = blob.mimeType() == null ? "" : blob.mimeType().toLowerCase(Locale.ROOT);
      String data = blob.blob() == null ? "" : blob.blob();
      if ((type.startsWith("image/") || type.startsWith("audio/")) && !data.isEmpty()) {
        media.add(ToolMedia.base64(blob.mimeType(), data));
      } else {
        texts.add("[resource " + blob.uri() + " (" + (type.isEmpty() ? "no type" : type) + ", " + decodedBytes(data)
            + " bytes) is not shown]");
      }
    }
  }

  private static String link(McpSchema.ResourceLink l) {
    StringBuilder b = new StringBuilder("[link] ");
    if (l.name() != null && !l.name().isBlank()) {
      b.append(l.name()).append(": ");
    }
    b.append(l.uri());
    if (l.mimeType() != null && !l.mimeType().isBlank()) {
      b.append(" (").append(l.mimeType()).append(')');
    }
    return b.toString();
  }

  /** The size of base64 data once decoded, without decoding it. */
  private static long decodedBytes(String base64) {
    int n = base64.length();
    int padding = n > 0 && base64.charAt(n - 1) == '=' ? (n > 1 && base64.charAt(n - 2) == '=' ? 2 : 1) : 0;
    return Math.max(0, (long) n / 4 * 3 - padding);
  }
}
