package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import org.apiguardian.api.API;

/**
 * What a name referred to: exactly one participant ({@link Resolved}), several ({@link Ambiguous}), or
 * nobody ({@link NotFound}).
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public sealed interface TargetResolution
    permits TargetResolution.Resolved, TargetResolution.Ambiguous, TargetResolution.NotFound {

  /** At most this many candidates are listed in an {@link Ambiguous} result. */
  int MAX_CANDIDATES = 3;

  /**
   * The step of the resolution ladder that matched.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  enum Stage {
    /** The input was an exact id: {@code kind:id}, a participant's raw id, or a raw id the directory knows. */
    ID,
    /** An alias of a participant of the conversation. */
    CONVERSATION,
    /** A directory member's guild display name. */
    DIRECTORY_DISPLAY_NAME,
    /** A directory member's persona-scoped nickname. */
    DIRECTORY_PERSONA_NICKNAME,
    /** A directory member's saved nickname. */
    DIRECTORY_SAVED_NICKNAME,
    /** A directory member's global name. */
    DIRECTORY_GLOBAL_NAME,
    /** A directory member's username. */
    DIRECTORY_USERNAME
  }

  /**
   * One participant a name may mean.
   *
   * @param id the identity
   * @param label its primary name
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  record Candidate(ParticipantId id, String label) {
    /** Checks the parts. */
    public Candidate {
      if (id == null || label == null) {
        throw new IllegalArgumentException("candidate needs an id and a label, but got " + id + ", " + label);
      }
    }
  }

  /**
   * The name means exactly one participant.
   *
   * @param target who
   * @param label the target's primary name, for messages
   * @param stage the step that matched
   * @param affixStripped whether it matched only after a persona's name prefix or suffix was removed
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  record Resolved(ParticipantId target, String label, Stage stage, boolean affixStripped) implements TargetResolution {
    /** Checks the parts. */
    public Resolved {
      if (target == null || label == null || stage == null) {
        throw new IllegalArgumentException("resolved target needs an id, a label and a stage, but got "
            + target + ", " + label + ", " + stage);
      }
    }

    /** The same result, marked as matched after stripping an affix. */
    Resolved withAffixStripped() {
      return affixStripped ? this : new Resolved(target, label, stage, true);
    }
  }

  /**
   * The name means several participants and must be clarified.
   *
   * @param candidates up to {@link #MAX_CANDIDATES} of them, primary-name matches and preferred aliases first
   * @param totalCount how many matched in all
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  record Ambiguous(List<Candidate> candidates, int totalCount) implements TargetResolution {
    /** Checks the parts. */
    public Ambiguous {
      if (candidates == null || candidates.size() < 1 || candidates.size() > MAX_CANDIDATES || Nulls.any(candidates)) {
        throw new IllegalArgumentException("ambiguous result needs 1 to " + MAX_CANDIDATES + " candidates, but got " + candidates);
      }
      if (totalCount < 2 || totalCount < candidates.size()) {
        throw new IllegalArgumentException("ambiguous total must be at least 2 and the candidate count, but was " + totalCount);
      }
      candidates = List.copyOf(candidates);
    }
  }

  /**
   * Nobody matched.
   *
   * @param botMatched whether the name did match a bot, which is never a tool target; tools use it to
   *     say why instead of "not found"
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  record NotFound(boolean botMatched) implements TargetResolution {
    private static final NotFound PLAIN = new NotFound(false);

    /** Nobody matched, not even a bot. */
    public static NotFound plain() {
      return PLAIN;
    }
  }
}
