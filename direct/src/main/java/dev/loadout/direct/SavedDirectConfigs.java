package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The direct-invocation configs of one scope as a {@link DirectConfigStore} holds them, with the version they
 * were read at. Saving an edited list back names that version, so a save from a stale copy is refused instead
 * of silently dropping what another operator saved in between.
 *
 * <p>The list is the whole truth of the scope, including configs of tools that are not present right now:
 * edit it with {@link #with} and {@link #without}, never by writing back {@link DirectCatalog#configs()}, which
 * holds only the tools present now.
 *
 * @param scope the scope, such as a guild id; never blank
 * @param version the stored version: 0 for a scope never saved, then 1, 2, … per save
 * @param configs the configs in save order, at most one per tool; never null
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SavedDirectConfigs(String scope, long version, List<DirectConfig> configs) {

  /** Checks the parts and copies the list. */
  public SavedDirectConfigs {
    requireScope(scope);
    if (version < 0) {
      throw new IllegalArgumentException("version must be at least 0, but was " + version);
    }
    if (configs == null || configs.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("configs must be a list without nulls, but was " + configs);
    }
    Set<String> tools = new HashSet<>();
    for (DirectConfig c : configs) {
      if (!tools.add(c.toolName())) {
        throw new IllegalArgumentException("configs must hold one config per tool, but tool [" + c.toolName()
            + "] had two");
      }
    }
    configs = List.copyOf(configs);
  }

  /** Refuses a blank scope, naming the value. */
  static String requireScope(String scope) {
    if (scope == null || scope.isBlank()) {
      throw new IllegalArgumentException("scope must not be blank, but was " + (scope == null ? "null" : "[" + scope + "]"));
    }
    return scope;
  }

  /** What a save from {@code expectedVersion} writes: the configs at the next version. */
  static SavedDirectConfigs next(String scope, long expectedVersion, List<DirectConfig> configs) {
    if (expectedVersion < 0) {
      throw new IllegalArgumentException("expectedVersion must be at least 0, but was " + expectedVersion);
    }
    return new SavedDirectConfigs(scope, expectedVersion + 1, configs);
  }

  /** A scope that was never saved: version 0 and no configs. */
  public static SavedDirectConfigs empty(String scope) {
    return new SavedDirectConfigs(scope, 0, List.of());
  }

  /**
   * These configs with one tool's config replaced in place, or appended when the tool had none; the version
   * stays, as the base of the next save.
   */
  public SavedDirectConfigs with(DirectConfig config) {
    if (config == null) {
      throw new IllegalArgumentException("config must not be null");
    }
    List<DirectConfig> out = new ArrayList<>(configs);
    int at = indexOf(config.toolName());
    if (at < 0) {
      out.add(config);
    } else {
      out.set(at, config);
    }
    return new SavedDirectConfigs(scope, version, out);
  }

  /** These configs without the tool's config (unchanged if it had none); the version stays. */
  public SavedDirectConfigs without(String toolName) {
    int at = indexOf(toolName);
    if (at < 0) {
      return this;
    }
    List<DirectConfig> out = new ArrayList<>(configs);
    out.remove(at);
    return new SavedDirectConfigs(scope, version, out);
  }

  private int indexOf(String toolName) {
    for (int i = 0; i < configs.size(); i++) {
      if (configs.get(i).toolName().equals(toolName)) {
        return i;
      }
    }
    return -1;
  }
}
