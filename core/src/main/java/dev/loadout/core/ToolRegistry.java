package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.apiguardian.api.API;

/**
 * All tools a bot has: built-ins, fixed when the registry is built, and external tools (such as a
 * guild's MCP tools) that come and go at run time.
 *
 * <p>Every name is unique. A duplicate is refused with an error naming both sources. Built-in names are
 * reserved: an external tool may never shadow one. Each change bumps {@link #version()}, which is how
 * {@link Loadout} knows its cached ordering is stale.
 *
 * <p>Thread-safe. Reads never lock: changes publish a new immutable snapshot.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolRegistry {

  /** One registered tool and where it came from. */
  static final class Entry {
    final BaseTool tool;
    final ToolSpec spec;
    final String source;
    final boolean builtIn;

    Entry(BaseTool tool, ToolSpec spec, String source, boolean builtIn) {
      this.tool = tool;
      this.spec = spec;
      this.source = source;
      this.builtIn = builtIn;
    }
  }

  /** An immutable view: the entries in registration order and the version they belong to. */
  static final class Snapshot {
    final long version;
    final List<Entry> entries;
    final Map<String, Entry> byName;

    Snapshot(long version, Map<String, Entry> byName) {
      this.version = version;
      this.byName = Collections.unmodifiableMap(byName);
      this.entries = List.copyOf(byName.values());
    }
  }

  private volatile Snapshot snapshot;

  private ToolRegistry(Map<String, Entry> builtIns) {
    this.snapshot = new Snapshot(1, builtIns);
  }

  /** Starts a registry. */
  public static Builder builder() {
    return new Builder();
  }

  /** Increases with every change; two equal versions mean the same tools. */
  public long version() {
    return snapshot.version;
  }

  /** Every registered tool, built-ins first in registration order, then external ones. */
  public List<BaseTool> tools() {
    List<BaseTool> out = new ArrayList<>();
    for (Entry e : snapshot.entries) {
      out.add(e.tool);
    }
    return Collections.unmodifiableList(out);
  }

  /** The tool with this name, if any. */
  public Optional<BaseTool> tool(String name) {
    Entry e = snapshot.byName.get(name);
    return e == null ? Optional.empty() : Optional.of(e.tool);
  }

  /** The source a tool was registered under, such as a provider class or {@code guild MCP server x}. */
  public Optional<String> source(String name) {
    Entry e = snapshot.byName.get(name);
    return e == null ? Optional.empty() : Optional.of(e.source);
  }

  /** Whether the name belongs to a built-in, which no external tool may shadow. */
  public boolean isReserved(String name) {
    Entry e = snapshot.byName.get(name);
    return e != null && e.builtIn;
  }

  /**
   * Adds an external tool at run time.
   *
   * @param source where the tool comes from, shown in errors (for example {@code guild 42 MCP server
   *     "notes"}); never a URL or a secret
   * @throws IllegalArgumentException if the name is taken, naming both sources
   */
  public synchronized void registerExternal(String source, BaseTool tool) {
    Map<String, Entry> next = new LinkedHashMap<>(snapshot.byName);
    add(next, tool, source, false);
    snapshot = new Snapshot(snapshot.version + 1, next);
  }

  /**
   * Removes an external tool.
   *
   * @return whether a tool was removed
   * @throws IllegalArgumentException if the name belongs to a built-in
   */
  public synchronized boolean unregisterExternal(String name) {
    Entry e = snapshot.byName.get(name);
    if (e == null) {
      return false;
    }
    if (e.builtIn) {
      throw new IllegalArgumentException("tool '" + name + "' is a built-in from " + e.source + " and cannot be unregistered");
    }
    Map<String, Entry> next = new LinkedHashMap<>(snapshot.byName);
    next.remove(name);
    snapshot = new Snapshot(snapshot.version + 1, next);
    return true;
  }

  Snapshot snapshot() {
    return snapshot;
  }

  private static void add(Map<String, Entry> into, BaseTool tool, String source, boolean builtIn) {
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("tool source must not be blank");
    }
    if (tool == null) {
      throw new IllegalArgumentException("tool from " + source + " must not be null");
    }
    ToolSpec spec = tool.spec();
    if (spec == null) {
      throw new IllegalArgumentException("tool " + tool.getClass().getName() + " from " + source + " returned a null spec");
    }
    Entry existing = into.get(spec.name());
    if (existing != null) {
      throw new IllegalArgumentException("tool name '" + spec.name() + "' from " + source + " is already registered by "
          + existing.source + (existing.builtIn ? " (a reserved built-in name)" : ""));
    }
    into.put(spec.name(), new Entry(tool, spec, source, builtIn));
  }

  /**
   * Collects built-in tools.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final Map<String, Entry> builtIns = new LinkedHashMap<>();

    private Builder() {}

    /**
     * Registers built-ins; their source in error messages is their class name.
     *
     * @throws IllegalArgumentException on a duplicate name, naming both sources
     */
    public Builder register(BaseTool... tools) {
      for (BaseTool tool : tools) {
        add(builtIns, tool, tool == null ? "null" : tool.getClass().getName(), true);
      }
      return this;
    }

    /** Registers built-ins under a source name of your choice. */
    public Builder register(String source, Collection<? extends BaseTool> tools) {
      for (BaseTool tool : tools) {
        add(builtIns, tool, source, true);
      }
      return this;
    }

    /**
     * Registers the tools of every {@link ToolProvider} that {@link ServiceLoader} finds.
     *
     * @throws IllegalArgumentException if a provider cannot be loaded or returns a duplicate name
     */
    public Builder discoverProviders(ClassLoader classLoader) {
      try {
        for (ToolProvider provider : ServiceLoader.load(ToolProvider.class, classLoader)) {
          Collection<BaseTool> tools = provider.tools();
          if (tools == null) {
            throw new IllegalArgumentException("tool provider " + provider.getClass().getName() + " returned null");
          }
          register("tool provider " + provider.getClass().getName(), tools);
        }
      } catch (ServiceConfigurationError e) {
        throw new IllegalArgumentException("a tool provider could not be loaded: " + e.getMessage(), e);
      }
      return this;
    }

    /** Builds the registry. */
    public ToolRegistry build() {
      return new ToolRegistry(builtIns);
    }
  }
}
