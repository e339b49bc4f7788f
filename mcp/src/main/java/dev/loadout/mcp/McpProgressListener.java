package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.AttributeKey;
import org.apiguardian.api.API;

/**
 * Hears the progress of MCP tool calls, so a bot can edit its "working…" message while a long call runs.
 *
 * <p>Loadout sends a progress token with every call; servers that report progress answer with
 * {@code notifications/progress}, which arrive here at most once per {@link McpSettings#progressInterval()} per
 * call (the first notice at once, later ones dropped until the interval has passed, by the manager's clock). Once
 * the call has returned its result no notice is delivered, except one that was already being delivered at that
 * moment; a notice may come after its successor (servers and the SDK do not order them). Attach a listener to a turn with {@link #KEY} in the {@link dev.loadout.core.TurnContext} (it then hears
 * that turn's calls only), or to every call with {@link GuildMcpManager.Builder#progressListener}; the turn's
 * listener wins.
 *
 * <p>Called on the MCP client's own threads, which also read the server's answers: a listener must be fast (hand
 * slow work, such as editing a chat message, to the bot's own executor) and must not throw or call back into the
 * manager; one that throws is logged at WARN and the call goes on.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface McpProgressListener {
  /** The turn attribute that carries a listener for that turn's MCP calls. */
  AttributeKey<McpProgressListener> KEY = AttributeKey.of("loadout.mcp.progress", McpProgressListener.class);

  /** Hears nothing. */
  McpProgressListener NONE = progress -> {};

  /**
   * One notice.
   *
   * @param progress what the server reported; never null
   */
  void onProgress(McpProgress progress);
}
