package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How one tool may be invoked directly: one slash command, one JSON argument template, up to
 * {@value DirectCatalog#MAX_RULES_PER_TOOL} keyword rules, an optional replacement description, and a switch.
 *
 * <p>A config is a plain value; nothing is checked against the tool or the other tools until it is saved
 * into a {@link DirectCatalog}, which reports every problem at once with its field.
 *
 * @param toolName the tool's name in the registry; never blank
 * @param command the slash command without its slash, such as {@code search}; null for none
 * @param template the JSON argument template; null for the default template (see {@link ArgumentTemplate})
 * @param rules the keyword rules, in order; never null
 * @param description the replacement description: null keeps the tool's own, empty means no description
 * @param enabled whether the tool may be invoked directly
 * @param reviewedSchema the {@link CustomDescriptions#fingerprint parameters fingerprint} the config was saved
 *     against; null until saved. When the tool's schema changes, the config is disabled until reviewed.
 * @param disabledReason why Loadout disabled the config, such as a schema change; null when the host did
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DirectConfig(String toolName, String command, String template, List<KeywordRule> rules,
    String description, boolean enabled, String reviewedSchema, String disabledReason) {

  /** Checks the parts and copies the rules. */
  public DirectConfig {
    if (toolName == null || toolName.isBlank()) {
      throw new IllegalArgumentException("toolName must not be blank, but was " + toolName);
    }
    if (rules == null || rules.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("rules must be a list without nulls, but was " + rules);
    }
    rules = List.copyOf(rules);
    command = command == null || command.isBlank() ? null : command.strip();
    template = template == null || template.isBlank() ? null : template;
  }

  /** A builder for a tool's config: enabled, no command, no rules, default template, own description. */
  public static Builder builder(String toolName) {
    return new Builder(toolName);
  }

  /** A builder starting from this config. */
  public Builder toBuilder() {
    Builder b = new Builder(toolName);
    b.command = command;
    b.template = template;
    b.rules.addAll(rules);
    b.description = description;
    b.enabled = enabled;
    b.reviewedSchema = reviewedSchema;
    b.disabledReason = disabledReason;
    return b;
  }

  /** The slash command, without its slash. */
  public Optional<String> commandName() {
    return Optional.ofNullable(command);
  }

  /** The replacement description; empty keeps the tool's own. */
  public Optional<String> replacementDescription() {
    return Optional.ofNullable(description);
  }

  /** The same config switched off with a reason a host can show an operator. */
  public DirectConfig disabledBecause(String reason) {
    return new DirectConfig(toolName, command, template, rules, description, false, reviewedSchema, reason);
  }

  /**
   * Builds a {@link DirectConfig}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final String toolName;
    private String command;
    private String template;
    private final List<KeywordRule> rules = new ArrayList<>();
    private String description;
    private boolean enabled = true;
    private String reviewedSchema;
    private String disabledReason;

    private Builder(String toolName) {
      this.toolName = toolName;
    }

    /** The slash command, with or without its leading slash, such as {@code /search}. */
    public Builder command(String command) {
      this.command = command != null && command.startsWith("/") ? command.substring(1) : command;
      return this;
    }

    /** The JSON argument template; null for the default. */
    public Builder template(String template) {
      this.template = template;
      return this;
    }

    /** Adds a keyword rule. */
    public Builder rule(KeywordRule rule) {
      if (rule == null) {
        throw new IllegalArgumentException("rule must not be null");
      }
      rules.add(rule);
      return this;
    }

    /** Replaces the tool's description; empty for none, null to keep the tool's own. */
    public Builder description(String description) {
      this.description = description;
      return this;
    }

    /**
     * Whether the tool may be invoked directly. Enabling a config Loadout disabled (its schema changed) counts as
     * the review: the reason is cleared and the config is stamped with the tool's current schema when saved.
     */
    public Builder enabled(boolean enabled) {
      this.enabled = enabled;
      if (enabled && disabledReason != null) {
        disabledReason = null;
        reviewedSchema = null;
      }
      return this;
    }

    /** The config. */
    public DirectConfig build() {
      return new DirectConfig(toolName, command, template, rules, description, enabled, reviewedSchema, disabledReason);
    }
  }
}
