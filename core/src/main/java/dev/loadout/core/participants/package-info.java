/**
 * Who is in a conversation, under which names, and which of them a name refers to.
 *
 * <p>Start at {@link dev.loadout.core.participants.ParticipantTargetIndex}: the host builds one per turn from
 * typed identities ({@link dev.loadout.core.participants.ParticipantId}) and purpose-filtered aliases
 * ({@link dev.loadout.core.participants.ParticipantAlias}), usually through the factories in
 * {@link dev.loadout.core.participants.Participants}, and attaches it to the
 * {@link dev.loadout.core.TurnContext} under {@link dev.loadout.core.participants.ParticipantTargetIndex#ATTRIBUTE}.
 * Every consumer (tool targets, streamed mentions, tool-reply mentions, copied identities) reads that one
 * index, so they share one collision policy and one primary-name tie-break.
 *
 * <p>{@link dev.loadout.core.participants.TargetResolver} runs the full ladder a tool needs: exact ids, the
 * conversation, the host's {@link dev.loadout.core.participants.MemberDirectory}, then once more with a
 * persona's name affixes stripped.
 */
package dev.loadout.core.participants;
