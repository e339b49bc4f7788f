package dev.loadout.benchmarks;

import dev.loadout.core.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The 100-tool fixture ({@code openai-tools-100.json}, copied from {@code /work/shared/bench/toolset/}) in
 * OpenAI Chat Completions {@code tools} form: 60 bot built-ins, then 40 MCP-style tools.
 *
 * <p>The fixture has no groups or permissions, so this class assigns them by position: the first nine
 * built-ins (messaging) are core, the rest fall into five groups of which the moderation group needs a
 * permission, and each MCP server's tools form a group of their own. Three groups are placed by
 * {@link #GROUP_ORDER}; the others follow by name, so all three ordering rules are exercised.
 *
 * <p>The parsed trees are shared read-only: every user copies before changing anything.
 */
final class Toolset {
  static final String RESOURCE = "/openai-tools-100.json";
  static final int SIZE = 100;
  static final int BUILT_INS = 60;
  static final String MODERATE = "MODERATE_MEMBERS";
  static final List<String> GROUP_ORDER = List.of("search", "media", "moderation");

  /** One plain mapper, as a bot without Loadout would have. */
  static final JsonMapper MAPPER = JsonMapper.builder().build();

  /** Groups of the built-ins by first index; the first nine (messaging) are core. */
  private static final int[] BUILT_IN_STARTS = {9, 20, 30, 40, 50};
  private static final String[] BUILT_IN_GROUPS = {"memory", "search", "media", "moderation", "utility"};
  /** Groups of the MCP tools by first index: one group per server. */
  private static final int[] MCP_STARTS = {60, 68, 76, 84, 88, 89, 93, 95, 97, 98};
  private static final String[] MCP_GROUPS = {"mcp_filesystem", "mcp_github", "mcp_playwright", "mcp_jira",
      "mcp_postgres", "mcp_notion", "mcp_sentry", "mcp_time", "mcp_fetch", "mcp_memory"};

  private final List<ObjectNode> functions;

  private Toolset(List<ObjectNode> functions) {
    this.functions = Collections.unmodifiableList(functions);
  }

  /** Reads the fixture from the classpath. */
  static Toolset load() {
    try (InputStream in = Toolset.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("fixture " + RESOURCE + " is not on the classpath");
      }
      JsonNode root = MAPPER.readTree(in);
      List<ObjectNode> functions = new ArrayList<>(root.size());
      for (JsonNode tool : root) {
        functions.add((ObjectNode) tool.get("function"));
      }
      if (functions.size() != SIZE) {
        throw new IllegalStateException("fixture " + RESOURCE + " must hold " + SIZE + " tools, but held " + functions.size());
      }
      return new Toolset(functions);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The {@code function} objects of the fixture, in fixture order; never mutate them. */
  List<ObjectNode> functions() {
    return functions;
  }

  String name(int i) {
    return functions.get(i).get("name").stringValue();
  }

  String description(int i) {
    return functions.get(i).get("description").stringValue();
  }

  /** The shared parameters tree; never mutate it. */
  ObjectNode parameters(int i) {
    return (ObjectNode) functions.get(i).get("parameters");
  }

  /** The group of tool {@code i}, or null for core. */
  String group(int i) {
    return i < BUILT_INS ? pick(i, BUILT_IN_STARTS, BUILT_IN_GROUPS) : pick(i, MCP_STARTS, MCP_GROUPS);
  }

  /** The permission tool {@code i} needs, or null. */
  String requiredPermission(int i) {
    return "moderation".equals(group(i)) ? MODERATE : null;
  }

  /** Tool {@code i} as a spec with these parameters (which the builder copies). */
  ToolSpec spec(int i, ObjectNode parameters) {
    return ToolSpec.builder(name(i), parameters)
        .description(description(i))
        .group(group(i))
        .requiredPermission(requiredPermission(i))
        .build();
  }

  /** Tool {@code i} as written in the fixture. */
  ToolSpec spec(int i) {
    return spec(i, parameters(i));
  }

  private static String pick(int i, int[] starts, String[] groups) {
    String group = null;
    for (int k = 0; k < starts.length && i >= starts[k]; k++) {
      group = groups[k];
    }
    return group;
  }
}
