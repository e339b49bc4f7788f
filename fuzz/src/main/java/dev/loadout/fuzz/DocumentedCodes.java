package dev.loadout.fuzz;

import dev.loadout.core.ToolResult;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.capabilities.ReviewCapabilities;
import dev.loadout.mcp.McpFailureCodes;
import dev.loadout.tools.image.AnalyzeImageTool;
import dev.loadout.tools.image.GenerateImageTool;
import dev.loadout.tools.voice.GenerateVoiceMessageTool;
import dev.loadout.tools.web.FetchUrlTool;
import dev.loadout.tools.web.search.WebSearchTool;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The failure codes the tools under fuzz document: every public {@code String} constant of their classes that reads
 * as a code, plus the codes their Javadoc lists in prose ({@code block_user}'s prefixed family).
 */
final class DocumentedCodes {
  /** What the fuzz's own interceptor answers for a call it stopped from leaving the machine. */
  static final String OFFLINE = "fuzz_offline";

  private static final List<Class<?>> HOLDERS = List.of(ToolResult.class, AvailabilityFilters.class, FetchUrlTool.class,
      WebSearchTool.class, GenerateImageTool.class, AnalyzeImageTool.class, GenerateVoiceMessageTool.class,
      ReviewCapabilities.class, McpFailureCodes.class, dev.loadout.core.search.SearchException.class,
      dev.loadout.core.net.BackendException.class);
  /** In PersonaBlockTools' Javadoc: {@code user_block_failed_*} and {@code user_unblock_failed_*}. */
  private static final List<String> BLOCK_FAILURES = List.of("invalid_target", "invalid_type", "invalid_duration",
      "invalid_reason", "ambiguous_user", "user_not_found", "bridge_user", "bot_target", "missing_permission",
      "internal_error", "db_error");

  private static final Set<String> CODES = collect();

  private DocumentedCodes() {}

  static boolean isDocumented(String code) {
    return CODES.contains(code);
  }

  private static Set<String> collect() {
    Set<String> codes = new HashSet<>();
    for (Class<?> holder : HOLDERS) {
      for (Field f : holder.getFields()) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
          try {
            String value = (String) f.get(null);
            if (value != null && value.matches("[a-z][a-z0-9_]{0,63}")) {
              codes.add(value);
            }
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
          }
        }
      }
    }
    for (String prefix : List.of("user_block_failed_", "user_unblock_failed_")) {
      BLOCK_FAILURES.forEach(suffix -> codes.add(prefix + suffix));
    }
    // review_capabilities refuses an unknown report type with this code (its Javadoc's "capability_type").
    codes.add("invalid_capability_type");
    codes.add(OFFLINE);
    return Set.copyOf(codes);
  }
}
