package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collection;
import org.apiguardian.api.API;

/**
 * Supplies built-in tools to a {@link ToolRegistry} through {@link java.util.ServiceLoader}.
 *
 * <p>List implementations in {@code META-INF/services/dev.loadout.core.ToolProvider}; each needs a public
 * no-argument constructor. {@link ToolRegistry.Builder#discoverProviders(ClassLoader)} registers every
 * tool they return as a built-in, named after the provider's class in error messages.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ToolProvider {
  /** The tools to register; never null, no nulls inside. */
  Collection<BaseTool> tools();
}
