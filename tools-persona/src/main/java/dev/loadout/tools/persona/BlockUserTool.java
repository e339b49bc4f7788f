package dev.loadout.tools.persona;

import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.TargetResolver;
import dev.loadout.core.store.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code block_user}: mutes or blocks a member for the active persona; see {@link PersonaBlockTools}. */
final class BlockUserTool extends PersonaBlockTool {
  private static final Logger LOG = LoggerFactory.getLogger(BlockUserTool.class);
  private static final String PREFIX = "user_block";
  static final String CREATED = "user_block_created_successfully";

  private final PersonaBlocks blocks;
  private final TargetResolver resolver;
  private final NoticePermissionProbe probe;
  private final int maxHours;

  BlockUserTool(PersonaBlocks blocks, TargetResolver resolver, NoticePermissionProbe probe, int maxHours) {
    super(ToolSpec.builder(PersonaBlockTools.BLOCK_USER, """
        {"type":"object","properties":{
          "blocked_user":{"type":"string","description":"The user's name as it appears in this conversation or server, not an id."},
          "block_type":{"type":"string","enum":["mute","block"],"description":"mute: the user can no longer trigger you. block: also hides their recent messages and media from your context."},
          "block_duration_hours":{"type":"integer","minimum":1,"maximum":%d,"description":"How many hours, a whole number from 1 to %d."},
          "block_reason":{"type":"string","description":"Why, in one short sentence."}},
         "required":["blocked_user","block_type","block_duration_hours","block_reason"],
         "additionalProperties":false}""".formatted(maxHours, maxHours))
        .description("Mute or block a user for you, the active persona, in this server, for a number of hours. "
            + "Use it for users who harass you or others; it does not affect other personas.")
        .group(PersonaBlockTools.GROUP)
        .build());
    this.blocks = blocks;
    this.resolver = resolver;
    this.probe = probe;
    this.maxHours = maxHours;
  }

  @Override
  ToolResult run(ObjectNode args, TurnContext context) {
    String target = BlockTarget.text(args, "blocked_user");
    if (target.isEmpty()) {
      return BlockTarget.failure(PREFIX, "invalid_target", "blocked_user must name a user of this conversation or server.");
    }
    Optional<BlockType> type = BlockType.fromWireName(BlockTarget.text(args, "block_type"));
    if (type.isEmpty()) {
      return BlockTarget.failure(PREFIX, "invalid_type", "block_type must be \"mute\" or \"block\".");
    }
    int hours = hours(args.get("block_duration_hours"));
    if (hours < 0) {
      return BlockTarget.failure(PREFIX, "invalid_duration", "block_duration_hours must be an integer from 1 to " + maxHours + ".");
    }
    String reason = BlockTarget.text(args, "block_reason");
    if (reason.isEmpty()) {
      return BlockTarget.failure(PREFIX, "invalid_reason", "block_reason must say why, in a short sentence.");
    }
    BlockTarget.Outcome who;
    try {
      who = BlockTarget.resolve(PREFIX, resolver, context, target);
    } catch (RuntimeException e) {
      LOG.warn("block_user could not resolve its target ({}); refusing the block", e.getClass().getName(), e);
      return internalError();
    }
    if (who.failure() != null) {
      return who.failure();
    }
    Set<NoticePermission> granted;
    try {
      granted = probe.granted(context);
    } catch (RuntimeException e) {
      LOG.warn("Notice permission probe {} failed ({}); refusing the block", probe.getClass().getName(), e.getClass().getName(), e);
      return internalError();
    }
    for (NoticePermission needed : NoticePermission.values()) {
      if (granted == null || !granted.contains(needed)) {
        return BlockTarget.failure(PREFIX, "missing_permission", "I cannot post the block notice here: missing permission ["
            + needed + "]. Nothing was saved; ask a moderator to grant it.");
      }
    }
    Instant now = context.clock().instant();
    PersonaBlock block = new PersonaBlock(who.key(), type.get(), reason, now, now.plus(Duration.ofHours(hours)));
    try {
      blocks.save(block);
    } catch (StoreException e) {
      LOG.warn("block_user could not save a block: {}", e.getMessage(), e);
      return ToolResult.failure(PREFIX + "_failed_db_error", "The block could not be saved; try again later.", true);
    }
    ObjectNode data = BlockTarget.NODES.objectNode();
    data.put("status", CREATED);
    data.put("user_id", who.key().userId());
    data.put("user_label", who.label());
    data.put("block_type", block.type().wireName());
    data.put("duration_hours", hours);
    data.put("expires_at", block.expiresAt().toString());
    data.put("reason", reason);
    String verb = block.type() == BlockType.MUTE ? "muted" : "blocked";
    return ToolResult.success(data, who.label() + " was " + verb + " for the active persona.");
  }

  /** The whole number of hours in 1..max, or -1. */
  private int hours(JsonNode n) {
    if (n == null || !n.isNumber()) {
      return -1;
    }
    double v = n.doubleValue();
    return v == Math.rint(v) && v >= 1 && v <= maxHours ? (int) v : -1;
  }

  private static ToolResult internalError() {
    return ToolResult.failure(PREFIX + "_failed_internal_error", "The block could not be checked; nothing was saved.", true);
  }

  @Override
  public String toString() {
    return "block_user{max=" + maxHours + "h}";
  }
}
