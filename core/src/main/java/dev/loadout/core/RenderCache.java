package dev.loadout.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;

/**
 * The renders of recent turns, keyed by turn fingerprint and dialect, so a turn whose variants are the
 * same as an earlier turn's returns that turn's bytes without joining them again.
 *
 * <p>Each entry keeps the exact variant objects it was rendered from and a hit is checked against them,
 * so a fingerprint collision can never hand one turn another turn's tools. Bounded: a bot sees few
 * distinct tool lists (one per guild configuration and permission level), and a miss costs one join of
 * cached per-tool bytes.
 */
final class RenderCache {
  static final int MAXIMUM_TURNS = 256;

  private final Cache<Key, Entry> entries =
      Caffeine.newBuilder().maximumSize(MAXIMUM_TURNS).executor(Runnable::run).build();

  RenderedTools render(Dialect dialect, String fingerprint, List<ToolSpec> visible) {
    return render(dialect, false, fingerprint, visible);
  }

  RenderedTools render(Dialect dialect, boolean strict, String fingerprint, List<ToolSpec> visible) {
    RenderedTools cached = cached(dialect, strict, fingerprint, visible, -1);
    return cached != null ? cached : renderAndKeep(dialect, strict, fingerprint, visible, -1);
  }

  /**
   * The bytes an earlier turn with these variants rendered, with the same Anthropic cache breakpoint (negative for
   * none); null when there are none.
   */
  RenderedTools cached(Dialect dialect, boolean strict, String fingerprint, List<ToolSpec> visible, int breakpoint) {
    Entry cached = entries.getIfPresent(new Key(fingerprint, dialect, strict, breakpoint));
    return cached != null && cached.sameVariants(visible) ? cached.tools : null;
  }

  /** Renders these variants and keeps the bytes for later turns. */
  RenderedTools renderAndKeep(Dialect dialect, boolean strict, String fingerprint, List<ToolSpec> visible,
      int breakpoint) {
    RenderedTools tools = new RenderedTools(dialect, ToolRenderer.turn(dialect, visible, strict, breakpoint));
    entries.put(new Key(fingerprint, dialect, strict, breakpoint), new Entry(visible.toArray(new ToolSpec[0]), tools));
    return tools;
  }

  private record Key(String fingerprint, Dialect dialect, boolean strict, int breakpoint) {}

  private static final class Entry {
    final ToolSpec[] variants;
    final RenderedTools tools;

    Entry(ToolSpec[] variants, RenderedTools tools) {
      this.variants = variants;
      this.tools = tools;
    }

    boolean sameVariants(List<ToolSpec> visible) {
      if (visible.size() != variants.length) {
        return false;
      }
      for (int i = 0; i < variants.length; i++) {
        if (visible.get(i) != variants[i] && !visible.get(i).equals(variants[i])) {
          return false;
        }
      }
      return true;
    }
  }
}
