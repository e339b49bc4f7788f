package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One message as the host received it, with what the router needs to know about it.
 *
 * @param sessionKey the host's conversation key (guild and channel, or a DM); one task slot per key
 * @param messageId the host's id of the message; a task remembers it so a redelivered message never runs twice
 * @param text the message text; never null
 * @param mentionsBot whether the message mentions the bot
 * @param quotes whether the message quotes another or replies with a quote; such messages are never matched
 *     by keyword rules
 * @param cancel whether the host recognised a clear or cancel command of its own; the router recognises
 *     {@link DirectSettings#cancelCommands()} ({@code /clear}, {@code /mcp-cancel}) itself, flag or not
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record IncomingMessage(String sessionKey, String messageId, String text, boolean mentionsBot, boolean quotes,
    boolean cancel) {

  /** Checks the parts. */
  public IncomingMessage {
    if (sessionKey == null || sessionKey.isBlank()) {
      throw new IllegalArgumentException("sessionKey must not be blank, but was " + sessionKey);
    }
    if (messageId == null || messageId.isBlank()) {
      throw new IllegalArgumentException("messageId must not be blank, but was " + messageId);
    }
    if (text == null) {
      throw new IllegalArgumentException("text must not be null");
    }
  }

  /** A plain message: no mention, no quote, not a cancel command. */
  public static IncomingMessage of(String sessionKey, String messageId, String text) {
    return new IncomingMessage(sessionKey, messageId, text, false, false, false);
  }

  /** The same message, mentioning the bot. */
  public IncomingMessage mentioningBot() {
    return new IncomingMessage(sessionKey, messageId, text, true, quotes, cancel);
  }

  /** The same message, quoting another. */
  public IncomingMessage quoting() {
    return new IncomingMessage(sessionKey, messageId, text, mentionsBot, true, cancel);
  }

  /** The same message, recognised as a clear or cancel command. */
  public IncomingMessage asCancel() {
    return new IncomingMessage(sessionKey, messageId, text, mentionsBot, quotes, true);
  }
}
