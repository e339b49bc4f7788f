package dev.loadout.direct;

import dev.loadout.core.ToolSpec;
import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/** Tools and helpers shared by the direct-invocation tests. */
final class DirectFixtures {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  /** The reference's Exa search tool: requires query and objective. */
  static final ToolSpec EXA = ToolSpec.builder("web_search_exa", """
      {"type":"object","properties":{
        "query":{"type":"string","description":"what to search"},
        "objective":{"type":"string"},
        "numResults":{"type":"integer","minimum":1,"maximum":10}},
       "required":["query","objective"]}""").description("Search the web with Exa").build();
  static final ToolSpec CALC = ToolSpec.builder("calc", """
      {"type":"object","properties":{"value":{"type":"number","minimum":0}},"required":["value"]}""").build();
  /** A tool with exactly one required string property: it gets the default template. */
  static final ToolSpec LOOKUP = ToolSpec.builder("lookup", """
      {"type":"object","properties":{"term":{"type":"string","minLength":2},"limit":{"type":"integer"}},
       "required":["term"]}""").build();
  static final ToolSpec WEATHER = ToolSpec.builder("weather", """
      {"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}""").build();

  static final String EXA_TEMPLATE = "{\"query\":\"{{input}}\",\"objective\":\"Find the latest official news\",\"numResults\":3}";

  private DirectFixtures() {}

  /** A Loadout showing these tools (each answers "ok"), and a turn of it; closed after each test. */
  static final class Turns implements org.junit.jupiter.api.extension.AfterEachCallback {
    final dev.loadout.core.Loadout loadout;

    Turns(ToolSpec... specs) {
      dev.loadout.core.ToolRegistry.Builder r = dev.loadout.core.ToolRegistry.builder();
      for (ToolSpec s : specs) {
        r.register(dev.loadout.core.BaseTool.of(s, (call, ctx) -> dev.loadout.core.ToolResult.text("ok")));
      }
      loadout = dev.loadout.core.Loadout.builder(r.build()).executor(Runnable::run).build();
    }

    dev.loadout.core.PreparedTurn turn() {
      return loadout.prepare(dev.loadout.core.TurnContext.builder("openai", "gpt-test").userId("alice").build());
    }

    @Override
    public void afterEach(org.junit.jupiter.api.extension.ExtensionContext context) {
      loadout.close();
    }
  }

  static ObjectNode json(String text) {
    return (ObjectNode) ArgumentTemplate.MAPPER.readTree(text);
  }

  static DirectCatalog catalog() {
    return DirectCatalog.empty(java.util.List.of("/help", "clear", "mcp-cancel"));
  }
}
