package dev.loadout.benchmarks;

import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The baseline: a bot that constructs its tool specs per request. Every turn it copies each parameters
 * tree from the parsed fixture, applies that turn's variant edits to its copy, builds a
 * {@link ToolSpec} from it, checks the permission, and serialises the specs into the OpenAI
 * {@code tools} bytes with a plain Jackson mapper. No Loadout cache is involved: no memoised variants, no
 * cached renders, no cached ordering (the fixture order is kept).
 *
 * <p>{@code ToolSpec.Builder.build()} copies the schema, digests it and compiles its validator, so this
 * is what rebuilding Loadout specs per turn costs, not the floor of rebuilding any object model; that
 * floor is {@link JacksonCopyAndWrite}.
 */
final class RebuildEachTurn implements TurnAdapter {
  private final Toolset toolset;
  private final Variants.Rule[] rules = new Variants.Rule[Toolset.SIZE];

  RebuildEachTurn(Toolset toolset) {
    Variants.check(toolset);
    this.toolset = toolset;
    for (int i = 0; i < Toolset.SIZE; i++) {
      rules[i] = Variants.rule(toolset.name(i));
    }
  }

  @Override
  public Object turn(TurnContext context) {
    ArrayNode tools = JsonNodeFactory.instance.arrayNode(Toolset.SIZE);
    for (int i = 0; i < Toolset.SIZE; i++) {
      ObjectNode parameters = toolset.parameters(i).deepCopy();
      if (rules[i] != null) {
        List<Variants.Change> changes = rules[i].changes(context);
        for (Variants.Change change : changes) {
          change.applyTo(parameters);
        }
      }
      ToolSpec spec = toolset.spec(i, parameters);
      if (!spec.requirements().permissions().isSatisfiedBy(context.permissions())) {
        continue;
      }
      ObjectNode function = tools.addObject().put("type", "function").putObject("function");
      function.put("name", spec.name());
      function.put("description", spec.description());
      function.set("parameters", spec.parameters());
    }
    return Toolset.MAPPER.writeValueAsBytes(tools);
  }

  @Override
  public byte[] toolsJson(TurnContext context) {
    return (byte[]) turn(context);
  }
}
