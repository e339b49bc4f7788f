/**
 * Runnable examples: {@link dev.loadout.examples.bot.ConsoleBot}, the reference console bot the README's first
 * command runs, {@link dev.loadout.examples.Demo}, the offline demo,
 * {@link dev.loadout.examples.DeferredConversation}, a deferred-mode conversation played offline,
 * {@link dev.loadout.examples.QuickStart}, the README's quick start kept compiling, and
 * {@link dev.loadout.examples.SharedStores}, the wiring of the stores for several processes on one
 * PostgreSQL (HikariCP for the stores, a plain connection for the change feed) that {@code docs/stores.md} shows.
 * {@code docs/examples.md} lists the commands that run them. Never published.
 */
package dev.loadout.examples;
