package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolRegistryTest {
  /** Listed in META-INF/services/dev.loadout.core.ToolProvider of the test classpath. */
  public static final class SampleProvider implements ToolProvider {
    @Override
    public Collection<BaseTool> tools() {
      return List.of(Tools.FnTool.echo(Tools.spec("provided_one")), Tools.FnTool.echo(Tools.spec("provided_two")));
    }
  }

  @Test
  void providersAreDiscoveredThroughServiceLoader() {
    ToolRegistry registry = ToolRegistry.builder().discoverProviders(getClass().getClassLoader()).build();
    assertThat(registry.tool("provided_one")).isPresent();
    assertThat(registry.source("provided_two")).contains("tool provider " + SampleProvider.class.getName());
    assertThat(registry.isReserved("provided_one")).isTrue();
  }

  @Test
  void aDuplicateNameIsRefusedNamingBothSources() {
    ToolRegistry.Builder b = ToolRegistry.builder().discoverProviders(getClass().getClassLoader());
    assertThatThrownBy(() -> b.register("my bot's tools", List.of(Tools.FnTool.echo(Tools.spec("provided_one")))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool name 'provided_one' from my bot's tools is already registered by tool provider "
            + SampleProvider.class.getName() + " (a reserved built-in name)");
  }

  @Test
  void externalToolsMayNotShadowBuiltInsOrEachOther() {
    ToolRegistry registry = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("fetch_url"))).build();
    assertThatThrownBy(() -> registry.registerExternal("guild 7 MCP server web", Tools.FnTool.echo(Tools.spec("fetch_url"))))
        .hasMessageContaining("from guild 7 MCP server web is already registered by")
        .hasMessageContaining("(a reserved built-in name)");
    registry.registerExternal("guild 7 MCP server a", Tools.FnTool.echo(Tools.spec("notes")));
    assertThatThrownBy(() -> registry.registerExternal("guild 7 MCP server b", Tools.FnTool.echo(Tools.spec("notes"))))
        .hasMessage("tool name 'notes' from guild 7 MCP server b is already registered by guild 7 MCP server a");
    assertThatThrownBy(() -> registry.unregisterExternal("fetch_url")).hasMessageContaining("is a built-in");
  }

  @Test
  void everyChangeBumpsTheVersionAndFailedChangesDoNot() {
    ToolRegistry registry = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("a"))).build();
    long v0 = registry.version();
    registry.registerExternal("x", Tools.FnTool.echo(Tools.spec("b")));
    long v1 = registry.version();
    assertThatThrownBy(() -> registry.registerExternal("y", Tools.FnTool.echo(Tools.spec("b"))));
    assertThat(registry.version()).isEqualTo(v1).isGreaterThan(v0);
    assertThat(registry.unregisterExternal("b")).isTrue();
    assertThat(registry.unregisterExternal("b")).isFalse();
    assertThat(registry.version()).isGreaterThan(v1);
    assertThat(registry.tools()).extracting(t -> t.spec().name()).containsExactly("a");
  }

  @Test
  void aToolWithoutASpecIsRefusedNamingItsClass() {
    BaseTool broken = new BaseTool() {
      @Override
      public ToolSpec spec() {
        return null;
      }

      @Override
      public java.util.concurrent.CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return null;
      }
    };
    assertThatThrownBy(() -> ToolRegistry.builder().register(broken)).hasMessageContaining("returned a null spec");
  }
}
