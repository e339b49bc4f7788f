package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * What the bot needs where it posts a block notice, checked in this order; the first one missing is
 * reported and nothing is saved.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum NoticePermission {
  /** See the channel. */
  VIEW_CHANNEL,
  /** Send messages there (in a thread: send messages in threads). */
  SEND_MESSAGES,
  /** Embed links, which the notice is rendered with. */
  EMBED_LINKS
}
