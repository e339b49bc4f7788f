package dev.loadout.core.capabilities;

import dev.loadout.core.HiddenTool;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The three reports: data for the host, a summary for the model. */
final class CapabilityReports {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private CapabilityReports() {}

  static ToolResult chat(PreparedTurn turn) {
    TurnContext ctx = turn.context();
    ObjectNode data = NODES.objectNode();
    data.put("model", ctx.model()).put("provider", ctx.provider());
    ObjectNode caps = data.putObject("capabilities");
    new TreeMap<>(ctx.capabilities()).forEach((k, v) -> caps.put(k, String.valueOf(v)));
    ObjectNode groups = data.putObject("tools");
    ArrayNode external = data.putArray("externalTools");
    StringBuilder text = new StringBuilder();
    text.append("Model: ").append(ctx.model()).append(" (provider: ").append(ctx.provider()).append(")\n");
    text.append("Capabilities: ").append(caps.isEmpty() ? "none declared" : join(caps)).append('\n');
    Map<String, List<String>> byGroup = new TreeMap<>((a, b) -> a.equals("core") ? (b.equals("core") ? 0 : -1)
        : b.equals("core") ? 1 : a.compareTo(b));
    for (ToolSpec spec : turn.visible()) {
      if (turn.externalSource(spec.name()).isPresent()) {
        external.addObject().put("name", spec.name()).put("source", turn.externalSource(spec.name()).get());
      } else {
        byGroup.computeIfAbsent(spec.group().orElse("core"), g -> new ArrayList<>()).add(spec.name());
      }
    }
    int builtIns = 0;
    text.append("Tools available right now:\n");
    for (Map.Entry<String, List<String>> e : byGroup.entrySet()) {
      List<String> names = new ArrayList<>(e.getValue());
      names.sort(null);
      ArrayNode arr = groups.putArray(e.getKey());
      names.forEach(arr::add);
      builtIns += names.size();
      text.append("- ").append(e.getKey()).append(": ").append(String.join(", ", names)).append('\n');
    }
    if (builtIns == 0) {
      text.append("- none\n");
    }
    if (!external.isEmpty()) {
      text.append("External tools:\n");
      for (JsonNode t : external) {
        text.append("- ").append(t.get("name").asString()).append(" (from ").append(t.get("source").asString()).append(")\n");
      }
    }
    if (!turn.hidden().isEmpty()) {
      text.append(turn.hidden().size()).append(" tool(s) are unavailable right now; ask for the settings report to see why.\n");
    }
    return ToolResult.success(data, text.toString().strip());
  }

  static ToolResult commands(Supplier<JsonNode> supplier) {
    JsonNode payload;
    try {
      payload = supplier.get();
    } catch (RuntimeException e) {
      return ToolResult.failure(ReviewCapabilities.COMMANDS_UNAVAILABLE, "The command list could not be read right now.", true);
    }
    List<String[]> lines = new ArrayList<>();
    int categories = 0;
    if (payload != null && !payload.isNull()) {
      if (!payload.isArray()) {
        return ToolResult.failure(ReviewCapabilities.COMMANDS_UNAVAILABLE, "The command list is not in the expected shape.", false);
      }
      for (JsonNode root : payload) {
        String name = root.path("name").asString("");
        if (name.isEmpty()) {
          continue;
        }
        categories++;
        expand("/" + name, root, lines);
      }
    }
    lines.sort((a, b) -> a[0].compareTo(b[0]));
    ObjectNode data = NODES.objectNode();
    ArrayNode list = data.putArray("commands");
    StringBuilder text = new StringBuilder();
    for (String[] l : lines) {
      list.addObject().put("command", l[0]).put("description", l[1]);
      text.append(l[0]).append(l[1].isEmpty() ? "" : " — " + l[1]).append('\n');
    }
    data.put("totalCommands", lines.size()).put("totalCategories", categories);
    text.append(lines.size()).append(" command(s) in ").append(categories).append(" categor").append(categories == 1 ? "y" : "ies");
    return ToolResult.success(data, text.toString());
  }

  /** Sub-command groups (type 2) hold sub-commands (type 1); a command without either is a leaf. */
  private static void expand(String path, JsonNode node, List<String[]> out) {
    boolean hasChildren = false;
    for (JsonNode option : node.path("options")) {
      int type = option.path("type").asInt(0);
      if (type == 1 || type == 2) {
        hasChildren = true;
        expand(path + " " + option.path("name").asString(""), option, out);
      }
    }
    if (!hasChildren) {
      out.add(new String[] {path, node.path("description").asString("")});
    }
  }

  static ToolResult settings(PreparedTurn turn, boolean admin, Function<TurnContext, Map<String, String>> adminDetails) {
    TurnContext ctx = turn.context();
    ObjectNode data = NODES.objectNode();
    ObjectNode features = data.putObject("features");
    StringBuilder text = new StringBuilder("Features:\n");
    new TreeMap<>(ctx.featureFlags()).forEach((k, v) -> {
      features.put(k, v);
      text.append("- ").append(k).append(": ").append(v ? "on" : "off").append('\n');
    });
    if (features.isEmpty()) {
      text.append("- none set\n");
    }
    ArrayNode hidden = data.putArray("unavailableTools");
    text.append("Unavailable tools:\n");
    for (HiddenTool h : turn.hidden()) {
      ObjectNode entry = hidden.addObject().put("name", h.name());
      ArrayNode reasons = entry.putArray("reasons");
      for (HiddenTool.Reason r : h.reasons()) {
        reasons.addObject().put("code", r.code()).put("message", r.message());
        text.append("- ").append(h.name()).append(": ").append(r.message()).append('\n');
      }
    }
    if (turn.hidden().isEmpty()) {
      text.append("- none\n");
    }
    if (admin) {
      ObjectNode details = data.putObject("administratorDetails");
      text.append("Administrator details:\n");
      Map<String, String> values;
      try {
        values = adminDetails.apply(ctx);
      } catch (RuntimeException e) {
        values = Map.of("error", "administrator details could not be read");
      }
      new TreeMap<>(values == null ? Map.<String, String>of() : values).forEach((k, v) -> {
        details.put(k, v);
        text.append("- ").append(k).append(": ").append(v).append('\n');
      });
    } else {
      data.put("redacted", true);
      text.append("Administrator details are shown only to members with the Manage Server permission.");
    }
    return ToolResult.success(data, text.toString().strip());
  }

  private static String join(ObjectNode caps) {
    List<String> parts = new ArrayList<>();
    caps.properties().forEach(e -> parts.add(e.getKey() + "=" + e.getValue().asString()));
    return String.join(", ", parts);
  }
}
