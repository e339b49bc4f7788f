package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One tool call as the model sent it: the provider's call id, the tool name, and the arguments text
 * exactly as received (it may be malformed; Loadout checks it before any tool sees it).
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolCall {
  private final String id;
  private final String name;
  private final String arguments;
  private final ObjectNode parsed;
  private final Dialect dialect;

  private ToolCall(String id, String name, String arguments, ObjectNode parsed, Dialect dialect) {
    this.id = id;
    this.name = name;
    this.arguments = arguments;
    this.parsed = parsed;
    this.dialect = dialect;
  }

  /**
   * A call as received. Null parts are replaced by empty strings, so a call parsed from a broken
   * provider response still reaches {@link PreparedTurn#execute(ToolCall)} and fails there with a code.
   *
   * @param id the provider's call id
   * @param name the tool name the model used
   * @param arguments the arguments text as sent; blank means "no arguments"
   */
  public static ToolCall of(String id, String name, String arguments) {
    return of(id, name, arguments, null);
  }

  /**
   * A call as received from a provider in a known dialect ({@link Dialect#parseToolCalls(String)} sets it), so
   * that {@link PreparedTurn#execute(ToolCall)} checks it against the schema that dialect showed.
   *
   * @param dialect the dialect the call was read from; null when unknown
   */
  public static ToolCall of(String id, String name, String arguments, Dialect dialect) {
    return new ToolCall(id == null ? "" : id, name == null ? "" : name, arguments == null ? "" : arguments, null,
        dialect);
  }

  /** The same call with the arguments the tool receives attached. */
  ToolCall withParsed(ObjectNode arguments) {
    return new ToolCall(id, name, this.arguments, arguments, dialect);
  }

  /** The provider's call id; never null, possibly empty. */
  public String id() {
    return id;
  }

  /** The tool name the model used; never null, possibly empty. */
  public String name() {
    return name;
  }

  /**
   * The dialect the call was read from, when known. Provenance, not identity: it takes no part in
   * {@link #equals(Object)}.
   */
  public java.util.Optional<Dialect> dialect() {
    return java.util.Optional.ofNullable(dialect);
  }

  /** The arguments text exactly as the model sent it; never null. */
  public String arguments() {
    return arguments;
  }

  /**
   * The arguments as a JSON object (a copy). Blank text reads as an empty object. A tool receives them as
   * checked: for a Gemini call, an enum value Gemini was shown as a string is the value the tool's schema wrote
   * ({@code "2"} arrives as {@code 2}), and {@link #arguments()} keeps the text as sent. Before Loadout has checked
   * the call, the text is read under {@link JsonLimits#DEFAULTS}.
   *
   * <p>Tools never see a call whose arguments are not a JSON object. An interceptor may, since it runs
   * before Loadout's checks: when the exception this throws escapes an interceptor (at once or from its
   * stage), the call's result is the same {@code invalid_arguments} (or {@code tool_not_available})
   * failure Loadout's own checks give, not a failed stage.
   *
   * @throws IllegalStateException if the text is not a JSON object
   */
  public ObjectNode argumentsJson() {
    if (parsed != null) {
      return parsed.deepCopy();
    }
    JsonNode node = parseArguments(arguments);
    if (!(node instanceof ObjectNode)) {
      throw new MalformedArguments("arguments of call '" + id + "' to '" + name + "' are not a JSON object");
    }
    return (ObjectNode) node;
  }

  /** Whether a throwable, or one of its causes, is what {@link #argumentsJson()} throws for malformed text. */
  static boolean isMalformedArguments(Throwable error) {
    Throwable t = error;
    // Bounded: a cause chain may loop.
    for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
      if (t instanceof MalformedArguments) {
        return true;
      }
    }
    return false;
  }

  /** The model's fault, not the reader's: told apart so that the chain can answer with the model's result. */
  private static final class MalformedArguments extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    MalformedArguments(String message) {
      super(message);
    }
  }

  /** Parses arguments text under the default {@link JsonLimits}: blank is an empty object; refused text gives null. */
  static JsonNode parseArguments(String text) {
    return ArgumentsReader.DEFAULT.read(text).node();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ToolCall && ((ToolCall) o).id.equals(id) && ((ToolCall) o).name.equals(name)
        && ((ToolCall) o).arguments.equals(arguments);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, name, arguments);
  }

  /** Shows id and name only: arguments may carry user data. */
  @Override
  public String toString() {
    return "ToolCall{id=" + id + ", name=" + name + ", arguments=" + arguments.length() + " chars}";
  }
}
