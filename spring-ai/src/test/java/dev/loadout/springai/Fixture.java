package dev.loadout.springai;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * Three tools whose schemas carry what a client's own types tend to change: a nested object, an enum, a default
 * (also a fractional one), {@code additionalProperties: false}, a non-ASCII description, and a tool with no
 * {@code additionalProperties} at all.
 */
final class Fixture {
  static final String WEATHER_SCHEMA = "{\"type\":\"object\",\"title\":\"Weather\",\"properties\":{"
      + "\"city\":{\"type\":\"string\",\"description\":\"City, e.g. Zürich \\\"quoted\\\"\"},"
      + "\"unit\":{\"type\":\"string\",\"enum\":[\"c\",\"f\"],\"default\":\"c\"},"
      + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7,\"default\":null}},"
      + "\"required\":[\"city\"],\"additionalProperties\":false}";
  static final String SEARCH_SCHEMA = "{\"type\":\"object\",\"properties\":{"
      + "\"query\":{\"type\":\"string\",\"minLength\":1},"
      + "\"limit\":{\"type\":\"number\",\"default\":2.5},"
      + "\"filters\":{\"type\":\"object\",\"properties\":{\"site\":{\"type\":\"string\"},"
      + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}}},"
      + "\"required\":[\"query\"]}";
  static final String SNAPSHOT_SCHEMA = "{\"type\":\"object\",\"properties\":{\"camera\":{\"type\":\"string\"}},"
      + "\"required\":[\"camera\"],\"additionalProperties\":false}";
  static final String PNG = "iVBORw0KGgo=";

  private Fixture() {}

  static Loadout loadout() {
    BaseTool weather = BaseTool.of(ToolSpec.builder("get_weather", WEATHER_SCHEMA)
        .description("Current weather for a city.").build(),
        (call, ctx) -> ToolResult.text("Sunny in " + call.argumentsJson().get("city").asString()));
    BaseTool search = BaseTool.of(ToolSpec.builder("search", SEARCH_SCHEMA)
        .description("Searches the web — results as JSON.").build(),
        (call, ctx) -> ToolResult.success(JsonMapper.shared().createObjectNode()
            .put("query", call.argumentsJson().get("query").asString()).put("hits", 2)));
    BaseTool snapshot = BaseTool.of(ToolSpec.builder("snapshot", SNAPSHOT_SCHEMA)
        .description("A picture from a camera.").build(),
        (call, ctx) -> ToolResult.text("One frame.").withMedia(List.of(ToolMedia.base64("image/png", PNG))));
    return Loadout.builder(ToolRegistry.builder().register(weather).register(search).register(snapshot).build())
        .build();
  }
}
