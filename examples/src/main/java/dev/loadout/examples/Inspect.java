package dev.loadout.examples;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.loadout.core.DeferralPolicy;
import dev.loadout.core.DeferredTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolCosts;
import dev.loadout.core.ToolSearch;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.availability.DeliberateSettings;
import dev.loadout.core.availability.DeliberateToolMode;
import dev.loadout.core.availability.ToolGroupsConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * {@code inspect}: for a turn described in a small YAML or JSON file, prints the tools the sample bot's
 * model would see, in order, and every hidden tool with each reason. Answers "why can't the bot do X
 * here?" without running a model.
 *
 * <pre>
 * mvn -q -Pinspect -pl examples -am package -DskipTests -Dinspect.file=examples/contexts/member.yaml
 * </pre>
 *
 * <p>The file's keys: {@code provider}, {@code model} (required); {@code capabilities} (map);
 * {@code guild}, {@code channel}, {@code thread}, {@code user}, {@code persona}; {@code permissions}
 * (list; leave it out for "unknown", which fails closed); {@code flags} (map of booleans);
 * {@code message}; {@code deliberate}
 * ({@code server: true|false}, {@code personal: on|off|follow}) for deliberate tool mode, which then reads
 * {@code message}; {@code tool_search} ({@code defer_groups}, {@code defer_tools}: lists) to see which tools tool
 * search would defer and why; {@code token_costs: true} for each visible tool's o200k tokens per dialect; and the bot
 * owner's {@code tool_groups} block, exactly as in the bot's config file.
 */
public final class Inspect {
  private Inspect() {}

