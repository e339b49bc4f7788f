package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * One tool result as it goes back to the model, in no provider's format: for hosts and adapters whose LLM client
 * has its own message types (a LangChain4j {@code ToolExecutionResultMessage}, a Spring AI {@code ToolResponse}).
 * It carries what {@link Dialect#historyMessages(List)} writes, so a result reads the same to the model whichever
 * way it travels.
 *
 * <pre>{@code
 * for (ToolOutcome outcome : outcomes) {
 *   HistoryEntry e = HistoryEntry.of(outcome);
 *   messages.add(new MyClientToolMessage(e.callId(), e.toolName(), e.text(), e.isError()));
 * }
 * }</pre>
 *
 * @param callId the id of the call this answers, as the call carried it; never null, possibly empty
 * @param toolName the tool name the model used (not a dialect's wire name); never null, possibly empty
 * @param text {@link ToolResult#modelText()}; never null, possibly empty
 * @param isError whether the result is a {@link ToolResult.Failure}
 * @param media every piece of media of a success, each with its MIME type, in order; empty for a failure. The
 *     dialects' JSON carries only the images among them ({@link ToolMedia#isImage()}), since chat providers take
 *     no other media in history; a client that takes more can send the rest.
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryEntry(String callId, String toolName, String text, boolean isError, List<ToolMedia> media) {
  /**
   * Checks the parts and copies the media list.
   *
   * @throws IllegalArgumentException when a part is null or the media list holds a null
   */
  public HistoryEntry {
    if (callId == null || toolName == null || text == null) {
      throw new IllegalArgumentException("history entry needs a call id, a tool name and a text, but got callId="
          + callId + ", toolName=" + toolName + ", text=" + (text == null ? "null" : text.length() + " chars"));
    }
    if (!Checks.noNulls(media)) {
      throw new IllegalArgumentException("history entry media must be a list without nulls, but was " + media);
    }
    media = List.copyOf(media);
  }

  /**
   * The entry for a call and its result.
   *
   * @param outcome the call and its result; never null
   * @return the entry; never null
   */
  public static HistoryEntry of(ToolOutcome outcome) {
    if (outcome == null) {
      throw new IllegalArgumentException("outcome must not be null");
    }
    ToolResult r = outcome.result();
    List<ToolMedia> media = r instanceof ToolResult.Success ? ((ToolResult.Success) r).media() : List.of();
    return new HistoryEntry(outcome.call().id(), outcome.call().name(), r.modelText(), !r.isSuccess(), media);
  }

  /** The images among {@link #media()}, in order: what the dialects put into history. */
  public List<ToolMedia> images() {
    return media.stream().filter(ToolMedia::isImage).toList();
  }

  /** Shows the id, the name and sizes only: the text may carry user data. */
  @Override
  public String toString() {
    return "HistoryEntry{callId=" + callId + ", toolName=" + toolName + ", text=" + text.length() + " chars"
        + (isError ? ", error" : "") + (media.isEmpty() ? "" : ", media=" + media.size()) + "}";
  }
}
