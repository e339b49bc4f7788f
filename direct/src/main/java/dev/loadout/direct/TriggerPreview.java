package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a sample message would trigger, without calling anything or touching the task store: for a settings
 * page where an operator tries rules out. The live path additionally checks the arguments against the tool's
 * schema and the session's task slot.
 *
 * @param skipReason why keyword rules would not see the message (quoted, code, negation, too long), or null
 * @param hits every command or rule that matches, in tool and rule order
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TriggerPreview(String skipReason, List<Hit> hits) {

  /** Copies the hits. */
  public TriggerPreview {
    hits = List.copyOf(hits);
  }

  /**
   * One match.
   *
   * @param toolName the tool
   * @param trigger the slash command ({@code /search}) or rule ({@code rules[1] REGEX [^计算 (\d+)$]})
   * @param arguments the expanded arguments, or null when expansion failed
   * @param problem why expansion failed (a missing parameter, a type error), or null
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Hit(String toolName, String trigger, ObjectNode arguments, String problem) {
    /** The expanded arguments, if expansion succeeded. */
    public Optional<ObjectNode> expanded() {
      return Optional.ofNullable(arguments).map(ObjectNode::deepCopy);
    }
  }
}
