package dev.loadout.mcp;

import dev.loadout.core.ToolSpec;
import dev.loadout.core.internal.digest.Digests;
import java.util.HexFormat;

/**
 * Maps MCP tool names (up to 128 characters, dots allowed) to names every provider accepts
 * ({@code ^[a-zA-Z0-9_-]{1,64}$}), optionally behind a registration's prefix ({@link ToolSelection#modelName}).
 * A name that already fits behind the prefix is kept. Otherwise each other character becomes {@code _}, the
 * result is cut to leave room for the prefix and the hash, and {@code _} plus the first 8 hex digits of the
 * SHA-256 of the original name is appended: deterministic across processes, and distinct names stay distinct.
 * The hash is of the MCP name alone, so the same tool keeps the same hash under any prefix. The way back is the
 * tool itself, which keeps its MCP name.
 */
final class ToolNames {
  private static final int MAX = 64;
  private static final int HASH_CHARS = 8;

  private ToolNames() {}

  static String providerSafe(String mcpName) {
    return providerSafe("", mcpName);
  }

  /**
   * The model name behind a prefix.
   *
   * @param prefix provider-safe and at most {@link ToolSelection#MAX_PREFIX_CHARS} characters; empty for none
   */
  static String providerSafe(String prefix, String mcpName) {
    if (prefix.length() > ToolSelection.MAX_PREFIX_CHARS
        || (!prefix.isEmpty() && !ToolSpec.NAME_PATTERN.matcher(prefix).matches())) {
      throw new IllegalArgumentException("tool-name prefix must be at most " + ToolSelection.MAX_PREFIX_CHARS
          + " characters of [a-zA-Z0-9_-], but was [" + prefix + "]");
    }
    String whole = prefix + mcpName;
    if (ToolSpec.NAME_PATTERN.matcher(whole).matches()) {
      return whole;
    }
    String cleaned = mcpName.replaceAll("[^a-zA-Z0-9_-]", "_");
    int room = MAX - prefix.length() - HASH_CHARS - 1;
    if (cleaned.length() > room) {
      cleaned = cleaned.substring(0, room);
    }
    return prefix + cleaned + "_" + HexFormat.of().formatHex(Digests.sha256(mcpName)).substring(0, HASH_CHARS);
  }

}
