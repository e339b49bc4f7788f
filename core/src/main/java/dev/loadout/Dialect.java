package dev.loadout;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import org.apiguardian.api.API;
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
 *   <li>All dialects: the root loses {@code $schema} and {@code $id}; a root {@code anyOf}, {@code oneOf} or
 *       {@code allOf} is flattened into root {@code properties} (a property required by every branch stays
 *       required); a root {@code not}, {@code enum}, {@code if}, {@code then}, {@code else} is dropped; a
 *       missing root {@code properties} becomes {@code {}}. Nested schemas are left as written, except for
 *       Gemini.</li>
 *   <li>{@link #OPENAI_RESPONSES} adds {@code "strict": false}, because the Responses API otherwise
 *       enforces strict mode, which ordinary tool schemas do not meet.</li>
 *   <li>{@link #GEMINI} keeps only the OpenAPI subset Gemini accepts, at every depth: local {@code $ref}s
 *       are inlined (a recursive one becomes an untyped object), {@code allOf} is merged, {@code oneOf}
 *       becomes {@code anyOf}, {@code const} becomes a one-value {@code enum}, a type array with
 *       {@code "null"} becomes {@code nullable}, other type arrays become {@code anyOf}, enum values
 *       become strings (and the type {@code string}), numeric {@code exclusiveMinimum}/{@code
 *       exclusiveMaximum} become {@code minimum}/{@code maximum}, formats other than {@code date-time} and
 *       {@code enum} (strings) or {@code int32}, {@code int64}, {@code float}, {@code double} (numbers)
 *       are dropped, empty {@code properties} are removed, {@code required} keeps only names that exist,
 *       untyped {@code anyOf} members are dropped, and every other keyword is removed. A tool with no
 *       parameters is declared without {@code parameters}. A tool name that does not start with a letter
 *       or {@code _} is sent with a leading {@code _}, and calls are mapped back.</li>
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
   * <ul>
   *   <li>{@code OPENAI_CHAT}: {@code choices[0].message.tool_calls[]} or a bare assistant message.</li>
   *   <li>{@code OPENAI_RESPONSES}: {@code output[]} items of type {@code function_call}.</li>
   *   <li>{@code ANTHROPIC}: {@code content[]} blocks of type {@code tool_use}.</li>
   *   <li>{@code GEMINI}: {@code candidates[0].content.parts[].functionCall}; calls without an id get
   *       {@code gemini_call_<index>}.</li>
   * </ul>
   *
   * @param responseJson the response body
   * @return the calls, possibly empty; never null
   * @throws IllegalArgumentException if the body is not JSON at all (a host or provider error, not a
   *     model error)
   */
  public List<ToolCall> parseToolCalls(String responseJson) {
    return ToolCallParser.parse(this, responseJson);
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
   *       one extra user message.</li>
   *   <li>{@code ANTHROPIC}: one user message whose content is a {@code tool_result} block per call
   *       ({@code is_error} on failure), images inside the block.</li>
   *   <li>{@code GEMINI}: one user content whose parts are a {@code functionResponse} per call
   *       ({@code response.result} or {@code response.error}), followed by image parts.</li>
   * </ul>
   *
   * @param outcomes calls and results in the order the model made the calls
   * @return a new array the caller owns
   */
  public ArrayNode historyMessages(List<ToolOutcome> outcomes) {
    return HistoryWriter.write(this, outcomes);
  }
}
