package dev.loadout.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.function.Function;

/**
 * The variants one spec has produced, keyed by the list of edits that made them.
 *
 * <p>Bounded because a variant may depend on per-turn values (an enum narrowed to what a guild has
 * configured); 64 distinct variants per tool is far more than real bots produce, and an evicted variant
 * only costs one more schema edit and render.
 */
final class VariantCache {
  static final int MAXIMUM_VARIANTS = 64;

  private final Cache<List<SchemaEdit.Edit>, ToolSpec> cache =
      Caffeine.newBuilder().maximumSize(MAXIMUM_VARIANTS).executor(Runnable::run).build();

  ToolSpec getIfPresent(List<SchemaEdit.Edit> edits) {
    return cache.getIfPresent(edits);
  }

  ToolSpec get(List<SchemaEdit.Edit> edits, Function<List<SchemaEdit.Edit>, ToolSpec> make) {
    return cache.get(edits, make);
  }
}
