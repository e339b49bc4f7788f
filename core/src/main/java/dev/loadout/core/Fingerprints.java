package dev.loadout.core;

import dev.loadout.core.internal.digest.Digests;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * The two fingerprints, in one place. A spec's is the one schema fingerprint ({@link Digests#fingerprint}: SHA-256,
 * first 128 bits in hex) of what a model sees of it, in the order it sees it, computed once when the spec is built, so equal specs agree in every JVM. A turn's is
 * a cheap 64-bit mix of its visible specs' digests in order, computed on every {@code prepare}; it keys
 * the render cache, whose hits are still checked against the exact variants, so a collision can cost a
 * render but never show the wrong tools.
 */
final class Fingerprints {
  private Fingerprints() {}

  static String ofSpec(String name, String description, ObjectNode parameters) {
    ObjectNode canonical = Json.object();
    canonical.put("name", name);
    canonical.put("description", description);
    canonical.set("parameters", parameters);
    return Digests.fingerprint(Json.bytes(canonical));
  }

  /** 64 bits mixed from each variant's own digest, in order; printed as 16 hex digits. */
  static String ofTurn(List<ToolSpec> visible) {
    long h = 0x9E3779B97F4A7C15L ^ visible.size();
    for (ToolSpec s : visible) {
      h = mix(h * 31 + s.fingerprintBits());
    }
    String hex = Long.toHexString(h);
    return "0000000000000000".substring(hex.length()) + hex;
  }

  /**
   * {@link #ofTurn(List)} of the shown tools followed by the deferred ones at these positions, with the point where
   * the shown ones end mixed in, so a tool moving from deferred to shown changes it.
   */
  static String ofTurn(List<ToolSpec> shown, List<ToolSpec> deferred, List<Integer> positions) {
    long h = 0x9E3779B97F4A7C15L ^ (shown.size() + positions.size()) ^ ((long) shown.size() << 32);
    for (ToolSpec s : shown) {
      h = mix(h * 31 + s.fingerprintBits());
    }
    for (int k : positions) {
      h = mix(h * 31 + deferred.get(k).fingerprintBits());
    }
    String hex = Long.toHexString(mix(h));
    return "0000000000000000".substring(hex.length()) + hex;
  }

  /**
   * A key for OpenAI's {@code prompt_cache_key} from a prefix fingerprint: a fixed prefix so operators can tell
   * Loadout's keys from their own, well under the field's 64 characters.
   */
  static String cacheKey(String prefixFingerprint) {
    return "loadout-tools-" + prefixFingerprint;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }

}