  /** Runs the command: one argument, the file. Exit status 2 on a bad file. */
  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: inspect <context.yaml|context.json>");
      System.exit(2);
    }
    try {
      run(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8), System.out);
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("inspect: " + args[0] + ": " + e.getMessage());
      System.exit(2);
    }
  }

  /** Prints the report for one context file's text. */
  public static void run(String contextFile, PrintStream out) {
    JsonNode doc;
    try {
      doc = new YAMLMapper().readTree(contextFile);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("not valid YAML or JSON: " + e.getOriginalMessage());
    }
    if (doc == null || !doc.isObject()) {
      throw new IllegalArgumentException("the file must hold a mapping with at least provider and model");
    }
    TurnContext context = context(doc);
    ToolRegistry registry = SampleBot.registry();
    ToolGroupsConfig groups = ToolGroupsConfig.builder()
        .warningListener(w -> out.println("warning: " + w))
        .fromYaml(contextFile);
    groups.validate(registry);
    Loadout.Builder builder = Loadout.builder(registry).groupOrder(SampleBot.GROUP_ORDER);
    AvailabilityFilters.standard().forEach(builder::addFilter);
    builder.addFilter(AvailabilityFilters.toolGroups(groups));
    builder.addFilter(AvailabilityFilters.deliberateToolMode(DeliberateToolMode.defaults()));
    JsonNode search = doc.get("tool_search");
    if (search != null && search.isObject()) {
      builder.toolSearch(ToolSearch.builder(DeferralPolicy.builder().groups(strings(search.path("defer_groups")))
          .tools(strings(search.path("defer_tools"))).build()).build());
    }
    try (Loadout loadout = builder.build()) {
      PreparedTurn turn = loadout.prepare(context);
      print(turn, out);
      if (doc.path("token_costs").asBoolean(false)) {
        printCosts(turn, out);
      }
    }
  }

  private static TurnContext context(JsonNode doc) {
    TurnContext.Builder b = TurnContext.builder(text(doc, "provider"), text(doc, "model"));
    doc.path("capabilities").properties().forEach(e -> b.capability(e.getKey(), scalar(e.getValue())));
    b.guildId(optional(doc, "guild")).channelId(optional(doc, "channel")).threadId(optional(doc, "thread"))
        .userId(optional(doc, "user")).personaId(optional(doc, "persona")).messageText(optional(doc, "message"));
    if (doc.has("permissions") && !doc.get("permissions").isNull()) {
      Set<String> permissions = new LinkedHashSet<>();
      doc.get("permissions").forEach(p -> permissions.add(p.asString()));
      b.permissions(permissions);
    }
    doc.path("flags").properties().forEach(e -> b.flag(e.getKey(), e.getValue().asBoolean()));
    JsonNode deliberate = doc.get("deliberate");
    if (deliberate != null && deliberate.isObject()) {
      b.attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(deliberate.path("server").asBoolean(false))
          .withPersonal(DeliberateSettings.Personal.parse(optional(deliberate, "personal"))));
    }
    if (doc.has("environment")) {
      // A context file written for an older Loadout: say so rather than ignore a setting that meant something.
      throw new IllegalArgumentException("'environment' is not a turn setting: the network policy follows RUN_ENV");
    }
    return b.build();
  }

  /** Each visible tool's o200k tokens per dialect, and each render's total: an estimate of what providers bill. */
  private static void printCosts(PreparedTurn turn, PrintStream out) {
    Encoding o200k = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    java.util.List<ToolCosts> costs = new java.util.ArrayList<>();
    for (Dialect d : Dialect.values()) {
      costs.add(turn.toolCosts(d, o200k::countTokens));
    }
    out.println("Tool tokens (o200k; an estimate of what the provider bills), per dialect:");
    StringBuilder header = new StringBuilder("  tool");
    costs.forEach(c -> header.append(" | ").append(c.dialect().name().toLowerCase(java.util.Locale.ROOT)));
    out.println(header);
    for (int i = 0; i < costs.get(0).tools().size(); i++) {
      StringBuilder row = new StringBuilder("  " + costs.get(0).tools().get(i).name());
      for (ToolCosts c : costs) {
        row.append(" | ").append(i < c.tools().size() ? c.tools().get(i).tokens() : 0);
      }
      out.println(row);
    }
    StringBuilder total = new StringBuilder("  total");
    costs.forEach(c -> total.append(" | ").append(c.totalTokens()));
    out.println(total);
  }

  private static String[] strings(JsonNode list) {
    java.util.List<String> out = new java.util.ArrayList<>();
    list.forEach(n -> out.add(n.asString()));
    return out.toArray(new String[0]);
  }

  private static String text(JsonNode doc, String key) {
    String v = optional(doc, key);
    if (v == null) {
      throw new IllegalArgumentException("'" + key + "' is required");
    }
    return v;
  }

  private static String optional(JsonNode doc, String key) {
    JsonNode n = doc.get(key);
    return n == null || n.isNull() ? null : n.asString();
  }

  private static Object scalar(JsonNode n) {
    return n.isBoolean() ? (Object) n.asBoolean() : n.isNumber() ? (Object) n.numberValue() : n.asString();
  }

  private static void print(PreparedTurn turn, PrintStream out) {
    TurnContext c = turn.context();
    out.println("Turn: " + c.provider() + " / " + c.model() + ", guild " + c.guildId().orElse("-") + ", channel "
        + c.channelId().orElse("-") + c.threadId().map(t -> " (thread " + t + ")").orElse("") + ", permissions "
        + c.permissions().map(p -> p.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(p))).orElse("unknown"));
    out.println("The model sees " + turn.visible().size() + " tool(s), in this order:");
    for (int i = 0; i < turn.visible().size(); i++) {
      var spec = turn.visible().get(i);
      out.println("  " + (i + 1) + ". " + spec.name() + " (" + spec.group().orElse("core") + ")");
    }
    out.println("Hidden: " + turn.hidden().size());
    for (HiddenTool h : turn.hidden()) {
      for (HiddenTool.Reason r : h.reasons()) {
        out.println("  - " + h.name() + " [" + r.code() + "] " + r.message() + " (" + r.source() + ")");
      }
    }
    if (!turn.deferred().isEmpty()) {
      out.println("Deferred (found with " + ToolSearch.FUNCTION_NAME + "): " + turn.deferred().size());
      for (DeferredTool d : turn.deferred()) {
        HiddenTool.Reason r = d.reason();
        out.println("  - " + d.name() + " [" + r.code() + "] " + r.message() + " (" + r.source() + ")");
      }
      out.println("Stable prefix: " + turn.stableCount() + " tool(s), prompt_cache_key " + turn.promptCacheKey());
    }
    out.println("Fingerprint: " + turn.fingerprint());
  }

}
