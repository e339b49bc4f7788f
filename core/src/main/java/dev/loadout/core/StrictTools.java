package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A turn's tools rendered for OpenAI's strict mode ({@link PreparedTurn#renderStrict(Dialect)}): every tool whose
 * schema allows it is sent with {@code "strict": true} and the rewritten schema strict mode needs; every other tool
 * is sent exactly as {@link PreparedTurn#render(Dialect)} sends it, and named in {@link #notStrict()} with the reason.
 *
 * @param tools the request's {@code tools}
 * @param notStrict the tools sent without strict mode, in tool order; empty when every tool is strict
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StrictTools(RenderedTools tools, List<NotStrict> notStrict) {
  /** Copies the list. */
  public StrictTools {
    notStrict = List.copyOf(notStrict);
  }

  /**
   * A tool whose schema strict mode cannot take without changing what it means.
   *
   * @param toolName the tool
   * @param reason a sentence naming the place in the schema, such as
   *     {@code "'minLength' at /properties/query is not supported in strict mode"}
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record NotStrict(String toolName, String reason) {}
}
