package dev.loadout.direct;

import dev.loadout.core.ToolSpec;
import java.util.List;

/**
 * A saved tool: its spec (whose schema check, {@link ToolSpec#argumentViolations}, is compiled once), config,
 * resolved template (null when disabled without one), and rules.
 */
record CompiledTool(ToolSpec spec, DirectConfig config, ArgumentTemplate template, List<CompiledRule> rules) {}
