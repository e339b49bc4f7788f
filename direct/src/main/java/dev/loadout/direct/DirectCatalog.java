package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.google.re2j.Pattern;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.internal.regex.UserRegex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * The saved direct-invocation configs of every tool, checked together: the one place a config is validated, so
 * a catalog that exists is one the router can trust.
 *
 * <p><b>Checks on save</b>, each reported with the tool, field and value (see {@link DirectConfigException}):
 * a command is 1–32 letters, digits, {@code _} or {@code -}, and collides neither with the host's reserved
 * commands nor with another tool's (case ignored); at most {@value #MAX_RULES_PER_TOOL} rules per tool; each
 * regex within core's one user-regex policy, {@link UserRegex#KEYWORD_RULE} (≤ 160 characters, ≤ 9 groups, counted repetition ≤ 64, expansion
 * estimate ≤ 256); at most {@value #MAX_ENABLED_RULES} enabled rules across tools, of which at most
 * {@value #MAX_ENABLED_REGEX_RULES} regex; a template that parses, and whose {@code {{1}}}…{@code {{9}}}
 * only serve regex rules with enough groups; a tool without a template has a default one.
 *
 * <p><b>Re-discovery.</b> Each config remembers the fingerprint of the parameters schema it was saved against.
 * When a tool comes back with a different schema, its config is kept but disabled with a reason until the host
 * enables it again (which re-reviews it against the new schema).
 *
 * <p>Immutable and thread-safe; {@link #save} returns a new catalog.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectCatalog {
  /** Keyword rules one tool may have. */
  public static final int MAX_RULES_PER_TOOL = 4;
  /** Enabled keyword rules across all tools. */
  public static final int MAX_ENABLED_RULES = 24;
  /** Enabled regex rules across all tools. */
  public static final int MAX_ENABLED_REGEX_RULES = 8;

  /**
   * The version of the config plan this library reads and writes. A config client (a settings page, an admin
   * command) sends the plan version it knows with every save; one that knows an older plan would drop the
   * direct-invocation fields, so its save is refused by {@link #requirePlanVersion(int)}.
   */
  public static final int PLAN_VERSION = 1;

  private static final java.util.regex.Pattern COMMAND = java.util.regex.Pattern.compile("[\\p{L}\\p{N}_-]{1,32}");

  private final Set<String> reserved;
  private final Map<String, CompiledTool> tools;
  private final Map<String, CompiledTool> commands;
  private final List<String> restoreProblems;

  private DirectCatalog(Set<String> reserved, Map<String, CompiledTool> tools) {
    this(reserved, tools, List.of());
  }

  private DirectCatalog(Set<String> reserved, Map<String, CompiledTool> tools, List<String> restoreProblems) {
    this.reserved = reserved;
    this.tools = tools;
    this.restoreProblems = restoreProblems;
    Map<String, CompiledTool> byCommand = new LinkedHashMap<>();
    for (CompiledTool t : tools.values()) {
      if (t.config().enabled() && t.config().command() != null) {
        byCommand.put(t.config().command().toLowerCase(Locale.ROOT), t);
      }
    }
    this.commands = byCommand;
  }

  /**
   * Refuses a save from a client that knows another config plan.
   *
   * @throws DirectConfigException naming both versions, unless {@code clientPlanVersion} is {@link #PLAN_VERSION}
   */
  public static void requirePlanVersion(int clientPlanVersion) {
    if (clientPlanVersion != PLAN_VERSION) {
      throw new DirectConfigException(List.of("config plan version must be " + PLAN_VERSION + ", but the client sent "
          + clientPlanVersion + "; a client that does not know this plan would drop custom tool configs"));
    }
  }

  /** An empty catalog that refuses these host command names (with or without a slash; case ignored). */
  public static DirectCatalog empty(Collection<String> reservedCommands) {
    Set<String> r = new TreeSet<>();
    for (String c : reservedCommands) {
      if (c == null || c.isBlank()) {
        throw new IllegalArgumentException("reserved commands must not be blank, but were " + reservedCommands);
      }
      r.add(normalize(c));
    }
    return new DirectCatalog(Collections.unmodifiableSet(r), Map.of());
  }

  private static String normalize(String command) {
    String c = command.strip();
    return (c.startsWith("/") ? c.substring(1) : c).toLowerCase(Locale.ROOT);
  }

  /**
   * This catalog with one tool's config saved (replacing its previous config).
   *
   * @param spec the tool as the registry has it now; its name must be the config's tool name
   * @param config the config to save
   * @return the new catalog; this one is unchanged
   * @throws DirectConfigException listing every problem, if the config cannot be saved
   */
  public DirectCatalog save(ToolSpec spec, DirectConfig config) {
    if (spec == null || config == null) {
      throw new IllegalArgumentException("save needs a spec and a config, but got " + spec + ", " + config);
    }
    if (!spec.name().equals(config.toolName())) {
      throw new IllegalArgumentException("config is for tool [" + config.toolName() + "], but the spec is [" + spec.name() + "]");
    }
    Map<String, ToolSpec> specs = new LinkedHashMap<>();
    Map<String, DirectConfig> configs = new LinkedHashMap<>();
    tools.values().forEach(t -> {
      specs.put(t.spec().name(), t.spec());
      configs.put(t.spec().name(), t.config());
    });
    specs.put(spec.name(), spec);
    configs.put(spec.name(), config);
    return build(specs, configs, spec.name());
  }

  /** This catalog without the tool's config. */
  public DirectCatalog remove(String toolName) {
    Map<String, CompiledTool> copy = new LinkedHashMap<>(tools);
    copy.remove(toolName);
    return new DirectCatalog(reserved, Collections.unmodifiableMap(copy));
  }

  private DirectCatalog build(Map<String, ToolSpec> specs, Map<String, DirectConfig> configs, String saving) {
    List<String> problems = new ArrayList<>();
    Map<String, CompiledTool> out = new LinkedHashMap<>();
    // The other tools keep the commands they hold, so when two enabled tools claim one, the tool being saved is
    // refused, wherever it stands in save order.
    Map<String, String> commandOwners = new LinkedHashMap<>();
    commands.forEach((c, t) -> {
      if (!t.spec().name().equals(saving)) {
        commandOwners.put(c, t.spec().name());
      }
    });
    int enabledRules = 0;
    int enabledRegex = 0;
    for (Map.Entry<String, DirectConfig> e : configs.entrySet()) {
      ToolSpec spec = specs.get(e.getKey());
      DirectConfig config = reviewed(spec, e.getValue());
      String tool = spec.name();
      List<String> own = new ArrayList<>();
      if (config.command() != null) {
        String c = config.command().toLowerCase(Locale.ROOT);
        if (!COMMAND.matcher(config.command()).matches()) {
          own.add("command must be 1–32 letters, digits, '_' or '-', but was [" + config.command() + "]");
        } else if (!config.enabled()) {
          // A disabled config routes nothing, so it may keep a command that collides; enabling it re-checks. This
          // is what lets restore() keep a config whose command a new host command took, disabled, not lost.
        } else if (reserved.contains(c)) {
          own.add("command [/" + config.command() + "] collides with the host's command [/" + c + "]");
        } else if (commandOwners.containsKey(c) && !commandOwners.get(c).equals(tool)) {
          own.add("command [/" + config.command() + "] is already used by tool [" + commandOwners.get(c) + "]");
        } else {
          commandOwners.put(c, tool);
        }
      }
      if (config.rules().size() > MAX_RULES_PER_TOOL) {
        own.add("rules must be at most " + MAX_RULES_PER_TOOL + ", but were " + config.rules().size());
      }
      List<CompiledRule> rules = new ArrayList<>();
      for (int i = 0; i < config.rules().size(); i++) {
        KeywordRule r = config.rules().get(i);
        List<String> ruleProblems = new ArrayList<>();
        Pattern regex = null;
        if (r.kind() == KeywordRule.Kind.REGEX) {
          UserRegex.Checked checked = UserRegex.check(r.pattern(), UserRegex.KEYWORD_RULE, 0);
          regex = checked.pattern();
          ruleProblems.addAll(checked.problems());
        } else if (UserRegex.lengthProblem(r.pattern(), UserRegex.KEYWORD_RULE) != null) {
          ruleProblems.add(UserRegex.lengthProblem(r.pattern(), UserRegex.KEYWORD_RULE));
        } else if (!r.pattern().equals(r.pattern().strip())) {
          ruleProblems.add("must not start or end with a space, but was [" + r.pattern() + "]");
        }
        for (String p : ruleProblems) {
          own.add("rules[" + i + "].pattern " + p);
        }
        rules.add(new CompiledRule(r, i, regex));
        if (config.enabled() && r.enabled()) {
          enabledRules++;
          enabledRegex += r.kind() == KeywordRule.Kind.REGEX ? 1 : 0;
        }
      }
      ArgumentTemplate template = template(spec, config, rules, own);
      own.forEach(p -> problems.add(tool + ": " + p));
      // A ToolSpec's schema compiled when it was built, so every saved tool can be checked.
      out.put(tool, new CompiledTool(spec, config, template, List.copyOf(rules)));
    }
    if (enabledRules > MAX_ENABLED_RULES) {
      problems.add("enabled keyword rules must be at most " + MAX_ENABLED_RULES + " across all tools, but were " + enabledRules);
    }
    if (enabledRegex > MAX_ENABLED_REGEX_RULES) {
      problems.add("enabled regex rules must be at most " + MAX_ENABLED_REGEX_RULES + " across all tools, but were "
          + enabledRegex);
    }
    if (!problems.isEmpty()) {
      throw new DirectConfigException(problems);
    }
    return new DirectCatalog(reserved, Collections.unmodifiableMap(out));
  }

  /** The config as it may run against this spec: stamped on first save, disabled when the schema changed. */
  private static DirectConfig reviewed(ToolSpec spec, DirectConfig config) {
    String now = CustomDescriptions.fingerprint(spec.parameters());
    if (config.reviewedSchema() == null) {
      return new DirectConfig(config.toolName(), config.command(), config.template(), config.rules(),
          config.description(), config.enabled(), now, config.disabledReason());
    }
    if (!config.reviewedSchema().equals(now) && config.enabled()) {
      return config.disabledBecause("the parameters schema of tool [" + spec.name()
          + "] changed since this config was saved; review it and enable it again");
    }
    return config;
  }

  private static ArgumentTemplate template(ToolSpec spec, DirectConfig config, List<CompiledRule> rules, List<String> own) {
    ArgumentTemplate template;
    if (config.template() != null) {
      List<String> templateProblems = new ArrayList<>();
      template = ArgumentTemplate.parse(config.template(), templateProblems);
      templateProblems.forEach(p -> own.add("template " + p));
    } else {
      template = ArgumentTemplate.defaultFor(spec.parameters()).orElse(null);
      if (template == null && config.enabled() && (config.command() != null || !config.rules().isEmpty())) {
        own.add("template is required: tool [" + spec.name() + "] has no default template, because its schema does not "
            + "have exactly one required string property");
      }
    }
    if (template == null || template.maxGroup() == 0) {
      return template;
    }
    int needed = template.maxGroup();
    if (config.command() != null) {
      own.add("template uses {{" + needed + "}}, which only regex rules supply, but the tool has the command [/"
          + config.command() + "]; use {{input}} to share one template");
    }
    for (CompiledRule r : rules) {
      if (r.rule.kind() == KeywordRule.Kind.PREFIX) {
        own.add("template uses {{" + needed + "}}, which only regex rules supply, but rules[" + r.index
            + "] is a prefix rule; use {{input}} to share one template");
      } else {
        int groups = r.groupCount();
        if (groups >= 0 && groups < needed) {
          own.add("template uses {{" + needed + "}}, but rules[" + r.index + "] has " + groups + " capture groups");
        }
      }
    }
    return template;
  }

  /**
   * The catalog of the configs a host stored (see {@link DirectConfigStore}), against the tools present now.
   * Each config is saved in turn, in order, and none is lost:
   *
   * <ul>
   *   <li>a config whose tool is absent now is skipped: it is not in the catalog, but stays in the store and
   *       comes back when the tool does (so never write {@link #configs()} back over the stored list);
   *   <li>a config whose tool's parameters schema changed comes back disabled with a reason, as on
   *       {@link #rediscovered};
   *   <li>a config that no longer saves (its command now collides with a host command, the enabled-rule limit is
   *       reached, …) comes back disabled with the problems as its reason, or is skipped if even disabled it
   *       does not save (a pattern over the limits, a malformed template).
   * </ul>
   *
   * Each config skipped or disabled here is reported in {@link #restoreProblems()}.
   *
   * @param reservedCommands the host's own command names, as for {@link #empty}
   * @param saved the stored configs, in save order
   * @param currentSpec the tool of a name as the registry has it now, or null when the tool is absent
   * @return the catalog; it never throws {@link DirectConfigException}
   */
  public static DirectCatalog restore(Collection<String> reservedCommands, List<DirectConfig> saved,
      Function<String, ToolSpec> currentSpec) {
    if (saved == null || saved.stream().anyMatch(java.util.Objects::isNull) || currentSpec == null) {
      throw new IllegalArgumentException("restore needs the saved configs (without nulls) and a spec lookup, but got " + saved + ", "
          + currentSpec);
    }
    DirectCatalog catalog = empty(reservedCommands);
    List<String> problems = new ArrayList<>();
    for (DirectConfig config : saved) {
      ToolSpec spec = currentSpec.apply(config.toolName());
      if (spec == null) {
        problems.add(config.toolName() + ": skipped, the tool is not present now; its config stays stored");
        continue;
      }
      try {
        catalog = catalog.save(spec, config);
        DirectConfig restored = catalog.config(spec.name()).orElseThrow();
        if (config.enabled() && !restored.enabled()) {
          problems.add(spec.name() + ": disabled, " + restored.disabledReason());
        }
      } catch (DirectConfigException refused) {
        DirectConfigException last = refused;
        if (config.enabled()) {
          String reason = "it no longer saves: " + String.join("; ", refused.problems());
          try {
            catalog = catalog.save(spec, config.disabledBecause(reason));
            problems.add(spec.name() + ": disabled, " + reason);
            continue;
          } catch (DirectConfigException stillRefused) {
            last = stillRefused;
          }
        }
        problems.add(spec.name() + ": skipped, it does not save even disabled: " + String.join("; ", last.problems())
            + "; its config stays stored");
      }
    }
    return new DirectCatalog(catalog.reserved, catalog.tools, List.copyOf(problems));
  }

  /**
   * What {@link #restore} skipped or disabled, one line per config naming the tool and why, for the host to show
   * an operator; empty for a catalog made any other way (each {@link #save} starts a new catalog).
   */
  public List<String> restoreProblems() {
    return restoreProblems;
  }

  /**
   * This catalog after the tool was discovered again: its config is disabled with a reason if the parameters
   * schema changed, and kept as is otherwise. A tool without a config is ignored.
   */
  public DirectCatalog rediscovered(ToolSpec spec) {
    return tools.containsKey(spec.name()) ? save(spec, tools.get(spec.name()).config()) : this;
  }

  /** The saved config of a tool, as saved (stamped with its schema fingerprint, possibly disabled). */
  public Optional<DirectConfig> config(String toolName) {
    CompiledTool t = tools.get(toolName);
    return t == null ? Optional.empty() : Optional.of(t.config());
  }

  /** Every saved config, in save order. */
  public List<DirectConfig> configs() {
    List<DirectConfig> out = new ArrayList<>();
    tools.values().forEach(t -> out.add(t.config()));
    return Collections.unmodifiableList(out);
  }

  /** The host's reserved command names, lower case, without slashes. */
  public Set<String> reservedCommands() {
    return reserved;
  }

  /** The enabled tool a slash command names (case ignored), else null. */
  CompiledTool byCommand(String command) {
    return commands.get(command.toLowerCase(Locale.ROOT));
  }

  Collection<CompiledTool> tools() {
    return tools.values();
  }

  @Override
  public String toString() {
    return "DirectCatalog{tools=" + tools.keySet() + ", commands=" + commands.keySet() + "}";
  }
}
