package dev.loadout.mcp;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolResult;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.UrlArguments;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one MCP tool call. Before calling, a fresh read of the guild's registrations must still show the
 * same registration (enabled, same URL) and its live connection must still list the tool; URL-typed
 * arguments of a replacement family pass the network guard. The call runs on the blocking executor under
 * {@link McpSettings#executionTimeout()}: the SDK alone would wait out its whole request timeout when a
 * server dies mid-call. A session or transport failure discards the pooled connection, so the next call
 * connects a fresh client. Every outcome is a {@link ToolResult}; nothing is thrown.
 */
final class Calls {
  private static final int MAX_ERROR_CHARS = 2_000;

  private final McpRegistrationStore store;
  private final Pool pool;
  private final NetworkGuard guard;
  private final McpSettings settings;
  private final Executor blocking;

  Calls(McpRegistrationStore store, Pool pool, NetworkGuard guard, McpSettings settings, Executor blocking) {
    this.store = store;
    this.pool = pool;
    this.guard = guard;
    this.settings = settings;
    this.blocking = blocking;
  }

  ToolResult call(McpRegistration shown, String mcpName, ObjectNode schema, ObjectNode arguments) {
    Optional<McpRegistration> current;
    try {
      current = store.list(shown.guildId()).stream()
          .filter(r -> r.id() == shown.id() && r.enabled() && r.url().equals(shown.url())).findFirst();
    } catch (RuntimeException e) {
      return failure(McpFailureCodes.UNAVAILABLE, "The MCP registrations could not be read; try again.", true);
    }
    if (current.isEmpty()) {
      return failure(McpFailureCodes.UNAVAILABLE, "The MCP server '" + shown.name() + "' is no longer enabled here.", false);
    }
    McpRegistration r = current.get();
    Optional<Pool.Pooled> pooled;
    try {
      pooled = pool.connection(r).get(settings.connectTimeout().toMillis() + 500, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      pooled = Optional.empty();
    }
    if (pooled.isEmpty()) {
      return failure(McpFailureCodes.UNAVAILABLE, "The MCP server '" + r.name() + "' is not reachable right now.", true);
    }
    Pool.Pooled p = pooled.get();
    if (p.connected().tools().stream().noneMatch(t -> t.name().equals(mcpName))) {
      return failure(McpFailureCodes.UNKNOWN_TOOL, "The MCP server '" + r.name() + "' no longer offers '" + mcpName + "'.", false);
    }
    if (r.type().replacedFamily().isPresent()) {
      UrlArguments.Result check = UrlArguments.check(schema, arguments, guard);
      if (!check.allowed()) {
        return failure(McpFailureCodes.URL_REFUSED, check.message().orElse("A URL argument was refused."), false);
      }
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> args = Pool.JSON.convertValue(arguments, Map.class);
    McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder(mcpName).arguments(args).build();
    CompletableFuture<McpSchema.CallToolResult> work =
        CompletableFuture.supplyAsync(() -> p.connected().client().callTool(request), blocking);
    McpSchema.CallToolResult result;
    try {
      result = Deadlines.await(work, settings.executionTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return failure(ToolResult.TIMEOUT, "The MCP tool '" + mcpName + "' did not answer within "
          + settings.executionTimeout().toMillis() + " ms.", true);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      Failures.Classified f = Failures.classify(e);
      boolean connectionProblem = f.sessionLost() || f.code().equals(McpFailureCodes.UNREACHABLE)
          || f.code().equals(McpFailureCodes.HTTP_ERROR);
      if (connectionProblem) {
        pool.discard(new Pool.Key(r.guildId(), r.id()), p);
      }
      String detail = Redaction.sanitize(f.detail(), r.url(), r.token().orElse(null));
      return failure(f.code(), "The MCP tool '" + mcpName + "' failed: " + detail, connectionProblem);
    }
    return map(result, mcpName, text -> Redaction.sanitize(text, r.url(), r.token().orElse(null)));
  }

  static ToolResult map(McpSchema.CallToolResult result, String mcpName, Function<String, String> sanitize) {
    List<String> texts = new ArrayList<>();
    List<ToolMedia> media = new ArrayList<>();
    for (McpSchema.Content c : result.content() == null ? List.<McpSchema.Content>of() : result.content()) {
      if (c instanceof McpSchema.TextContent) {
        texts.add(((McpSchema.TextContent) c).text());
      } else if (c instanceof McpSchema.ImageContent) {
        McpSchema.ImageContent i = (McpSchema.ImageContent) c;
        media.add(ToolMedia.base64(i.mimeType(), i.data()));
      } else if (c instanceof McpSchema.AudioContent) {
        McpSchema.AudioContent a = (McpSchema.AudioContent) c;
        media.add(ToolMedia.base64(a.mimeType(), a.data()));
      } else if (c instanceof McpSchema.EmbeddedResource) {
        McpSchema.ResourceContents rc = ((McpSchema.EmbeddedResource) c).resource();
        if (rc instanceof McpSchema.TextResourceContents) {
          texts.add(((McpSchema.TextResourceContents) rc).text());
        }
      } else if (c instanceof McpSchema.ResourceLink) {
        texts.add(((McpSchema.ResourceLink) c).uri());
      }
    }
    String text = String.join("\n\n", texts);
    if (Boolean.TRUE.equals(result.isError())) {
      String m = sanitize.apply(text.isBlank() ? "the tool reported an error" : text);
      return ToolResult.failure(McpFailureCodes.TOOL_ERROR, m.length() > MAX_ERROR_CHARS ? m.substring(0, MAX_ERROR_CHARS) : m,
          false);
    }
    ToolResult.Success success;
    if (result.structuredContent() != null) {
      JsonNode data = Pool.JSON.valueToTree(result.structuredContent());
      success = text.isEmpty() ? ToolResult.success(data) : ToolResult.success(data, text);
    } else {
      success = ToolResult.text(text.isEmpty() && !media.isEmpty() ? "(" + media.size() + " media item(s) from " + mcpName + ")" : text);
    }
    return media.isEmpty() ? success : success.withMedia(media);
  }

  private static ToolResult failure(String code, String message, boolean retryable) {
    return ToolResult.failure(code, message, retryable);
  }
}
