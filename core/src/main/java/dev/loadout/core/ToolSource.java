package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A group of external tools that arrive together for a turn, such as one guild MCP server's functions.
 *
 * <p>A source may declare a replacement family ({@code url_fetch}, {@code web_search}): when exactly one
 * enabled source of that family offers at least one tool on a turn, the built-ins of that family (tools
 * whose {@link ToolSpec#family()} is the same) are hidden, so the model sees one surface for it. With two
 * such sources, neither replaces anything. See {@link ExternalToolSources} for the whole policy.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolSource {
  private final String id;
  private final String label;
  private final String replacementFamily;
  private final boolean enabled;
  private final List<BaseTool> tools;

  private ToolSource(String id, String label, String replacementFamily, boolean enabled, List<BaseTool> tools) {
    this.id = id;
    this.label = label;
    this.replacementFamily = replacementFamily;
    this.enabled = enabled;
    this.tools = tools;
  }

  /**
   * An enabled source without a replacement family.
   *
   * @param id a stable id, unique among the sources of a turn
   * @param label what diagnostics call it (a server name; never a URL or a secret)
   * @param tools its tools
   */
  public static ToolSource of(String id, String label, List<? extends BaseTool> tools) {
    return new ToolSource(required("id", id), required("label", label), null, true, copy(id, tools));
  }

  /** The same source declaring that it replaces a family's built-ins. */
  public ToolSource replacing(String family) {
    return new ToolSource(id, label, required("replacement family", family), enabled, tools);
  }

  /** The same source, enabled or disabled (a disabled source offers nothing). */
  public ToolSource enabled(boolean enabled) {
    return new ToolSource(id, label, replacementFamily, enabled, tools);
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

  @Override
  public String toString() {
    return "ToolSource{" + id + " (" + label + ")" + (replacementFamily == null ? "" : ", replaces " + replacementFamily)
        + (enabled ? "" : ", disabled") + ", tools=" + tools.size() + "}";
  }
}
