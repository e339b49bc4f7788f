package dev.loadout.tools.persona;

import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.TargetResolver;
import dev.loadout.core.store.StoreException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code unblock_user}: lifts the active persona's mute or block of a member; see {@link PersonaBlockTools}. */
final class UnblockUserTool extends PersonaBlockTool {
  private static final Logger LOG = LoggerFactory.getLogger(UnblockUserTool.class);
  private static final String PREFIX = "user_unblock";
  static final String UNBLOCKED = "user_unblocked_successfully";
  static final String NO_ACTIVE_BLOCK = "user_unblock_no_active_block";

  private final PersonaBlocks blocks;
  private final TargetResolver resolver;

  UnblockUserTool(PersonaBlocks blocks, TargetResolver resolver) {
    super(ToolSpec.builder(PersonaBlockTools.UNBLOCK_USER, """
        {"type":"object","properties":{
          "blocked_user":{"type":"string","description":"The user's name as it appears in this conversation or server, not an id."}},
         "required":["blocked_user"],"additionalProperties":false}""")
        .description("Lift your (the active persona's) mute or block of a user in this server.")
        .group(PersonaBlockTools.GROUP)
        .build());
    this.blocks = blocks;
    this.resolver = resolver;
  }

  @Override
  ToolResult run(ObjectNode args, TurnContext context) {
    BlockTarget.Outcome who;
    try {
      who = BlockTarget.resolve(PREFIX, resolver, context, BlockTarget.text(args, "blocked_user"));
    } catch (RuntimeException e) {
      LOG.warn("unblock_user could not resolve its target ({})", e.getClass().getName(), e);
      return ToolResult.failure(PREFIX + "_failed_internal_error", "The unblock could not be checked; nothing was changed.", true);
    }
    if (who.failure() != null) {
      return who.failure();
    }
    Optional<PersonaBlock> removed;
    try {
      removed = blocks.remove(who.key());
    } catch (StoreException e) {
      LOG.warn("unblock_user could not remove a block: {}", e.getMessage(), e);
      return ToolResult.failure(PREFIX + "_failed_db_error", "The block could not be removed; try again later.", true);
    }
    ObjectNode data = BlockTarget.NODES.objectNode();
    data.put("user_id", who.key().userId());
    data.put("user_label", who.label());
    if (removed.isEmpty()) {
      data.put("status", NO_ACTIVE_BLOCK);
      return ToolResult.success(data, who.label() + " has no active mute or block for the active persona.");
    }
    data.put("status", UNBLOCKED);
    data.put("removed_block_type", removed.get().type().wireName());
    return ToolResult.success(data, who.label() + " was unblocked for the active persona.");
  }

  @Override
  public String toString() {
    return "unblock_user";
  }
}
