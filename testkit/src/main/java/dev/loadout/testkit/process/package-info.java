/**
 * Several real JVMs on one database, for tests of state that processes share (a bot scaled out to one
 * process per shard group). {@link dev.loadout.testkit.process.ProcessGroup} starts K JVMs on the test's own
 * classpath, each running a {@link dev.loadout.testkit.process.Worker} of the test's; the test sends
 * scripted {@link dev.loadout.testkit.process.Step steps} to any of them, waits for their results, and
 * collects what they {@linkplain dev.loadout.testkit.process.WorkerContext#observe observe} while they run
 * (a change seen on a turn, a connection closed). Nothing sleeps: every wait is for a result or an
 * observation, bounded by the group's step timeout.
 */
package dev.loadout.testkit.process;
