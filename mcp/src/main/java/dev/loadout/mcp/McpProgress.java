package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * One progress notice of a running MCP tool call ({@code notifications/progress}), as a host shows it: "working…
 * step 3 of 10" in the message the bot posted when the call started.
 *
 * @param callId the id of the model's tool call, as in {@link dev.loadout.core.ToolCall#id()}
 * @param tool the tool's name as the model knows it
 * @param server the MCP server's name (a registration's or a host server's)
 * @param progress how far the call is, in the server's units; increases with every notice
 * @param total the total in the same units, when the server knows it
 * @param message the server's words about this step, when it sent any; at most 200 code points, no control
 *     characters
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record McpProgress(String callId, String tool, String server, double progress, OptionalDouble total,
    Optional<String> message) {
  /** The fraction done, from 0 to 1, when the server gave a positive total. */
  public OptionalDouble fraction() {
    if (total.isEmpty() || total.getAsDouble() <= 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(Math.max(0, Math.min(1, progress / total.getAsDouble())));
  }
}
