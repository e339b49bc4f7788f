package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolRegistry;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The bot owner's limits on tool groups: which groups are offered in which channels. Apply it with
 * {@link AvailabilityFilters#toolGroups(ToolGroupsConfig)}.
 *
 * <p>A tool names a group in its spec ({@link dev.loadout.core.ToolSpec#group()}); a tool without one is
 * a core tool and is never limited. Every other group is offered in every channel unless the owner's
 * configuration (usually {@code llm.yaml}) limits it:
 *
 * <pre>{@code
 * tool_groups:
 *   games:
 *     channels: [123456789012345678]   # only here (a thread follows its parent channel)
 *   music:
 *     exclude_channels: [234567890123456789]
 *   fun:
 *     enabled: false                   # nowhere
 * }</pre>
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li>{@code channels}: the group is offered only in these channels. A thread follows its parent: the
 *       filter compares {@link dev.loadout.core.TurnContext#channelId()} (a thread's parent) and never the
 *       thread id. An empty {@code channels: []} means no limit.
 *   <li>{@code exclude_channels}: the group is never offered in these channels; it wins over
 *       {@code channels}.
 *   <li>{@code enabled}: {@code false} turns the group off everywhere. Accepts true/false, yes/no,
 *       on/off and 1/0, in any case.
 *   <li>{@code channels} and {@code exclude_channels} take a list of ids or a single id. An id is a YAML
 *       integer or a string; integers are read exactly however long (Discord ids have 18 or 19 digits),
 *       and floating-point numbers are refused because they have already lost digits. By default an id
 *       is an optionally negative decimal number ({@link #NUMERIC_CHANNEL_ID}: Discord, Telegram, QQ);
 *       hosts with other ids set {@link Builder#channelIdPattern(Pattern)}.
 *   <li>Group names and setting names ignore case and surrounding spaces.
 *   <li>When the turn names no channel, a group limited by {@code channels} is hidden (fail closed) and
 *       {@code exclude_channels} cannot exclude anything.
 * </ul>
 *
 * <h2>Bad content</h2>
 * The configuration is the owner's, not code's, so bad content never throws. Each distinct problem is
 * logged once as a WARN through SLF4J (logger {@code dev.loadout.core.availability.ToolGroupsConfig})
 * and passed to the {@linkplain Builder#warningListener(Consumer) warning listener}:
 * <ul>
 *   <li>Settings that cannot be read (a group that is not a mapping or is empty, {@code enabled: maybe},
 *       {@code channels: abc}, an empty {@code channels:}, an unknown setting such as {@code channel:},
 *       one group named twice as {@code Games} and {@code games}) turn that group <em>off</em>, since the
 *       owner meant to limit it. One warning per group lists every problem.
 *   <li>A {@code tool_groups} value that is not a mapping (or a document that is not a mapping) is
 *       ignored: no limits apply.
 *   <li>An absent or empty {@code tool_groups} means no limits, without a warning.
 *   <li>A group name that no registered tool uses is most likely a typo. The configuration cannot see the
 *       registry by itself, so the host calls {@link #validate(ToolRegistry)} (or
 *       {@link #validate(Collection)}) after building its registry; each unknown name is warned about once
 *       per configuration, however often it is called.
 * </ul>
 * Only YAML text that is not YAML at all is refused with an {@link IllegalArgumentException}: there is
 * no configuration to apply, and the host should not start with a half-read file. Its message names the
 * parser's problem and the line, never the text of the document. Warnings echo at most 40 characters of
 * a bad value.
 *
 * <p>Immutable and thread-safe; one object may serve many {@link dev.loadout.core.Loadout}s. Warnings are
 * remembered per configuration object, so a reloaded file warns again about its own problems.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolGroupsConfig {
  /** The default channel id shape: an optionally negative decimal integer of at most 20 digits. */
  public static final Pattern NUMERIC_CHANNEL_ID = Pattern.compile("-?[0-9]{1,20}");

  private static final ToolGroupsConfig NONE = new ToolGroupsConfig(Map.of(), new ToolGroupWarnings(null));

  private final Map<String, ToolGroupRule> rules;
  final ToolGroupWarnings warnings;

  private ToolGroupsConfig(Map<String, ToolGroupRule> rules, ToolGroupWarnings warnings) {
    this.rules = Collections.unmodifiableMap(new LinkedHashMap<>(rules));
    this.warnings = warnings;
  }

  /** No limits: every group is offered everywhere. */
  public static ToolGroupsConfig none() {
    return NONE;
  }

  /**
   * Reads the groups from an already parsed configuration, as {@code builder().fromMap(config)} does.
   *
   * @param config the whole configuration mapping, whose {@code tool_groups} entry holds the groups (not
   *     the groups mapping itself); never null
   */
  public static ToolGroupsConfig fromMap(Map<String, ?> config) {
    return builder().fromMap(config);
  }

  /**
   * Parses the groups from YAML text, as {@code builder().fromYaml(yaml)} does.
   *
   * @param yaml the configuration document, whose {@code tool_groups} entry holds the groups; never null
   * @throws IllegalArgumentException if the text is not YAML at all
   */
  public static ToolGroupsConfig fromYaml(String yaml) {
    return builder().fromYaml(yaml);
  }

  /** Starts a configuration with a warning listener or a channel id shape of its own. */
  public static Builder builder() {
    return new Builder();
  }

  /** The rule for a group (name compared ignoring case and surrounding spaces), if the owner wrote one. */
  public Optional<ToolGroupRule> rule(String group) {
    return group == null ? Optional.empty() : Optional.ofNullable(rules.get(ToolGroupReader.normalize(group)));
  }

  /** Every configured group's rule by normalized name, in configuration order; immutable. */
  public Map<String, ToolGroupRule> rules() {
    return rules;
  }

  /**
   * Warns once about each configured group that no tool in the registry belongs to (most likely a typo).
   * Call it after building the registry; calling it again, for instance after external tools change,
   * warns only about names not warned before. Unknown groups are still applied, in case their tools
   * arrive later.
   *
   * @param registry the bot's tools; never null
   * @return the configured group names no tool uses, sorted; immutable, potentially empty
   */
  public Set<String> validate(ToolRegistry registry) {
    if (registry == null) {
      throw new IllegalArgumentException("registry must not be null");
    }
    Set<String> known = new TreeSet<>();
    for (BaseTool tool : registry.tools()) {
      tool.spec().group().ifPresent(known::add);
    }
    return validate(known);
  }

  /**
   * Warns once about each configured group that is not among the known groups (names compared ignoring
   * case and surrounding spaces); see {@link #validate(ToolRegistry)}.
   *
   * @param knownGroups the groups tools use; never null, no null elements
   * @return the configured group names that are not known, sorted; immutable, potentially empty
   */
  public Set<String> validate(Collection<String> knownGroups) {
    if (knownGroups == null || knownGroups.stream().anyMatch(g -> g == null)) {
      throw new IllegalArgumentException("known groups must be a collection without nulls, but was " + knownGroups);
    }
    Set<String> known = new TreeSet<>();
    knownGroups.forEach(g -> known.add(ToolGroupReader.normalize(g)));
    Set<String> unknown = new TreeSet<>(rules.keySet());
    unknown.removeAll(known);
    for (String group : unknown) {
      warnings.warn("unknown group " + group, ToolGroupReader.TOOL_GROUPS + " names group [" + group
          + "], which no tool uses (known groups: "
          + known + "); check the spelling");
    }
    return Collections.unmodifiableSet(unknown);
  }

  /** The rule for an already normalized group name, or null; the filter's hot path. */
  ToolGroupRule ruleFor(String normalizedGroup) {
    return rules.get(normalizedGroup);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ToolGroupsConfig && ((ToolGroupsConfig) o).rules.equals(rules);
  }

  @Override
  public int hashCode() {
    return rules.hashCode();
  }

  @Override
  public String toString() {
    return "ToolGroupsConfig" + rules.values();
  }

  /**
   * Reads a {@link ToolGroupsConfig} with a warning listener or a channel id shape of its own. Setters
   * reject a bad value at once; the terminal {@code fromMap} and {@code fromYaml} read the owner's
   * content leniently, as the class documentation describes.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private Consumer<String> warningListener;
    private Pattern channelIdPattern = NUMERIC_CHANNEL_ID;

    private Builder() {}

    /**
     * Also hands each warning sentence to this listener, after logging it; useful to show configuration
     * problems in a bot's own admin view, and in tests. Called on the thread that reads or validates,
     * once per distinct problem. It must be fast; an exception it throws is logged and ignored.
     */
    public Builder warningListener(Consumer<String> listener) {
      if (listener == null) {
        throw new IllegalArgumentException("warning listener must not be null");
      }
      this.warningListener = listener;
      return this;
    }

    /**
     * Sets the shape of a channel id, matched against the whole id (as text, after trimming; an integer
     * as its decimal digits). The default is {@link #NUMERIC_CHANNEL_ID}; a Matrix host might use
     * {@code ![A-Za-z0-9]+:[A-Za-z0-9.-]+}. An id of another shape makes its group's settings unreadable.
     */
    public Builder channelIdPattern(Pattern pattern) {
      if (pattern == null) {
        throw new IllegalArgumentException("channel id pattern must not be null");
      }
      this.channelIdPattern = pattern;
      return this;
    }

    /**
     * Reads the groups from an already parsed configuration mapping (from a host's own YAML, JSON or
     * properties reader). Ids may be any Java integer type or strings.
     *
     * @param config the whole configuration, whose {@code tool_groups} entry holds the groups; never null
     */
    public ToolGroupsConfig fromMap(Map<String, ?> config) {
      if (config == null) {
        throw new IllegalArgumentException("config must be a mapping, but was null; use ToolGroupsConfig.none() for no limits");
      }
      return read(config);
    }

    /**
     * Parses the groups from YAML text; an empty document means no limits. Only the first document
     * counts and a second one is refused; aliases ({@code *ids}) are not expanded, so a setting given as
     * an alias cannot be read and turns its group off.
     *
     * @param yaml the configuration document, whose {@code tool_groups} entry holds the groups; never null
     * @throws IllegalArgumentException if the text is not YAML at all, naming the problem and its line
     */
    public ToolGroupsConfig fromYaml(String yaml) {
      if (yaml == null) {
        throw new IllegalArgumentException("yaml must not be null; use ToolGroupsConfig.none() for no limits");
      }
      return read(ToolGroupReader.yamlToJava(yaml));
    }

    private ToolGroupsConfig read(Object document) {
      ToolGroupWarnings warnings = new ToolGroupWarnings(warningListener);
      String shape = channelIdPattern == NUMERIC_CHANNEL_ID ? "a numeric channel id (digits, such as 123456789012345678)"
          : "a channel id matching [" + channelIdPattern.pattern() + "]";
      Map<String, ToolGroupRule> rules = new ToolGroupReader(channelIdPattern, shape, warnings).readDocument(document);
      return new ToolGroupsConfig(rules, warnings);
    }
  }
}
