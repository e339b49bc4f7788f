package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;

/**
 * The outcome of one tool call: a {@link Success} with data, or a {@link Failure} with a stable code.
 *
 * <p>A failure is a value, not an exception, just as an HTTP 500 is a response: everything a model or a
 * user gets wrong ends here, and the message is safe to show to them. Codes Loadout itself produces are
 * the constants below; tools may add their own lower-case codes.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public sealed interface ToolResult permits ToolResult.Success, ToolResult.Failure {

  /** The model called a tool that was not shown on this turn (or does not exist). */
  String TOOL_NOT_AVAILABLE = "tool_not_available";
  /** The arguments are not a JSON object or break the schema that was shown. */
  String INVALID_ARGUMENTS = "invalid_arguments";
  /** The tool did not finish before its deadline. */
  String TIMEOUT = "timeout";
  /** The tool threw, returned nothing, or could not be started. */
  String TOOL_ERROR = "tool_error";

  /** Whether this is a {@link Success}. */
  boolean isSuccess();

  /**
   * The text the model reads for this result, exactly as every dialect writes it into history
   * ({@link Dialect#historyMessages(List)}): a success's summary if it has one, else its data as compact JSON;
   * a failure's {@code "Error (code): message"}. A result that came out of {@link PreparedTurn#execute(ToolCall)}
   * is already within Loadout's size cap, so this is the cut text with its marker when the tool's was longer.
   * Gemini is the one dialect that can carry data as a structured value: there a success without a summary goes
   * into history as the data object itself, whose JSON text this is.
   *
   * <p>Hosts and adapters that write history themselves use this (or {@link HistoryEntry}), so that the model
   * reads the same text whichever way the result travels.
   *
   * @return the text; never null, possibly empty (an empty summary)
   * @since 0.1
   */
  String modelText();

  /** A success with data and no summary. */
  static Success success(JsonNode data) {
    return new Success(data, null, List.of(), -1);
  }

  /** A success whose summary is what the model reads in history; data stays for the host. */
  static Success success(JsonNode data, String summary) {
    if (summary == null) {
      throw new IllegalArgumentException("summary must not be null; use success(data) for none");
    }
    return new Success(data, summary, List.of(), -1);
  }

  /** A success whose data and model text are the same plain text. */
  static Success text(String text) {
    if (text == null) {
      throw new IllegalArgumentException("text must not be null");
    }
    return new Success(Json.NODES.stringNode(text), text, List.of(), -1);
  }

  /** A failure with a stable code and a message safe to show to users and models. */
  static Failure failure(String code, String message, boolean retryable) {
    return new Failure(code, message, retryable);
  }

  /**
   * A successful call.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  final class Success implements ToolResult {
    private final JsonNode data;
    private final String summary;
    private final List<ToolMedia> media;
    private final int originalLength;

    private Success(JsonNode data, String summary, List<ToolMedia> media, int originalLength) {
      this.data = data == null ? Json.NODES.nullNode() : data.deepCopy();
      this.summary = summary;
      this.media = List.copyOf(media);
      this.originalLength = originalLength;
    }

    /** The same result with media attached, such as generated images. */
    public Success withMedia(List<ToolMedia> media) {
      if (!Checks.noNulls(media)) {
        throw new IllegalArgumentException("media must be a list without nulls, but was " + media);
      }
      return new Success(data, summary, media, originalLength);
    }

    Success truncated(String shownText, int originalLength) {
      return new Success(data, shownText, media, originalLength);
    }

    @Override
    public boolean isSuccess() {
      return true;
    }

    /** The result data (a copy); a JSON null when the tool returned none. */
    public JsonNode data() {
      return data.deepCopy();
    }

    JsonNode dataView() {
      return data;
    }

    /** What the model reads instead of the data, when present. */
    public Optional<String> summary() {
      return Optional.ofNullable(summary);
    }

    /** Media the tool returned; never null. */
    public List<ToolMedia> media() {
      return media;
    }

    /**
     * Whether the text the model reads was cut to Loadout's size cap. The full {@link #data()} is kept
     * for the host either way.
     */
    public boolean isTruncated() {
      return originalLength >= 0;
    }

    /** The text the model reads: the summary if present, else the data as JSON. */
    @Override
    public String modelText() {
      return summary != null ? summary : Json.text(data);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Success && ((Success) o).data.equals(data) && Objects.equals(((Success) o).summary, summary)
          && ((Success) o).media.equals(media) && ((Success) o).originalLength == originalLength;
    }

    @Override
    public int hashCode() {
      return Objects.hash(data, summary, media);
    }

    @Override
    public String toString() {
      return "Success{" + (summary != null ? "summary=" + summary.length() + " chars" : "data")
          + (media.isEmpty() ? "" : ", media=" + media.size()) + (isTruncated() ? ", truncated" : "") + "}";
    }
  }

  /**
   * A failed call: a stable machine code, a message safe for users and models, and whether trying again
   * unchanged could succeed.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  final class Failure implements ToolResult {
    private final String code;
    private final String message;
    private final boolean retryable;

    private Failure(String code, String message, boolean retryable) {
      if (code == null || !code.matches("[a-z][a-z0-9_]{0,63}")) {
        throw new IllegalArgumentException("failure code must be lower_snake_case, at most 64 characters, but was " + code);
      }
      if (message == null || message.isBlank()) {
        throw new IllegalArgumentException("failure message for code '" + code + "' must not be blank");
      }
      this.code = code;
      this.message = message;
      this.retryable = retryable;
    }

    @Override
    public boolean isSuccess() {
      return false;
    }

    /** The stable code, such as {@link ToolResult#INVALID_ARGUMENTS}. */
    public String code() {
      return code;
    }

    /** The message, safe to show to users and models. */
    public String message() {
      return message;
    }

    /** Whether the same call might succeed later. */
    public boolean retryable() {
      return retryable;
    }

    /** The text the model reads: {@code "Error (code): message"}. */
    @Override
    public String modelText() {
      return "Error (" + code + "): " + message;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Failure && ((Failure) o).code.equals(code) && ((Failure) o).message.equals(message)
          && ((Failure) o).retryable == retryable;
    }

    @Override
    public int hashCode() {
      return Objects.hash(code, message, retryable);
    }

    @Override
    public String toString() {
      return "Failure{code=" + code + ", retryable=" + retryable + ", message=" + message + "}";
    }
  }
}
