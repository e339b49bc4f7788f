package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The ordering contract and the prompt-cache values of issue 19, section 2, driven as a host drives a turn. */
class PromptCacheTest {
  private static final ToolRegistry REGISTRY = ToolRegistry.builder().register(
      Tools.FnTool.echo(Tools.spec("send_message")),
      Tools.FnTool.echo(Tools.spec("generate_image").toBuilder().group("media").build()),
      Tools.FnTool.echo(Tools.spec("web_search").toBuilder().group("web").build())).build();

  private static BaseTool mcp(String name, String description) {
    return Tools.FnTool.echo(Tools.spec(name).toBuilder().group("mcp").description(description).build());
  }

  @Test
  void aGuildMcpChangeLeavesEveryBuiltInsBytesInPlace() {
    AtomicReference<List<ToolSource>> sources = new AtomicReference<>(List.of(
        ToolSource.of("g1", "files", List.of(mcp("read_file", "Reads a file.")))));
    try (Loadout loadout = Loadout.builder(REGISTRY).externalTools(ctx -> sources.get()).build()) {
      PreparedTurn before = loadout.prepare(Tools.context().build());
      // The group "mcp" sorts before "media" and "web" by name; external tools still come after every built-in.
      assertThat(before.visibleNames()).containsExactly("send_message", "generate_image", "web_search", "read_file");
      sources.set(List.of(ToolSource.of("g1", "files", List.of(mcp("read_file", "Reads a whole file."),
          mcp("a_list_dir", "Lists a directory.")))));
      PreparedTurn after = loadout.prepare(Tools.context().build());
      assertThat(after.visibleNames()).containsExactly("send_message", "generate_image", "web_search", "a_list_dir",
          "read_file");
      for (Dialect dialect : Dialect.values()) {
        String builtIns = builtInPrefix(loadout, dialect);
        assertThat(before.render(dialect).json()).as(dialect.name()).startsWith(builtIns);
        assertThat(after.render(dialect).json()).as(dialect.name()).startsWith(builtIns);
      }
      assertThat(after.fingerprint()).isNotEqualTo(before.fingerprint());
      assertThat(after.prefixFingerprint()).isNotEqualTo(before.prefixFingerprint());
    }
  }

  @Test
  void hostSourcesComeBeforeGuildSourcesSoAGuildNeverMovesAHostTool() {
    ToolSource guild = ToolSource.of("g", "guild", List.of(mcp("a_guild_tool", "A guild tool.")));
    ToolSource host = ToolSource.of("h", "host", List.of(mcp("z_host_tool", "A host tool."))).level(ToolSource.Level.HOST);
    try (Loadout loadout = Loadout.builder(REGISTRY).externalTools(ctx -> List.of(guild, host)).build()) {
      assertThat(loadout.prepare(Tools.context().build()).visibleNames())
          .containsExactly("send_message", "generate_image", "web_search", "z_host_tool", "a_guild_tool");
    }
  }

  @Test
  void theCacheKeyFollowsTheStablePrefixAndHoldsAcrossTurns() {
    try (Loadout loadout = Loadout.builder(REGISTRY).build()) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      PreparedTurn second = loadout.prepare(Tools.context().build());
      assertThat(first.stableCount()).isEqualTo(3);
      assertThat(first.prefixFingerprint()).isEqualTo(first.fingerprint());
      assertThat(first.promptCacheKey()).isEqualTo("loadout-tools-" + first.prefixFingerprint())
          .isEqualTo(second.promptCacheKey()).hasSizeLessThanOrEqualTo(64);
    }
    try (Loadout other = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("send_message")))
        .build()).build()) {
      try (Loadout loadout = Loadout.builder(REGISTRY).build()) {
        assertThat(other.prepare(Tools.context().build()).promptCacheKey())
            .isNotEqualTo(loadout.prepare(Tools.context().build()).promptCacheKey());
      }
    }
  }

  @Test
  void anAnthropicBreakpointMarksTheLastStableToolAndChangesNoOtherByte() {
    ToolSource files = ToolSource.of("g1", "files", List.of(mcp("read_file", "Reads a file.")));
    try (Loadout plain = Loadout.builder(REGISTRY).externalTools(ctx -> List.of(files)).build();
        Loadout marked = Loadout.builder(REGISTRY).externalTools(ctx -> List.of(files)).anthropicCacheBreakpoint(true)
            .build()) {
      JsonNode without = plain.prepare(Tools.context().build()).render(Dialect.ANTHROPIC).toJsonNode();
      PreparedTurn turn = marked.prepare(Tools.context().build());
      JsonNode with = turn.render(Dialect.ANTHROPIC).toJsonNode();
      assertThat(with.size()).isEqualTo(4);
      for (int i = 0; i < 3; i++) {
        assertThat(with.get(i)).isEqualTo(without.get(i));
      }
      assertThat(with.get(3).get("cache_control").toString()).isEqualTo("{\"type\":\"ephemeral\"}");
      ((tools.jackson.databind.node.ObjectNode) with.get(3)).remove("cache_control");
      assertThat(with.get(3)).isEqualTo(without.get(3));
      // Only Anthropic has the marker.
      assertThat(turn.render(Dialect.OPENAI_CHAT).json()).doesNotContain("cache_control");
      // A warm render returns the same bytes, marker included.
      assertThat(marked.prepare(Tools.context().build()).render(Dialect.ANTHROPIC).bytes())
          .isEqualTo(turn.render(Dialect.ANTHROPIC).bytes());
    }
  }

  /** The built-ins' rendered bytes without the closing bracket: what every turn of this registry must start with. */
  private static String builtInPrefix(Loadout loadout, Dialect dialect) {
    PreparedTurn alone = loadout.prepare(Tools.context().build());
    List<ToolSpec> builtIns = alone.visible().subList(0, 3);
    String json = new String(ToolRenderer.turn(dialect, builtIns), StandardCharsets.UTF_8);
    return json.substring(0, json.length() - (dialect == Dialect.GEMINI ? 3 : 1));
  }
}
