package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** What the model gets of each kind of content an MCP server answers a call with. */
class ResultsTest {
  static final Function<String, String> SAME = Function.identity();

  static ToolResult map(List<McpSchema.Content> content) {
    return Results.map(new McpSchema.CallToolResult(content, false, null, null), "files", SAME);
  }

  static String text(ToolResult r) {
    return ((ToolResult.Success) r).modelText();
  }

  static McpSchema.Content blob(String mime, String data) {
    return new McpSchema.EmbeddedResource(null, new McpSchema.BlobResourceContents("file:///a.bin", mime, data, null), null);
  }

  static McpSchema.Content link(String name, String mime) {
    return new McpSchema.ResourceLink(name, null, "file:///doc.md", null, mime, null, null, null);
  }

  @Test
  void textPartsAndEmbeddedTextJoinWithABlankLine() {
    ToolResult r = map(List.of(new McpSchema.TextContent(null, "one", null),
        new McpSchema.EmbeddedResource(null, new McpSchema.TextResourceContents("file:///t", "text/plain", "two", null), null)));
    assertThat(text(r)).isEqualTo("one\n\ntwo");
    assertThat(((ToolResult.Success) r).media()).isEmpty();
  }

  @Test
  void imagesAudioAndMediaBlobsBecomeMediaAndAResultOfOnlyMediaSaysHowMany() {
    ToolResult r = map(List.of(new McpSchema.ImageContent(null, "aGk=", "image/png", null),
        new McpSchema.AudioContent(null, "aGk=", "audio/wav", null), blob("IMAGE/JPEG", "aGk=")));
    assertThat(((ToolResult.Success) r).media()).extracting(m -> m.mimeType())
        .containsExactly("image/png", "audio/wav", "IMAGE/JPEG");
    assertThat(text(r)).isEqualTo("(3 media item(s) from files)");
  }

  @Test
  void mediaNextToTextKeepsTheText() {
    ToolResult r = map(List.of(new McpSchema.TextContent(null, "caption", null), new McpSchema.ImageContent(null, "aGk=",
        "image/png", null)));
    assertThat(text(r)).isEqualTo("caption");
    assertThat(((ToolResult.Success) r).media()).hasSize(1);
  }

  @Test
  void aBlobTheModelCannotSeeIsANoteWithItsTypeAndDecodedSize() {
    assertThat(text(map(List.of(blob("application/pdf", "aGVsbG8h"))))).isEqualTo(
        "[resource file:///a.bin (application/pdf, 6 bytes) is not shown]");
    assertThat(text(map(List.of(blob(null, "aGk="))))).isEqualTo("[resource file:///a.bin (no type, 2 bytes) is not shown]");
    assertThat(text(map(List.of(blob("text/csv", "aGV5"))))).isEqualTo(
        "[resource file:///a.bin (text/csv, 3 bytes) is not shown]");
    assertThat(text(map(List.of(blob("text/csv", "aA=="))))).isEqualTo(
        "[resource file:///a.bin (text/csv, 1 bytes) is not shown]");
    assertThat(text(map(List.of(blob("image/png", ""))))).as("an image without data")
        .isEqualTo("[resource file:///a.bin (image/png, 0 bytes) is not shown]");
  }

  @Test
  void aResourceLinkIsALineWithWhatItHas() {
    assertThat(text(map(List.of(link("Docs", "text/markdown"))))).isEqualTo("[link] Docs: file:///doc.md (text/markdown)");
    assertThat(text(map(List.of(link(" ", " "))))).isEqualTo("[link] file:///doc.md");
    assertThat(text(map(List.of(link(null, null))))).isEqualTo("[link] file:///doc.md");
  }

  @Test
  void structuredContentIsTheDataAndTheTextItsSummary() {
    ToolResult.Success r = (ToolResult.Success) Results.map(new McpSchema.CallToolResult(
        List.of(new McpSchema.TextContent(null, "3 files", null)), false, Map.of("count", 3), null), "files", SAME);
    assertThat(r.data().get("count").asInt()).isEqualTo(3);
    assertThat(r.summary()).contains("3 files");
    ToolResult.Success bare = (ToolResult.Success) Results.map(new McpSchema.CallToolResult(List.of(), false,
        Map.of("count", 3), null), "files", SAME);
    assertThat(bare.summary()).isEmpty();
    assertThat(bare.data().get("count").asInt()).isEqualTo(3);
  }

  @Test
  void noContentIsAnEmptyText() {
    assertThat(text(map(List.of()))).isEmpty();
  }

  @Test
  void anErrorIsAToolErrorWithTheSanitisedTextCutTo2000Characters() {
    ToolResult.Failure f = (ToolResult.Failure) Results.map(new McpSchema.CallToolResult(
        List.of(new McpSchema.TextContent(null, "bad key k-1", null)), true, null, null), "files", m -> m.replace("k-1", "[x]"));
    assertThat(f.code()).isEqualTo(McpFailureCodes.TOOL_ERROR);
    assertThat(f.message()).isEqualTo("bad key [x]");
    assertThat(f.retryable()).isFalse();
    ToolResult.Failure blank = (ToolResult.Failure) Results.map(new McpSchema.CallToolResult(
        List.of(new McpSchema.TextContent(null, " ", null)), true, null, null), "files", SAME);
    assertThat(blank.message()).isEqualTo("the tool reported an error");
    for (int n : new int[] {2000, 2001}) {
      ToolResult.Failure longOne = (ToolResult.Failure) Results.map(new McpSchema.CallToolResult(
          List.of(new McpSchema.TextContent(null, "e".repeat(n), null)), true, null, null), "files", SAME);
      assertThat(longOne.message()).isEqualTo("e".repeat(2000));
    }
  }
}
