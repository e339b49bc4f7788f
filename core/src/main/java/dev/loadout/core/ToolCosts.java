package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * What a turn's tools cost in one dialect, by a tokenizer the host supplies: an estimate of what the provider bills
 * for the request's {@code tools} value, not the provider's own count (providers add framing of their own, and count
 * with their own tokenizers). From {@link PreparedTurn#toolCosts(Dialect, ToolCosts.Counter)}.
 *
 * @param dialect the dialect the tools were rendered in
 * @param tools each rendered tool's cost, in render order
 * @param totalBytes the whole render's UTF-8 bytes
 * @param totalTokens the whole render's tokens (near, not equal to, the sum of the tools': brackets and commas count,
 *     and tokens merge across the joins)
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ToolCosts(Dialect dialect, List<Tool> tools, int totalBytes, int totalTokens) {
  /** Copies the list. */
  public ToolCosts {
    tools = List.copyOf(tools);
  }

  /**
   * One rendered tool's cost.
   *
   * @param name the tool's name
   * @param bytes its definition's UTF-8 bytes in the dialect
   * @param tokens its definition's tokens
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Tool(String name, int bytes, int tokens) {}

  /**
   * Counts the tokens of a text: the host's tokenizer (o200k through jtokkit, say). Loadout ships none, so core
   * depends on no tokenizer.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  @FunctionalInterface
  public interface Counter {
    /** The number of tokens of a text; never negative. */
    int count(String text);
  }
}
