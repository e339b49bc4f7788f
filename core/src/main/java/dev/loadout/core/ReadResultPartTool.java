package dev.loadout.core;

import dev.loadout.core.internal.text.Texts;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code read_result_part}: the next window of a result that was cut at the result cap, by the id and offset the
 * cut result named. It sees only the remainders of its own turn's session, and hides itself on turns whose session
 * holds none, so it costs the model nothing when there is nothing to read.
 */
final class ReadResultPartTool implements BaseTool {
  static final String NAME = "read_result_part";
  /** A result id or offset of this session that is not (or no longer) kept. */
  static final String NOT_FOUND = "result_not_found";

  private final ResultRemainders remainders;
  private final ToolSpec spec;

  ReadResultPartTool(ResultRemainders remainders) {
    this.remainders = remainders;
    this.spec = ToolSpec.builder(NAME, """
        {"type":"object","properties":{
          "result_id":{"type":"string","minLength":1,"maxLength":32,"description":"The id a cut result named, such as r1."},
          "offset":{"type":"integer","minimum":0,"description":"The character offset to read from, as the cut result or the previous part said."}},
         "required":["result_id","offset"],"additionalProperties":false}""")
        .description("Read on in a tool result that was too long and was cut: give the result id and offset it "
            + "named. Each call returns the next part and says where the part after it starts.")
        // A window and its note always reach the model whole, and are never stored again.
        .maxResultChars(remainders.windowChars() + 512)
        .build();
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    return remainders.holdsRemainder(context) ? Optional.of(spec) : Optional.empty();
  }

  @Override
  public AvailabilityDecision hiddenReason(TurnContext context) {
    return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY,
        "no cut result of this conversation is waiting to be read");
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    String id = call.argumentsJson().get("result_id").stringValue();
    long offset = call.argumentsJson().get("offset").longValue();
    Optional<ResultRemainders.Stored> stored = remainders.find(remainders.session(context), id);
    if (stored.isEmpty()) {
      return done(ToolResult.failure(NOT_FOUND, "No cut result [" + id + "] is kept for this conversation; it may "
          + "have expired. Call the original tool again if you still need it.", false));
    }
    String text = stored.get().text();
    if (offset >= text.length()) {
      return done(ToolResult.failure(NOT_FOUND, "Result [" + id + "] has " + text.length() + " stored characters, so "
          + "there is nothing at offset " + offset + ".", false));
    }
    int start = (int) offset;
    if (start > 0 && Character.isLowSurrogate(text.charAt(start))) {
      start--;
    }
    int end = Math.min(text.length(), start + remainders.windowChars());
    if (end < text.length()) {
      end = Texts.cutPoint(text, end);
    }
    String note;
    if (end < text.length()) {
      note = "\n[part of result " + id + ": characters " + start + "-" + end + " of " + stored.get().originalLength()
          + "; call " + NAME + " with result_id \"" + id + "\" and offset " + end + " to read on]";
    } else if (text.length() < stored.get().originalLength()) {
      note = "\n[end of what is kept of result " + id + ": characters " + start + "-" + end + "; the last "
          + (stored.get().originalLength() - text.length()) + " characters were too many to keep]";
    } else {
      note = "\n[end of result " + id + "]";
    }
    return done(ToolResult.text(text.substring(start, end) + note));
  }

  private static CompletionStage<ToolResult> done(ToolResult r) {
    return CompletableFuture.completedFuture(r);
  }

  @Override
  public String toString() {
    return "ReadResultPartTool{" + remainders + "}";
  }
}
