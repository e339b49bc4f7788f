package dev.loadout.tools.persona;

import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.AliasPurpose;
import dev.loadout.core.participants.ParticipantKind;
import dev.loadout.core.participants.TargetResolution;
import dev.loadout.core.participants.TargetResolver;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What {@code block_user} and {@code unblock_user} share: reading their arguments and turning
 * {@code blocked_user} into a guild member, with one failure code per problem. Codes are
 * {@code <prefix>_failed_<problem>}, the prefix being {@code user_block} or {@code user_unblock}.
 */
final class BlockTarget {
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The member a call is about, or the failure that stops it. */
  record Outcome(PersonaBlock.Key key, String label, ToolResult.Failure failure) {}

  private BlockTarget() {}

  static ToolResult.Failure failure(String prefix, String problem, String message) {
    return ToolResult.failure(prefix + "_failed_" + problem, message, false);
  }

  /** The argument as trimmed text, or empty when it is missing or not a string. */
  static String text(ObjectNode args, String name) {
    JsonNode n = args.get(name);
    return n != null && n.isString() ? n.stringValue().strip() : "";
  }

  /** Checks the turn's place and resolves the target; never throws for anything a model sends. */
  static Outcome resolve(String prefix, TargetResolver resolver, TurnContext context, String input) {
    if (input.isEmpty()) {
      return fail(failure(prefix, "invalid_target", "blocked_user must name a user of this conversation or server."));
    }
    if (context.guildId().isEmpty() || context.personaId().isEmpty()) {
      return fail(ToolResult.failure(prefix + "_failed_internal_error",
          "Persona user blocks need a server and an active persona, and this turn has neither or only one.", false));
    }
    TargetResolution r = resolver.resolve(context, input, AliasPurpose.TOOL_TARGET);
    if (r instanceof TargetResolution.Ambiguous) {
      List<String> labels = new ArrayList<>();
      ((TargetResolution.Ambiguous) r).candidates().forEach(c -> labels.add(c.label()));
      int more = ((TargetResolution.Ambiguous) r).totalCount() - labels.size();
      return fail(failure(prefix, "ambiguous_user", "Multiple users match \"" + input + "\". Please clarify: "
          + String.join(", ", labels) + (more > 0 ? " (and " + more + " more)" : "") + "."));
    }
    if (r instanceof TargetResolution.NotFound) {
      return ((TargetResolution.NotFound) r).botMatched()
          ? fail(failure(prefix, "bot_target", "Bots cannot be targeted by persona user blocks."))
          : fail(failure(prefix, "user_not_found",
              "Could not find a user matching \"" + input + "\" in this conversation or server."));
    }
    TargetResolution.Resolved resolved = (TargetResolution.Resolved) r;
    ParticipantKind kind = resolved.target().kind();
    if (kind.equals(ParticipantKind.BRIDGE_USER)) {
      return fail(failure(prefix, "bridge_user", "Persona user blocks currently support server members only."));
    }
    if (kind.equals(ParticipantKind.BOT)) {
      return fail(failure(prefix, "bot_target", "Bots cannot be targeted by persona user blocks."));
    }
    if (!kind.equals(ParticipantKind.USER)) {
      return fail(failure(prefix, "invalid_target", "\"" + resolved.label() + "\" is a " + kind.name().replace('_', ' ')
          + ", not a server member; persona user blocks support server members only."));
    }
    PersonaBlock.Key key = new PersonaBlock.Key(context.guildId().get(), context.personaId().get(), resolved.target().id());
    return new Outcome(key, resolved.label(), null);
  }

  private static Outcome fail(ToolResult.Failure failure) {
    return new Outcome(null, null, failure);
  }
}
