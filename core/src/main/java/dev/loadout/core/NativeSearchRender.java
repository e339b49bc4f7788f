package dev.loadout.core;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A turn's tools for a provider's own tool search: the loaded tools (without {@value ToolSearch#FUNCTION_NAME}), the
 * provider's search tool, the deferred tools marked {@code defer_loading}, then any tools an emulated search found
 * earlier in the session. For a client-side search the search tool is the host's (see
 * {@link ToolSearch.Builder#clientSearch(Dialect...)}). Each tool's bytes are its cached render with the marker spliced in, so a loaded tool's bytes
 * are the same as in any other render of this dialect.
 */
final class NativeSearchRender {
  private static final byte[] DEFER = ",\"defer_loading\":true}".getBytes(StandardCharsets.US_ASCII);

  private NativeSearchRender() {}

  static RenderedTools render(PreparedTurn turn, Dialect dialect, boolean strict, boolean breakpoint) {
    List<ToolSpec> visible = turn.visible();
    int prefix = turn.stableCount() - 1; // the last stable tool is the emulated search function
    List<byte[]> parts = new ArrayList<>(visible.size() + 2);
    for (int i = 0; i < prefix; i++) {
      parts.add(tool(dialect, visible.get(i), strict));
    }
    List<ToolSpec> deferred = turn.undiscoveredSpecs();
    boolean client = turn.deferral().config.isClientSide(dialect);
    if (client && dialect == Dialect.ANTHROPIC) {
      // The host searches: search_tools stays an ordinary tool, answered with tool_reference blocks.
      byte[] bytes = tool(dialect, visible.get(prefix), strict);
      parts.add(breakpoint ? ToolRenderer.withCacheControl(bytes) : bytes);
      for (ToolSpec s : deferred) {
        parts.add(ToolRenderer.withMembers(tool(dialect, s, strict), DEFER));
      }
    } else if (client) {
      // The host searches and sends the found definitions in tool_search_output, so deferred tools are not sent.
      parts.add(clientToolSearch(visible.get(prefix)));
    } else if (dialect == Dialect.ANTHROPIC) {
      ObjectNode search = Json.object();
      ToolSearch.AnthropicSearch variant = turn.deferral().config.anthropic;
      search.put("type", variant.type).put("name", variant.toolName);
      byte[] bytes = Json.bytes(search);
      parts.add(breakpoint ? ToolRenderer.withCacheControl(bytes) : bytes);
      for (ToolSpec s : deferred) {
        parts.add(ToolRenderer.withMembers(tool(dialect, s, strict), DEFER));
      }
    } else {
      parts.add("{\"type\":\"tool_search\"}".getBytes(StandardCharsets.US_ASCII));
      // An external source's deferred tools form one namespace, named and described, as OpenAI recommends for a
      // server's tools; built-ins stay top-level deferred functions.
      List<String> sources = turn.undiscoveredSources();
      Map<String, List<ToolSpec>> namespaces = new LinkedHashMap<>();
      for (int k = 0; k < deferred.size(); k++) {
        if (sources.get(k) == null) {
          parts.add(ToolRenderer.withMembers(tool(dialect, deferred.get(k), strict), DEFER));
        } else {
          namespaces.computeIfAbsent(sources.get(k), n -> new ArrayList<>()).add(deferred.get(k));
        }
      }
      namespaces.forEach((source, specs) -> parts.add(namespace(source, specs, strict)));
    }
    for (int i = turn.stableCount(); i < visible.size(); i++) {
      parts.add(tool(dialect, visible.get(i), strict));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write('[');
    for (int i = 0; i < parts.size(); i++) {
      if (i > 0) {
        out.write(',');
      }
      out.writeBytes(parts.get(i));
    }
    out.write(']');
    return new RenderedTools(dialect, out.toByteArray());
  }

  /** OpenAI's client-executed {@code tool_search}: the search function's description and parameters. */
  private static byte[] clientToolSearch(ToolSpec searchFunction) {
    ObjectNode search = Json.object();
    search.put("type", "tool_search").put("execution", "client").put("description", searchFunction.description());
    search.set("parameters", searchFunction.parametersView().deepCopy());
    return Json.bytes(search);
  }

  private static byte[] tool(Dialect dialect, ToolSpec spec, boolean strict) {
    return strict ? ToolRenderer.strictTool(dialect, spec) : ToolRenderer.tool(dialect, spec);
  }

  private static byte[] namespace(String source, List<ToolSpec> specs, boolean strict) {
    ObjectNode ns = Json.object();
    ns.put("type", "namespace");
    ns.put("name", namespaceName(source));
    ns.put("description", "Tools of " + source + ".");
    ArrayNode tools = ns.putArray("tools");
    for (ToolSpec s : specs) {
      tools.add(Json.MAPPER.readTree(ToolRenderer.withMembers(tool(Dialect.OPENAI_RESPONSES, s, strict), DEFER)));
    }
    return Json.bytes(ns);
  }

  /** A source label as a namespace name: letters, digits, {@code _} and {@code -}, at most 64 characters. */
  static String namespaceName(String label) {
    StringBuilder b = new StringBuilder(Math.min(64, label.length()));
    for (int i = 0; i < label.length() && b.length() < 64; i++) {
      char c = label.charAt(i);
      b.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-') ? c : '_');
    }
    return b.length() == 0 ? "tools" : b.toString();
  }
}
