/**
 * The contract under hostile input, checked by fuzzing: tool calls with mutated names, ids and arguments against
 * the real tools and the 100-tool fixture, mutated provider bodies in every dialect, random URLs through the
 * network guard, random HTML through the converter and random settings through every config reader.
 *
 * <p>{@link dev.loadout.fuzz.Campaign} runs each kind and records every breach of the invariants in
 * {@link dev.loadout.fuzz.Outcomes}: no synchronous throw, every stage done within its deadline plus slack, only
 * documented failure codes, only {@link IllegalArgumentException} from config readers, no Loadout thread left after
 * close. {@link dev.loadout.fuzz.Soak} is the long run; {@code FuzzSliceTest} the slice CI runs. Everything is
 * loopback: hosts resolve to 127.0.0.1 or not at all, and calls that would leave the machine are stopped first.
 */
package dev.loadout.fuzz;
