package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A group of external tools that arrive together for a turn, such as one MCP server's functions.
 *
 * <p>A source has a {@link Level}: {@link Level#HOST} for what the bot's operator configured for the whole
 * bot, {@link Level#GUILD} for what a guild's administrators registered. When a host source and a guild
 * source offer the same name, the host's tool is kept and the guild's is hidden; see
 * {@link ExternalToolSources} for the whole policy.
 *
 * <p>A source may declare a replacement family ({@code url_fetch}, {@code web_search}): when exactly one
 * enabled source of that family offers at least one tool on a turn, the built-ins of that family (tools
 * whose {@link ToolSpec#family()} is the same) are hidden, so the model sees one surface for it. With two
 * such sources, neither replaces anything.
 *
 * <p>A source may also name tools it does not offer on this turn, each with its reasons
 * ({@link #withHidden(List)}): a server that is quarantined, or tools an operator's list leaves out. They
 * appear in {@link PreparedTurn#hidden()}, so diagnostics and the capability report can say why.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolSource {
  /**
   * Who configured a source, which decides collisions between sources.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public enum Level {
    /** Configured by the bot's operator for every conversation; wins a name collision with a guild source. */
    HOST,
    /** Registered by a guild's administrators; loses a name collision with a host source. */
    GUILD
  }

  private final String id;
  private final String label;
  private final Level level;
  private final String replacementFamily;
  private final boolean enabled;
  private final List<BaseTool> tools;
  private final List<HiddenTool> hidden;

  private ToolSource(String id, String label, Level level, String replacementFamily, boolean enabled,
      List<BaseTool> tools, List<HiddenTool> hidden) {
    this.id = id;
    this.label = label;
    this.level = level;
    this.replacementFamily = replacementFamily;
    this.enabled = enabled;
    this.tools = tools;
    this.hidden = hidden;
  }

  /**
   * An enabled {@link Level#GUILD} source without a replacement family.
   *
   * @param id a stable id, unique among the sources of a turn
   * @param label what diagnostics call it (a server name; never a URL or a secret)
   * @param tools its tools
   */
  public static ToolSource of(String id, String label, List<? extends BaseTool> tools) {
    return new ToolSource(required("id", id), required("label", label), Level.GUILD, null, true, copy(id, tools),
        List.of());
  }

  /**
   * An enabled {@link Level#HOST} source without a replacement family.
   *
   * @param id a stable id, unique among the sources of a turn
   * @param label what diagnostics call it (a server name; never a URL or a secret)
   * @param tools its tools
   * @since 0.1
   */
  public static ToolSource host(String id, String label, List<? extends BaseTool> tools) {
    return of(id, label, tools).level(Level.HOST);
  }

  /** The same source declaring that it replaces a family's built-ins. */
  public ToolSource replacing(String family) {
    return new ToolSource(id, label, level, required("replacement family", family), enabled, tools, hidden);
  }

  /** The same source, enabled or disabled (a disabled source offers nothing, and names no hidden tools). */
  public ToolSource enabled(boolean enabled) {
    return new ToolSource(id, label, level, replacementFamily, enabled, tools, hidden);
  }

  /** The same source at another level. */
  public ToolSource level(Level level) {
    if (level == null) {
      throw new IllegalArgumentException("tool source level must not be null, in source '" + id + "'");
    }
    return new ToolSource(id, label, level, replacementFamily, enabled, tools, hidden);
  }

  /**
   * The same source naming tools it does not offer on this turn, each with the reasons why; they are added to
   * {@link PreparedTurn#hidden()} as they are.
   *
   * @param hidden the hidden tools; never null, no nulls
   * @since 0.1
   */
  public ToolSource withHidden(List<HiddenTool> hidden) {
    if (!Checks.noNulls(hidden)) {
      throw new IllegalArgumentException("hidden tools of source '" + id + "' must be a list without nulls, but was "
          + hidden);
    }
    return new ToolSource(id, label, level, replacementFamily, enabled, tools, List.copyOf(hidden));
  }

  private static String required(String what, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("tool source " + what + " must not be blank, but was " + value);
    }
    return value.strip();
  }

  private static List<BaseTool> copy(String id, List<? extends BaseTool> tools) {
    if (!Checks.noNulls(tools)) {
      throw new IllegalArgumentException("tools of source '" + id + "' must be a list without nulls, but was " + tools);
    }
    return List.copyOf(tools);
  }

  /** The stable id. */
  public String id() {
    return id;
  }

  /** The label diagnostics show. */
  public String label() {
    return label;
  }

  /** Who configured it. */
  public Level level() {
    return level;
  }

  /** The family this source replaces, if any. */
  public Optional<String> replacementFamily() {
    return Optional.ofNullable(replacementFamily);
  }

  /** Whether the source is enabled. */
  public boolean isEnabled() {
    return enabled;
  }

  /** Its tools, in the source's order. */
  public List<BaseTool> tools() {
    return tools;
  }

  /** The tools it names but does not offer on this turn, with their reasons; potentially empty. */
  public List<HiddenTool> hidden() {
    return hidden;
  }

  @Override
  public String toString() {
    return "ToolSource{" + id + " (" + label + "), " + level + (replacementFamily == null ? "" : ", replaces "
        + replacementFamily) + (enabled ? "" : ", disabled") + ", tools=" + tools.size()
        + (hidden.isEmpty() ? "" : ", hidden=" + hidden.size()) + "}";
  }
}
