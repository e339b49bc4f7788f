/**
 * Time that only moves when a test moves it. {@link dev.loadout.testkit.time.TestClock} is a {@link
 * java.time.Clock} the test sets and advances; {@link dev.loadout.testkit.time.TestScheduler} is a {@link
 * java.util.concurrent.ScheduledExecutorService} on that clock that runs nothing on its own: advancing it
 * runs, on the test's thread and in due order, every task that falls due. Hand both to the code under test
 * (Loadout takes a {@code Clock} and a scheduler wherever it waits), then assert what happened at each
 * instant instead of sleeping.
 */
package dev.loadout.testkit.time;
