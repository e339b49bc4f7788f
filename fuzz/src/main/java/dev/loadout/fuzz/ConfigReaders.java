package dev.loadout.fuzz;

import dev.loadout.core.FixtureTools;
import dev.loadout.core.JsonLimits;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.availability.DeliberateToolMode;
import dev.loadout.core.availability.ToolGroupsConfig;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.KeywordRule;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.McpSettings;
import dev.loadout.mcp.ServerType;
import dev.loadout.tools.image.GenerateImageTool;
import dev.loadout.tools.image.ReferenceLimits;
import dev.loadout.tools.web.FetchUrlConfig;
import dev.loadout.tools.web.search.WebSearchTool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Every config reader with random input. Each either reads a value or refuses with an
 * {@link IllegalArgumentException} (the documented type, {@code DirectConfigException} included);
 * {@link ToolGroupsConfig#fromMap} never throws for any content.
 */
final class ConfigReaders {
  private static final List<ToolSpec> SPECS = FixtureTools.all();
  private static final String[] PATTERNS = {"^find (.+)$", "(unclosed", "(?=a)b", "a{65}", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)",
      "\\p{Greek}+", "", " x ", "[", "(?i)weather in (\\w+)", "x".repeat(200), "\u0000", "((((((((((a))))))))))"};
  private static final String[] TEMPLATES = {null, "{\"q\":\"{{input}}\"}", "{\"term\":\"{{1}}\"}", "{\"term\":\"{{9}}\"}",
      "[1]", "{", "{\"{{input}}\":1}", "{\"n\":\"{{number:input}}\"}", "{\"x\":\"{{query}}\"}", "\"text\""};

  private ConfigReaders() {}

  static void readOne(Random r, Outcomes out) {
    int which = r.nextInt(13);
    String name = "reader " + which;
    try {
      switch (which) {
        case 0:
          name = "ToolGroupsConfig.fromMap";
          ToolGroupsConfig.fromMap(Inputs.toolGroups(r));
          return; // never throws for content: no catch of IllegalArgumentException here
        case 1:
          name = "ToolGroupsConfig.fromYaml";
          readsOrExplains(() -> ToolGroupsConfig.fromYaml(yaml(r)));
          return;
        case 2:
          name = "NetworkPolicy.fromEnvironment";
          readsOrExplains(() -> NetworkPolicy.fromEnvironment(Inputs.environment(r)));
          return;
        case 3:
          name = "McpSettings.fromEnvironment";
          readsOrExplains(() -> McpSettings.fromEnvironment(Inputs.environment(r)));
          return;
        case 4:
          name = "FetchUrlConfig.fromEnvironment";
          readsOrExplains(() -> FetchUrlConfig.fromEnvironment(Inputs.environment(r)));
          return;
        case 5:
          name = "WebSearchTool.fromEnvironment";
          readsOrExplains(() -> WebSearchTool.fromEnvironment(Inputs.environment(r)).build().close());
          return;
        case 6:
          name = "ReferenceLimits.fromEnvironment";
          readsOrExplains(() -> ReferenceLimits.fromEnvironment(Inputs.environment(r)));
          return;
        case 7:
          name = "DeliberateToolMode.fromEnvironment";
          readsOrExplains(() -> DeliberateToolMode.fromEnvironment(Inputs.environment(r)));
          return;
        case 8:
          name = "GenerateImageTool.timeoutFromEnvironment";
          readsOrExplains(() -> GenerateImageTool.builder(NoImages.INSTANCE).timeoutFromEnvironment(Inputs.environment(r)));
          return;
        case 9:
          name = "McpRegistration.draft";
          readsOrExplains(() -> McpRegistration.draft(Inputs.part(r), Inputs.part(r), Inputs.part(r), Inputs.part(r),
              r.nextInt(4) == 0 ? null : ServerType.values()[r.nextInt(ServerType.values().length)],
              r.nextBoolean() ? null : Arrays.asList("a", Inputs.part(r))));
          return;
        case 10:
          name = "DirectCatalog.save";
          ToolSpec spec = SPECS.get(r.nextInt(SPECS.size()));
          readsOrExplains(() -> DirectCatalog.empty(List.of("/help")).save(spec, directConfig(spec.name(), r)));
          return;
        case 11:
          name = "DirectCatalog.restore";
          List<DirectConfig> saved = new ArrayList<>();
          for (int i = 0; i < 1 + r.nextInt(3); i++) {
            try {
              saved.add(directConfig(SPECS.get(r.nextInt(SPECS.size())).name(), r));
            } catch (IllegalArgumentException refusedByTheBuilder) {
              // a builder refusing a part is the documented outcome; try the next
            }
          }
          readsOrExplains(() -> DirectCatalog.restore(List.of("/help"), saved,
              n -> SPECS.stream().filter(s -> s.name().equals(n)).findFirst().orElse(null)));
          return;
        default:
          name = "JsonLimits and ToolSpec.builder";
          readsOrExplains(() -> new JsonLimits(r.nextInt(300) - 5, r.nextInt(), r.nextInt(), r.nextInt()));
          readsOrExplains(() -> ToolSpec.builder(Inputs.word(r, 1 + r.nextInt(70)), schemaText(r)).build());
      }
    } catch (IllegalArgumentException e) {
      if (which == 0) {
        out.breach("config_crash", name + " threw " + e);
      }
    } catch (Throwable t) {
      out.breach("config_crash", name + " threw " + t);
    }
  }

  /** Runs a reader; the documented refusal is fine, anything else propagates to the caller's breach. */
  private static void readsOrExplains(ThrowingRunnable reader) throws Exception {
    try {
      reader.run();
    } catch (IllegalArgumentException documented) {
      // explains the bad value; that is the contract
    }
  }

  @FunctionalInterface
  private interface ThrowingRunnable {
    void run() throws Exception;
  }

  private static DirectConfig directConfig(String tool, Random r) {
    DirectConfig.Builder b = DirectConfig.builder(tool);
    if (r.nextBoolean()) {
      b.command(List.of("look", "/look", "help", "x y", "ä", "", "a".repeat(40)).get(r.nextInt(7)));
    }
    String template = TEMPLATES[r.nextInt(TEMPLATES.length)];
    if (template != null) {
      b.template(template);
    }
    for (int i = 0; i < r.nextInt(4); i++) {
      String p = PATTERNS[r.nextInt(PATTERNS.length)];
      b.rule(r.nextBoolean() ? KeywordRule.regex(p) : KeywordRule.prefix(p));
    }
    return b.enabled(r.nextInt(4) != 0).build();
  }

  private static String yaml(Random r) {
    return List.of("", "tool_groups:\n  games:\n    channels: [1, 2]\n", "tool_groups: &a\n  games: *a\n",
        "tool_groups:\n  games: {enabled: maybe}\n", "- just\n- a list\n", "key: [unclosed\n", "a: 1\n---\nb: 2\n",
        "tool_groups:\n" + "  x:\n".repeat(200), "\t\u0000").get(r.nextInt(9));
  }

  private static String schemaText(Random r) {
    int depth = List.of(1, 10, 100, 1_000, 3_000).get(r.nextInt(5));
    return List.of("{\"type\":\"object\"}", "{\"type\":\"array\"}", "[]", "{", "{\"type\":\"object\",\"properties\":"
        + "{\"a\":{\"type\":\"object\",\"properties\":".repeat(depth) + "{}" + "}}".repeat(depth) + "}",
        "{\"$ref\":\"#\"}", "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"http://169.254.169.254/\"}}}",
        "{\"type\":\"object\",\"pattern\":\"(\"}").get(r.nextInt(8));
  }

  /** A backend for readers that need one and never generate. */
  private enum NoImages implements dev.loadout.tools.image.ImageBackend {
    INSTANCE;

    @Override
    public String label() {
      return "none";
    }

    @Override
    public dev.loadout.tools.image.ImageCapabilities capabilities() {
      return dev.loadout.tools.image.ImageCapabilities.of(false, dev.loadout.tools.image.ImageMode.TEXT_TO_IMAGE);
    }

    @Override
    public List<dev.loadout.core.ToolMedia> generate(dev.loadout.tools.image.ImageRequest request) {
      return List.of();
    }
  }

  static Map<String, String> none() {
    return Map.of();
  }
}
