package dev.loadout.benchmarks;

import dev.loadout.core.TurnContext;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The floor any per-turn rebuild pays: deep-copy the 100 tool definitions and write them as bytes with a
 * plain Jackson 3 mapper. It ignores the context (no variants, no filtering), matching the
 * "Jackson 3: deep-copy the 100 specs + write bytes" line of the fixture's peer table.
 */
final class JacksonCopyAndWrite implements TurnAdapter {
  private final Toolset toolset;

  JacksonCopyAndWrite(Toolset toolset) {
    this.toolset = toolset;
  }

  @Override
  public Object turn(TurnContext context) {
    ArrayNode tools = JsonNodeFactory.instance.arrayNode(Toolset.SIZE);
    for (int i = 0; i < Toolset.SIZE; i++) {
      tools.addObject().put("type", "function").set("function", toolset.functions().get(i).deepCopy());
    }
    return Toolset.MAPPER.writeValueAsBytes(tools);
  }

  @Override
  public byte[] toolsJson(TurnContext context) {
    return (byte[]) turn(context);
  }
}
