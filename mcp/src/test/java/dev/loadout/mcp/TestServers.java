package dev.loadout.mcp;

import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;

/**
 * The tool set the MCP module's tests run against: {@code echo}, {@code fails} (an {@code isError} result),
 * {@code picture} (an image), {@code wait} (answers at once unless the test makes it slow), {@code fetch}
 * (a URL argument) and {@code dotted.name} (a name providers refuse).
 */
final class TestServers {
  static final String TEXT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";
  static final String URL_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\",\"format\":\"uri\"}},\"required\":[\"url\"]}";
  static final int TOOL_COUNT = 6;

  private TestServers() {}

  static McpTestServer.Builder standard(String name) {
    return McpTestServer.builder().name(name)
        .tool("echo", "Echoes text.", TEXT_SCHEMA, args -> McpReply.text("echo: " + args.get("text")))
        .tool("fails", "Always reports an error.", TEXT_SCHEMA, args -> McpReply.error("it went wrong: " + args.get("text")))
        .tool("picture", "A 1x1 image.", args -> McpReply.image("iVBORw0KGgo=", "image/png", "a picture"))
        .tool("wait", "Answers when it is done.", args -> McpReply.text("released"))
        .tool("fetch", "Fetches a URL.", URL_SCHEMA, args -> McpReply.text("fetched " + args.get("url")))
        .tool("dotted.name", "A name providers refuse.", args -> McpReply.text("dotted"));
  }
}
