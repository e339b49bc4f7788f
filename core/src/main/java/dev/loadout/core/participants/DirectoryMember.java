package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * A guild member as a {@link MemberDirectory} knows it: plain values, each name null when the member has
 * none. Blank names count as absent.
 *
 * @param userId the platform's user id; never blank
 * @param bot whether the account is a bot (never a tool target)
 * @param displayName the name the guild shows; may be null
 * @param personaNickname the nickname the active persona uses for the member; may be null
 * @param savedNickname the nickname the bot saved for the member; may be null
 * @param globalName the platform-wide display name; may be null
 * @param username the account name; may be null
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record DirectoryMember(String userId, boolean bot, String displayName, String personaNickname,
    String savedNickname, String globalName, String username) {

  /** Checks the id. */
  public DirectoryMember {
    if (userId == null || userId.isBlank()) {
      throw new IllegalArgumentException("member user id must not be empty, but was "
          + (userId == null ? "null" : "'" + userId + "'"));
    }
  }

  /** A human member with just a username; add names with the {@code with…} methods. */
  public static DirectoryMember of(String userId, String username) {
    return new DirectoryMember(userId, false, null, null, null, null, username);
  }

  /** This member with a guild display name. */
  public DirectoryMember withDisplayName(String name) {
    return new DirectoryMember(userId, bot, name, personaNickname, savedNickname, globalName, username);
  }

  /** This member with a persona-scoped nickname. */
  public DirectoryMember withPersonaNickname(String name) {
    return new DirectoryMember(userId, bot, displayName, name, savedNickname, globalName, username);
  }

  /** This member with a saved nickname. */
  public DirectoryMember withSavedNickname(String name) {
    return new DirectoryMember(userId, bot, displayName, personaNickname, name, globalName, username);
  }

  /** This member with a global name. */
  public DirectoryMember withGlobalName(String name) {
    return new DirectoryMember(userId, bot, displayName, personaNickname, savedNickname, name, username);
  }

  /** This member marked as a bot account, or not. */
  public DirectoryMember withBot(boolean isBot) {
    return new DirectoryMember(userId, isBot, displayName, personaNickname, savedNickname, globalName, username);
  }

  /** The best name to show: display name, global name, username, else the id. */
  public String label() {
    for (String name : new String[] {displayName, globalName, username}) {
      if (name != null && !name.isBlank()) {
        return name.strip();
      }
    }
    return userId;
  }
}
