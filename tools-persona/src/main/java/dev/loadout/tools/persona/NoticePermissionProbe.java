package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.EnumSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The host's answer to "can the bot show a block notice where this turn happens?": which
 * {@link NoticePermission}s the bot holds in the turn's channel (or thread).
 *
 * <p>{@code block_user} asks before it saves anything. A probe that throws counts as "cannot tell", and the
 * block is refused with an internal-error result.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface NoticePermissionProbe {
  /** For hosts that show notices somewhere that needs no permission (a log, a dashboard). */
  NoticePermissionProbe ALL_GRANTED = context -> EnumSet.allOf(NoticePermission.class);

  /**
   * The permissions the bot holds where the notice would be posted.
   *
   * @param context the turn; never null
   * @return never null
   */
  Set<NoticePermission> granted(TurnContext context);
}
