package dev.loadout.mcp;

import dev.loadout.core.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Maps MCP tool names (up to 128 characters, dots allowed) to names every provider accepts
 * ({@code ^[a-zA-Z0-9_-]{1,64}$}). A name that already fits is kept. Otherwise each other character becomes
 * {@code _}, the result is cut to leave room, and {@code _} plus the first 8 hex digits of the SHA-256 of
 * the original name is appended: deterministic across processes, and distinct names stay distinct. The way
 * back is the tool itself, which keeps its MCP name.
 */
final class ToolNames {
  private static final int MAX = 64;
  private static final int HASH_CHARS = 8;

  private ToolNames() {}

  static String providerSafe(String mcpName) {
    if (ToolSpec.NAME_PATTERN.matcher(mcpName).matches()) {
      return mcpName;
    }
    String cleaned = mcpName.replaceAll("[^a-zA-Z0-9_-]", "_");
    int room = MAX - HASH_CHARS - 1;
    if (cleaned.length() > room) {
      cleaned = cleaned.substring(0, room);
    }
    return cleaned + "_" + sha256(mcpName).substring(0, HASH_CHARS);
  }

  private static String sha256(String s) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
