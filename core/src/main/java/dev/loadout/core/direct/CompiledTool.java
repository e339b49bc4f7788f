package dev.loadout.core.direct;

import dev.loadout.core.ToolSpec;
import java.util.List;

/**
 * A saved tool: its spec, config, resolved template (null when disabled without one), rules, and the compiled
 * check of its parameters.
 */
record CompiledTool(ToolSpec spec, DirectConfig config, ArgumentTemplate template, List<CompiledRule> rules,
    ArgumentCheck check) {}
