package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * A provider's wire format for tools: how tool definitions are rendered, how tool calls are read from a
 * response, and how results go back into history.
 *
 * <h2>What each dialect changes in a schema</h2>
 * Tool schemas are written once in JSON Schema; each dialect rewrites only what its provider rejects
 * (see {@code DialectSchemas}), and the rewrite is cached per tool variant, so it costs nothing on warm
 * turns.
 * <ul>
 *   <li>All dialects, at the root only: {@code $schema} and {@code $id} are removed; a root {@code $ref}
 *       to a local definition is replaced by that definition (the root's own keywords win; properties
 *       and required names are joined), and any other root {@code $ref} is removed; a root
 *       {@code allOf}, {@code anyOf} or {@code oneOf} is flattened into root {@code properties} (a branch
 *       that is a local {@code $ref} is resolved first; a property required by every branch stays
 *       required, and for {@code allOf} every required name stays); a root {@code not}, {@code enum},
 *       {@code const}, {@code if}, {@code then}, {@code else} is dropped; the root {@code type} is
 *       {@code object}, and a missing root {@code properties} becomes {@code {}}. Nested schemas are
 *       left as written, except for Gemini.</li>
 *   <li>{@link #OPENAI_RESPONSES} adds {@code "strict": false}, because the Responses API otherwise
 *       enforces strict mode, which ordinary tool schemas do not meet. {@link PreparedTurn#renderStrict(Dialect)}
 *       renders OpenAI's strict mode where a schema allows it instead.</li>
 *   <li>{@link #GEMINI} keeps only the OpenAPI subset Gemini accepts, at every depth:
 *     <ul>
 *       <li>a local {@code $ref} is inlined, merged like an {@code allOf} member under its sibling
 *           keywords; a {@code $ref} to a schema it sits inside (recursion, including {@code "#"}), an
 *           unresolvable or an external one becomes {@code {"type": "object"}} plus its siblings;</li>
 *       <li>{@code allOf} members are merged: properties and required names are joined, any other
 *           keyword is taken from the first schema that has it;</li>
 *       <li>{@code oneOf} becomes {@code anyOf}; in an {@code anyOf}, a member that is itself an untyped
 *           union is spliced in, a {@code {"type": "null"}} member makes the schema {@code nullable},
 *           other members without a type are dropped, and a single remaining member is merged into the
 *           schema;</li>
 *       <li>{@code const} becomes a one-value {@code enum}; enum values become strings (non-strings as
 *           their JSON text, duplicates once, {@code null} as {@code nullable}) and the type becomes
 *           {@code string};</li>
 *       <li>a type array with {@code "null"} becomes {@code nullable}, other type arrays become
 *           {@code anyOf}; the type {@code "null"} becomes {@code nullable}; a type Gemini does not know
 *           is removed;</li>
 *       <li>numeric {@code exclusiveMinimum}/{@code exclusiveMaximum} become {@code minimum}/{@code
 *           maximum} unless those are set;</li>
 *       <li>formats other than {@code date-time} and {@code enum} (strings) or {@code int32},
 *           {@code int64}, {@code float}, {@code double} (numbers) are dropped;</li>
 *       <li>an array without {@code items} gets {@code {"type": "string"}} items; tuple {@code items}
 *           keep their first schema;</li>
 *       <li>empty {@code properties} are removed; {@code required} and {@code propertyOrdering} keep only
 *           names that exist;</li>
 *       <li>every keyword outside Gemini's {@code Schema} message is removed, and so is a kept keyword
 *           whose value has the wrong JSON type (a non-string {@code description}, a negative or
 *           fractional {@code minItems}, a non-boolean {@code nullable}, …).</li>
 *     </ul>
 *     A tool with no parameters left is declared without {@code parameters}. A tool name whose first
 *     character after any leading {@code _} is a digit or {@code -} is sent with one more leading
 *     {@code _} ({@code 1abc} as {@code _1abc}, {@code _1abc} as {@code __1abc}), and calls are mapped
 *     back; a 64-character name that needs the prefix exceeds Gemini's 64-character limit, so keep such
 *     names shorter. Property names are sent as written: Gemini documents a stricter rule for them
 *     (a letter or {@code _} first, then letters, digits and {@code _}, at most 64) that no rewrite
 *     could meet without renaming the model's arguments.</li>
 * </ul>
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum Dialect {
  /** OpenAI Chat Completions: {@code tools: [{type: "function", function: {name, description, parameters}}]}. */
  OPENAI_CHAT,
  /** OpenAI Responses: {@code tools: [{type: "function", name, description, parameters, strict: false}]}. */
  OPENAI_RESPONSES,
  /** Anthropic Messages: {@code tools: [{name, description, input_schema}]}. */
  ANTHROPIC,
  /** Gemini: {@code tools: [{functionDeclarations: [{name, description, parameters}]}]}. */
  GEMINI;

  /**
   * Reads the tool calls from a provider response body (or from just the assistant message / content
   * list, where that is unambiguous). Calls come back in the provider's order. A call with malformed
   * arguments is still returned, with its arguments text as sent, so that executing it yields an
   * {@code invalid_arguments} result rather than an exception.
   *
   * <p>One call never costs the others: arguments nested beyond any depth, numbers and property names of any
   * length do not stop the body from being read. Each call's {@link ToolCall#arguments()} is the exact text the
   * provider sent for it (OpenAI's argument string unescaped; Anthropic's and Gemini's argument objects as they
   * stand in the body, spacing included), and {@link PreparedTurn#execute(ToolCall)} applies the
   * {@link JsonLimits} to that one call. Values of unexpected types are read as absent: a call without a name
   * gets an empty name (and {@code tool_not_available} when executed).
   *
   * <ul>
   *   <li>{@code OPENAI_CHAT}: {@code choices[0].message.tool_calls[]} or a bare assistant message.</li>
   *   <li>{@code OPENAI_RESPONSES}: {@code output[]} items of type {@code function_call}.</li>
   *   <li>{@code ANTHROPIC}: {@code content[]} blocks of type {@code tool_use}.</li>
   *   <li>{@code GEMINI}: {@code candidates[0].content.parts[].functionCall}.</li>
   * </ul>
   *
   * <h4>Calls without an id</h4>
   * Gemini usually sends none, and some OpenAI-compatible servers send none or an empty one. Such a call gets
   * {@code <prefix><digest>_<position>}: the prefix {@code call_} ({@code toolu_} for Anthropic,
   * {@code gemini_call_} for Gemini, whose made-up ids {@link #historyMessages(List)} never sends back), twelve hex
   * digits of a SHA-256 digest of the whole body, and the call's position in its list (tool calls, output items,
   * content blocks or parts). So the ids are stable (the same body always gives the same ids, whether it comes as
   * text or bytes) and unique within a turn: two responses get different ids unless they are
   * byte for byte the same, and within one response a made-up id never repeats or equals an id the provider sent
   * (on such a clash it gains a trailing {@code _}). Ids a provider sent are kept as sent.
   *
   * @param responseJson the response body
   * @return the calls, possibly empty; never null
   * @throws IllegalArgumentException only when the body is null, empty or blank, is not exactly one JSON
   *     document (a syntax error, or content after its end), or nests deeper than 100,000 levels: a host or
   *     provider error, not a model error. The message names the dialect and the body's length, never its text.
   */
  public List<ToolCall> parseToolCalls(String responseJson) {
    return ToolCallParser.parse(this, responseJson);
  }

  /**
   * Reads the tool calls from a response body as the HTTP client received it, in UTF-8: exactly as
   * {@link #parseToolCalls(String)} reads the same text (a leading byte order mark is skipped), without the
   * host decoding it first.
   *
   * @param responseJson the response body's bytes; not modified
   * @return the calls, possibly empty; never null
   * @throws IllegalArgumentException when the bytes are not valid UTF-8, and as {@link #parseToolCalls(String)};
   *     the message names the dialect and the body's length, never its content
   * @since 0.1
   */
  public List<ToolCall> parseToolCalls(byte[] responseJson) {
    return ToolCallParser.parse(this, responseJson);
  }

  /**
   * Reads the tool calls from a response the host's client already parsed into a Jackson tree. The same paths are
   * read as by {@link #parseToolCalls(String)}; since the text as sent is gone, an argument object (Anthropic,
   * Gemini, or OpenAI arguments sent as an object) comes back as its compact JSON. Trees of any depth are read
   * without recursion, and the tree is never modified. Ids a provider did not send are made up as described on
   * {@link #parseToolCalls(String)}, from a digest of the tree's compact JSON.
   *
   * @param response the parsed response, or just its assistant message or content list
   * @return the calls, possibly empty; never null
   * @throws IllegalArgumentException when the tree is null or a missing node
   * @since 0.1
   */
  public List<ToolCall> parseToolCalls(JsonNode response) {
    return ToolCallParser.parse(this, response);
  }

  /**
   * The history entries that carry these results back to the model, ready to append to the request's
   * messages (or {@code input}, or {@code contents}).
   *
   * <ul>
   *   <li>{@code OPENAI_CHAT}: one {@code {role: "tool", tool_call_id, content}} per call, the content
   *       being the result's summary, else its data as JSON, else {@code "Error (code): message"}. When
   *       results carry images, one extra user message follows with them, since tool messages cannot
   *       hold images.</li>
   *   <li>{@code OPENAI_RESPONSES}: one {@code function_call_output} item per call; images likewise in
   *       one extra user message, as {@code input_image} parts.</li>
   *   <li>{@code ANTHROPIC}: one user message whose content is a {@code tool_result} block per call
   *       ({@code is_error} on failure) holding the text (left out when empty, since Anthropic refuses
   *       empty text blocks; with no images either, the block has no {@code content}) and the images.</li>
   *   <li>{@code GEMINI}: one user content whose parts are a {@code functionResponse} per call
   *       ({@code response.result} or {@code response.error}; with the call's {@code id} when Gemini sent
   *       one), followed by image parts ({@code fileData} for URLs, {@code inlineData} for base64).</li>
   * </ul>
   *
   * <p>The text in each entry is {@link ToolResult#modelText()}; {@link HistoryEntry#of(ToolOutcome)} gives the same
   * entry in no provider's format, for clients with message types of their own.
   *
   * @param outcomes calls and results in the order the model made the calls
   * @return a new array the caller owns
   */
  public ArrayNode historyMessages(List<ToolOutcome> outcomes) {
    return HistoryWriter.write(this, outcomes);
  }

  /**
   * The name under which this dialect declares a tool to the model, and under which the model calls it.
   * Identity except for {@link #GEMINI}, whose names must start with a letter or {@code _}: there a name
   * whose first character after any leading {@code _} is a digit or {@code -} gains one leading
   * {@code _}, and {@link #parseToolCalls(String)} maps it back. Test fixtures that build provider
   * responses by hand need this.
   *
   * @param toolName a tool name as in {@link ToolSpec#name()}
   * @return the name on the wire; never null
   */
  public String wireName(String toolName) {
    if (toolName == null) {
      throw new IllegalArgumentException("tool name must not be null");
    }
    return this == GEMINI ? ToolRenderer.geminiWireName(toolName) : toolName;
  }
}
