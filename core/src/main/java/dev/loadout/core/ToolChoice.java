package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Whether the model may, must or must not call a tool on a request, or which one it must call, in each provider's
 * shape. Loadout renders only the {@code tools} array; this is the value the host adds beside it, under
 * {@link #requestField(Dialect)}. {@link PreparedTurn#toolChoice(Dialect, ToolChoice)} renders it for a turn and
 * refuses a choice the turn cannot honour.
 *
 * <table>
 *   <caption>Shapes</caption>
 *   <tr><th></th><th>OpenAI Chat</th><th>OpenAI Responses</th><th>Anthropic</th><th>Gemini {@code toolConfig}</th></tr>
 *   <tr><td>{@link #auto()}</td><td>{@code "auto"}</td><td>{@code "auto"}</td><td>{@code {"type":"auto"}}</td>
 *       <td>{@code {"functionCallingConfig":{"mode":"AUTO"}}}</td></tr>
 *   <tr><td>{@link #none()}</td><td>{@code "none"}</td><td>{@code "none"}</td><td>{@code {"type":"none"}}</td>
 *       <td>{@code {"functionCallingConfig":{"mode":"NONE"}}}</td></tr>
 *   <tr><td>{@link #required()}</td><td>{@code "required"}</td><td>{@code "required"}</td><td>{@code {"type":"any"}}</td>
 *       <td>{@code {"functionCallingConfig":{"mode":"ANY"}}}</td></tr>
 *   <tr><td>{@link #tool(String) tool("x")}</td><td>{@code {"type":"function","function":{"name":"x"}}}</td>
 *       <td>{@code {"type":"function","name":"x"}}</td><td>{@code {"type":"tool","name":"x"}}</td>
 *       <td>{@code {"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["x"]}}} (the wire name,
 *       {@link Dialect#wireName(String)})</td></tr>
 * </table>
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolChoice {
  private static final ToolChoice AUTO = new ToolChoice(Mode.AUTO, null);
  private static final ToolChoice NONE = new ToolChoice(Mode.NONE, null);
  private static final ToolChoice REQUIRED = new ToolChoice(Mode.REQUIRED, null);

  /** The four choices every provider offers. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Mode {
    /** The model decides (every provider's default when tools are sent). */
    AUTO,
    /** The model must not call a tool; it still sees them, which keeps the prompt cache warm. */
    NONE,
    /** The model must call at least one tool. */
    REQUIRED,
    /** The model must call the named tool. */
    TOOL
  }

  private final Mode mode;
  private final String toolName;

  private ToolChoice(Mode mode, String toolName) {
    this.mode = mode;
    this.toolName = toolName;
  }

  /** The model decides. */
  public static ToolChoice auto() {
    return AUTO;
  }

  /** The model must not call a tool. */
  public static ToolChoice none() {
    return NONE;
  }

  /** The model must call a tool. */
  public static ToolChoice required() {
    return REQUIRED;
  }

  /**
   * The model must call this tool.
   *
   * @param name a tool name as in {@link ToolSpec#name()}, matching {@link ToolSpec#NAME_PATTERN}
   */
  public static ToolChoice tool(String name) {
    if (name == null || !ToolSpec.NAME_PATTERN.matcher(name).matches()) {
      throw new IllegalArgumentException("tool choice must name a tool matching " + ToolSpec.NAME_PATTERN.pattern()
          + ", but was " + name);
    }
    return new ToolChoice(Mode.TOOL, name);
  }

  /** Which choice this is. */
  public Mode mode() {
    return mode;
  }

  /** The tool the model must call, for {@link Mode#TOOL}. */
  public Optional<String> toolName() {
    return Optional.ofNullable(toolName);
  }

  /**
   * The request field that carries the choice: {@code tool_choice} for OpenAI and Anthropic, {@code toolConfig} for
   * Gemini (beside {@code tools} in a {@code generateContent} request).
   */
  public String requestField(Dialect dialect) {
    if (dialect == null) {
      throw new IllegalArgumentException("dialect must not be null");
    }
    return dialect == Dialect.GEMINI ? "toolConfig" : "tool_choice";
  }

  /**
   * The choice in a provider's shape (see the table above), for the request's {@link #requestField(Dialect)}. It does
   * not check that a named tool is shown; {@link PreparedTurn#toolChoice(Dialect, ToolChoice)} does.
   *
   * @return a new node the caller owns
   */
  public JsonNode render(Dialect dialect) {
    if (dialect == null) {
      throw new IllegalArgumentException("dialect must not be null");
    }
    switch (dialect) {
      case OPENAI_CHAT:
      case OPENAI_RESPONSES: {
        if (mode != Mode.TOOL) {
          return Json.NODES.stringNode(mode.name().toLowerCase(java.util.Locale.ROOT));
        }
        ObjectNode out = Json.object().put("type", "function");
        if (dialect == Dialect.OPENAI_CHAT) {
          out.putObject("function").put("name", toolName);
        } else {
          out.put("name", toolName);
        }
        return out;
      }
      case ANTHROPIC: {
        ObjectNode out = Json.object();
        switch (mode) {
          case AUTO:
            return out.put("type", "auto");
          case NONE:
            return out.put("type", "none");
          case REQUIRED:
            return out.put("type", "any");
          default:
            return out.put("type", "tool").put("name", toolName);
        }
      }
      case GEMINI: {
        ObjectNode out = Json.object();
        ObjectNode config = out.putObject("functionCallingConfig");
        config.put("mode", mode == Mode.AUTO ? "AUTO" : mode == Mode.NONE ? "NONE" : "ANY");
        if (mode == Mode.TOOL) {
          config.putArray("allowedFunctionNames").add(dialect.wireName(toolName));
        }
        return out;
      }
      default:
        throw new AssertionError(dialect);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ToolChoice && ((ToolChoice) o).mode == mode && Objects.equals(((ToolChoice) o).toolName, toolName);
  }

  @Override
  public int hashCode() {
    return Objects.hash(mode, toolName);
  }

  @Override
  public String toString() {
    return "ToolChoice{" + (mode == Mode.TOOL ? "tool " + toolName : mode.name().toLowerCase(java.util.Locale.ROOT)) + "}";
  }
}
