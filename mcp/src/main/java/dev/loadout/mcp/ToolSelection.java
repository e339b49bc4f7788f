package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Which tools of one MCP server the model sees, and under which names: an optional allowlist and denylist of
 * tool-name globs, and an optional model-name prefix. Immutable; {@link #ALL} offers every tool under its own
 * name.
 *
 * <p><b>Which tools.</b> A tool is offered when the allowlist is empty or one of its patterns matches the tool's
 * name, and no denylist pattern matches it: the denylist wins. Patterns are matched against the MCP name the
 * server lists (not the model name, and before any prefix), exact case. {@link #decide} says which pattern
 * decided, in a sentence for diagnostics.
 *
 * <p><b>Patterns.</b> {@code *} matches any run of characters, including none; every other character matches
 * itself. A pattern is 1 to {@value #MAX_PATTERN_CHARS} characters of the MCP tool-name alphabet (ASCII letters,
 * digits, {@code _ - . /}) and {@code *}; a list holds at most {@value #MAX_PATTERNS} patterns, each once.
 * Matching never backtracks, so no pattern can make it slow.
 *
 * <p><b>Prefix.</b> When set, a tool's model name is the prefix followed by its provider-safe name
 * ({@link #modelName}), still at most 64 characters of {@code [a-zA-Z0-9_-]}: so two servers that both offer
 * {@code search} can both be kept, as {@code github_search} and {@code jira_search}. The prefix is used as given,
 * so include the separator. It matches {@code ^[a-zA-Z][a-zA-Z0-9_-]{0,23}$}: it starts with a letter because
 * some providers refuse function names that start with a digit, and at most {@value #MAX_PREFIX_CHARS}
 * characters leave 40 for the tool's own name.
 *
 * <p>Every rule is checked when the value is built; a broken one is an {@link IllegalArgumentException} whose
 * message names the list, the pattern and the rule, such as
 * {@code allowlist pattern [read file] may contain only ASCII letters, digits, '_', '-', '.', '/' and '*', but
 * character 5 is ' '}. For example:
 *
 * <pre>{@code
 * ToolSelection s = ToolSelection.builder().allow("read_*", "list_*").deny("*_secret").prefix("files_").build();
 * s.decide("read_file").offered();     // true; its model name is "files_read_file"
 * s.decide("read_secret").reason();    // "[read_secret] matches the denylist pattern [*_secret]"
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolSelection {
  /** Most patterns in one list. */
  public static final int MAX_PATTERNS = 50;
  /** Most characters in one pattern (the MCP limit on a tool name). */
  public static final int MAX_PATTERN_CHARS = 128;
  /** Most characters in a prefix. */
  public static final int MAX_PREFIX_CHARS = 24;
  /** Decision code: a denylist pattern matches the tool. */
  public static final String TOOL_DENIED = "tool_denied";
  /** Decision code: the allowlist is set and none of its patterns matches the tool. */
  public static final String TOOL_NOT_ALLOWED = "tool_not_allowed";
  /** Decision code: the stored selection could not be read, so every tool is hidden (see {@link #unreadable()}). */
  public static final String SELECTION_UNREADABLE = "tool_selection_unreadable";

  /** Every tool, under its own name: no allowlist, no denylist, no prefix. */
  public static final ToolSelection ALL = new ToolSelection(List.of(), List.of(), null, false);

  static final Pattern PREFIX = Pattern.compile("^[a-zA-Z][a-zA-Z0-9_-]{0,23}$");
  private static final Pattern SEPARATORS = Pattern.compile("[,\\s]+");
  private static final int REASON_PATTERNS = 5;

  private final List<Glob> allow;
  private final List<Glob> deny;
  private final String prefix;
  private final boolean unreadable;

  private ToolSelection(List<Glob> allow, List<Glob> deny, String prefix, boolean unreadable) {
    this.allow = List.copyOf(allow);
    this.deny = List.copyOf(deny);
    this.prefix = prefix;
    this.unreadable = unreadable;
  }

  /** A builder of a selection with no lists and no prefix. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder that starts from this selection's lists and prefix. */
  public Builder newBuilder() {
    Builder b = new Builder();
    b.allow = allow;
    b.deny = deny;
    b.prefix = prefix;
    return b;
  }

  /**
   * A selection from what an administrator typed. Patterns are separated by commas, whitespace or both
   * ({@code "read_*, list_*"}); a null or blank list or prefix means none. The prefix is trimmed.
   *
   * @param allowList the allowlist patterns as typed; null or blank for none
   * @param denyList the denylist patterns as typed; null or blank for none
   * @param prefix the model-name prefix as typed; null or blank for none
   * @return the selection; {@link #ALL} when all three are blank
   * @throws IllegalArgumentException naming the list, the pattern and the rule broken
   */
  public static ToolSelection parse(String allowList, String denyList, String prefix) {
    String p = prefix == null || prefix.isBlank() ? null : prefix;
    return builder().allow(split(allowList)).deny(split(denyList)).prefix(p).build();
  }

  /**
   * The fail-closed selection a store reads for a stored value that no longer parses: it hides every tool with
   * {@link #SELECTION_UNREADABLE}. Its denylist is {@code [*]}, so a store that writes it back writes a plain
   * deny-all. Public so that a host's own store can fail closed the same way.
   *
   * @return the selection that hides every tool of its registration
   */
  public static ToolSelection unreadableStored() {
    return new ToolSelection(List.of(), List.of(Glob.of("*")), null, true);
  }

  /** The allowlist patterns in the order given; never null, empty for no allowlist. */
  public List<String> allow() {
    return texts(allow);
  }

  /** The denylist patterns in the order given; never null, potentially empty. */
  public List<String> deny() {
    return texts(deny);
  }

  /** The model-name prefix; empty for none. */
  public Optional<String> prefix() {
    return Optional.ofNullable(prefix);
  }

  /**
   * Whether this is the fail-closed value a store read in place of a stored selection it could not parse
   * (hand-edited, or written by a newer Loadout). Such a selection hides every tool until it is set again; the
   * store logged a warning naming the registration.
   */
  public boolean unreadable() {
    return unreadable;
  }

  /**
   * Whether a tool is offered, and why.
   *
   * @param mcpName the tool's name as the server lists it; never null
   * @return the decision; never null
   * @throws IllegalArgumentException if the name is null
   */
  public Decision decide(String mcpName) {
    if (mcpName == null) {
      throw new IllegalArgumentException("the MCP tool name to decide on must not be null");
    }
    String shown = "[" + Glob.shown(mcpName) + "]";
    if (unreadable) {
      return Decision.hidden(SELECTION_UNREADABLE, shown + " is hidden: the stored tool selection of its server "
          + "could not be read, so every tool of it is hidden until an administrator sets the selection again");
    }
    for (Glob g : deny) {
      if (g.matches(mcpName)) {
        return Decision.hidden(TOOL_DENIED, shown + " matches the denylist pattern [" + g.text() + "]");
      }
    }
    if (allow.isEmpty()) {
      return Decision.offered(shown + (deny.isEmpty() ? " is offered: there is no allowlist or denylist"
          : " matches no denylist pattern " + list(deny)));
    }
    for (Glob g : allow) {
      if (g.matches(mcpName)) {
        return Decision.offered(shown + " matches the allowlist pattern [" + g.text() + "]"
            + (deny.isEmpty() ? "" : " and no denylist pattern"));
      }
    }
    return Decision.hidden(TOOL_NOT_ALLOWED, shown + " matches no allowlist pattern " + list(allow));
  }

  /**
   * The name the model sees for a tool: the prefix, if any, followed by the provider-safe form of its MCP
   * name, always matching {@code ^[a-zA-Z0-9_-]{1,64}$}. Deterministic across processes, and distinct MCP
   * names of one server keep distinct model names: a name that does not fit as it is gets a short hash of
   * itself.
   *
   * @param mcpName the tool's name as the server lists it; never null
   */
  public String modelName(String mcpName) {
    if (mcpName == null) {
      throw new IllegalArgumentException("the MCP tool name to map must not be null");
    }
    return ToolNames.providerSafe(prefix == null ? "" : prefix, mcpName);
  }

  /** A few words for a registration's {@code toString}: counts and the prefix. */
  String shortForm() {
    if (unreadable) {
      return "unreadable (hides all)";
    }
    if (equals(ALL)) {
      return "all";
    }
    List<String> parts = new ArrayList<>();
    if (!allow.isEmpty()) {
      parts.add("allow " + allow.size());
    }
    if (!deny.isEmpty()) {
      parts.add("deny " + deny.size());
    }
    if (prefix != null) {
      parts.add("prefix " + prefix);
    }
    return String.join(", ", parts);
  }

  /** The selection for an administrator: each list, and the prefix. */
  String describe() {
    if (unreadable) {
      return "unreadable, so every tool is hidden";
    }
    return "allowlist " + (allow.isEmpty() ? "none (every tool)" : texts(allow).toString()) + ", denylist "
        + (deny.isEmpty() ? "none" : texts(deny).toString()) + ", prefix " + (prefix == null ? "none" : "[" + prefix + "]");
  }

  private static List<String> texts(List<Glob> globs) {
    return globs.stream().map(Glob::text).toList();
  }

  private static String list(List<Glob> globs) {
    List<String> t = texts(globs);
    if (t.size() <= REASON_PATTERNS) {
      return t.toString();
    }
    return "[" + String.join(", ", t.subList(0, REASON_PATTERNS)) + ", … (" + t.size() + " in all)]";
  }

  private static List<String> split(String typed) {
    if (typed == null || typed.isBlank()) {
      return List.of();
    }
    // A stray separator (",a" or "a,,b") adds no pattern: only what is between separators counts.
    return Arrays.stream(SEPARATORS.split(typed)).filter(p -> !p.isEmpty()).toList();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ToolSelection)) {
      return false;
    }
    ToolSelection s = (ToolSelection) o;
    return unreadable == s.unreadable && texts(allow).equals(texts(s.allow)) && texts(deny).equals(texts(s.deny))
        && Objects.equals(prefix, s.prefix);
  }

  @Override
  public int hashCode() {
    return Objects.hash(texts(allow), texts(deny), prefix, unreadable);
  }

  @Override
  public String toString() {
    if (unreadable) {
      return "ToolSelection{unreadable, hides all}";
    }
    return "ToolSelection{allow=" + texts(allow) + ", deny=" + texts(deny) + (prefix == null ? "" : ", prefix=" + prefix)
        + "}";
  }

  /**
   * Whether one tool is offered: a stable code when hidden ({@link #TOOL_DENIED}, {@link #TOOL_NOT_ALLOWED},
   * {@link #SELECTION_UNREADABLE}), and always a sentence with values in brackets.
   *
   * @param offered whether the model may see the tool
   * @param code the stable code of a hidden decision; empty when offered
   * @param reason the sentence naming the pattern or list that decided; never blank
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Decision(boolean offered, String code, String reason) {
    /** Checks that a hidden decision has a code and every decision a reason. */
    public Decision {
      if (code == null || reason == null || reason.isBlank() || offered != code.isEmpty()) {
        throw new IllegalArgumentException("a decision needs a reason, and a code exactly when hidden, but got offered="
            + offered + ", code=[" + code + "], reason=[" + reason + "]");
      }
    }

    static Decision offered(String reason) {
      return new Decision(true, "", reason);
    }

    static Decision hidden(String code, String reason) {
      return new Decision(false, code, reason);
    }
  }

  /**
   * Builds a {@link ToolSelection}. Each setter checks its value at once and replaces what was set before;
   * patterns and the prefix are trimmed first.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private List<Glob> allow = List.of();
    private List<Glob> deny = List.of();
    private String prefix;

    private Builder() {}

    /**
     * Sets the allowlist; no patterns means no allowlist (every tool not denied is offered).
     *
     * @throws IllegalArgumentException naming the pattern and the rule broken
     */
    public Builder allow(String... patterns) {
      return allow(patterns == null ? null : Arrays.asList(patterns));
    }

    /** Sets the allowlist from a collection, in its iteration order; see {@link #allow(String...)}. */
    public Builder allow(Collection<String> patterns) {
      this.allow = globs("allowlist", patterns);
      return this;
    }

    /**
     * Sets the denylist; no patterns means no denylist.
     *
     * @throws IllegalArgumentException naming the pattern and the rule broken
     */
    public Builder deny(String... patterns) {
      return deny(patterns == null ? null : Arrays.asList(patterns));
    }

    /** Sets the denylist from a collection, in its iteration order; see {@link #deny(String...)}. */
    public Builder deny(Collection<String> patterns) {
      this.deny = globs("denylist", patterns);
      return this;
    }

    /**
     * Sets the model-name prefix, used as given after trimming (include the separator: {@code github_}).
     *
     * @param value the prefix; null for none
     * @throws IllegalArgumentException if it does not match {@code ^[a-zA-Z][a-zA-Z0-9_-]{0,23}$}
     */
    public Builder prefix(String value) {
      if (value == null) {
        this.prefix = null;
        return this;
      }
      String p = value.strip();
      if (!PREFIX.matcher(p).matches()) {
        throw new IllegalArgumentException("tool-name prefix [" + Glob.shown(p) + "] must match " + PREFIX.pattern()
            + " (an ASCII letter, then at most " + (MAX_PREFIX_CHARS - 1) + " letters, digits, '_' or '-')");
      }
      this.prefix = p;
      return this;
    }

    /** The selection; {@link #ALL} when nothing was set. */
    public ToolSelection build() {
      ToolSelection s = new ToolSelection(allow, deny, prefix, false);
      return s.equals(ALL) ? ALL : s;
    }

    private static List<Glob> globs(String list, Collection<String> patterns) {
      if (patterns == null) {
        throw new IllegalArgumentException(list + " must not be null; pass no patterns for none");
      }
      if (patterns.size() > MAX_PATTERNS) {
        throw new IllegalArgumentException(list + " must have at most " + MAX_PATTERNS + " patterns, but had "
            + patterns.size());
      }
      List<Glob> out = new ArrayList<>(patterns.size());
      Set<String> seen = new HashSet<>();
      for (String raw : patterns) {
        if (raw == null) {
          throw new IllegalArgumentException(list + " pattern must not be null");
        }
        String p = raw.strip();
        Glob.check(list, p);
        if (!seen.add(p)) {
          throw new IllegalArgumentException(list + " pattern [" + p + "] is listed twice; list each pattern once");
        }
        out.add(Glob.of(p));
      }
      return List.copyOf(out);
    }
  }
}
