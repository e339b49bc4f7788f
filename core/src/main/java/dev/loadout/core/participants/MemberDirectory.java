package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The host's view of the guild's members beyond the conversation, asked when a name matches nobody in the
 * {@link ParticipantTargetIndex}. On Discord this is a guild member search.
 *
 * <p><b>Contract.</b> Both methods are called from a tool's execution (on Loadout's executor), may block on
 * the platform, and answer for the turn's guild and persona ({@link TurnContext#guildId()},
 * {@link TurnContext#personaId()}); outside a guild they return nothing. Return bots too, marked as such:
 * the resolver skips them and can then say that a name belonged to a bot. An exception propagates to the
 * caller of {@link TargetResolver}; Loadout's tools turn it into a failed result.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface MemberDirectory {
  /** How many members a search asks for: 100, as Discord's member search allows. */
  int DEFAULT_LIMIT = 100;

  /** A directory that knows nobody, for hosts without one. */
  MemberDirectory NONE = new MemberDirectory() {
    @Override
    public List<DirectoryMember> search(TurnContext context, String query, int limit) {
      return List.of();
    }

    @Override
    public Optional<DirectoryMember> member(TurnContext context, String userId) {
      return Optional.empty();
    }

    @Override
    public String toString() {
      return "MemberDirectory.NONE";
    }
  };

  /**
   * Members whose names may match the query (a prefix search is fine: the resolver checks exact equality
   * itself).
   *
   * @param context the turn; never null
   * @param query the name as the model wrote it, trimmed; never blank
   * @param limit at most this many; positive
   * @return never null
   */
  List<DirectoryMember> search(TurnContext context, String query, int limit);

  /**
   * The member with this user id, if the guild has one.
   *
   * @param context the turn; never null
   * @param userId a raw id in the platform's id form; never blank
   * @return never null
   */
  Optional<DirectoryMember> member(TurnContext context, String userId);
}
