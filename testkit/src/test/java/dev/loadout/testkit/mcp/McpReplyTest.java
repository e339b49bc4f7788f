package dev.loadout.testkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class McpReplyTest {
  @Test
  void aCombinedReplyKeepsThePartsInOrderAndIsAnErrorIfAnyPartIs() {
    McpReply ok = McpReply.combine(McpReply.text("a"), McpReply.resourceLink("https://x.test/r", "r", null));
    assertThat(ok.isError()).isFalse();
    assertThat(ok.toResult().content()).extracting(McpSchema.Content::type).containsExactly("text", "resource_link");
    McpReply failed = McpReply.combine(McpReply.text("a"), McpReply.error("b"));
    assertThat(failed.isError()).isTrue();
    assertThat(failed.toResult().isError()).isTrue();
    assertThat(failed).hasToString("McpReply{error=true, contents=2}");
  }

  @Test
  void structuredContentIsCopiedAndComesFromTheOnePartThatHasIt() {
    Map<String, Object> data = new HashMap<>(Map.of("k", 1));
    McpReply structured = McpReply.structured(data, "{\"k\":1}");
    data.put("k", 2);
    McpReply combined = McpReply.combine(McpReply.text("before"), structured);
    assertThat(combined.toResult().structuredContent()).isEqualTo(Map.of("k", 1));
    assertThat(combined.toResult().content()).hasSize(2);
    assertThatThrownBy(() -> McpReply.combine(structured, structured))
        .hasMessageContaining("only one part of a combined reply may have structured content");
  }

  @Test
  void missingRequiredValuesAreRefusedByName() {
    assertThatThrownBy(() -> McpReply.embeddedBlob(null, "image/png", "AA==")).hasMessage("uri must not be null");
    assertThatThrownBy(() -> McpReply.embeddedText("file:///a", null, null)).hasMessage("text must not be null");
    assertThatThrownBy(() -> McpReply.resourceLink("file:///a", null, null)).hasMessage("name must not be null");
    assertThatThrownBy(() -> McpReply.structured(null, "t")).hasMessage("structured data must not be null");
    assertThatThrownBy(() -> McpReply.combine(McpReply.text("a"), (McpReply) null))
        .hasMessageContaining("parts must not be null");
    assertThat(McpReply.embeddedBlob("file:///a", null, "AA==").toResult().content()).hasSize(1)
        .as("a blob may declare no MIME type").first().isInstanceOf(McpSchema.EmbeddedResource.class);
  }
}
