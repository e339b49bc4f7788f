/**
 * Runnable examples: {@link dev.loadout.examples.Demo}, the offline demo bot the README's first command
 * runs, {@link dev.loadout.examples.DeferredConversation}, a deferred-mode conversation played offline, and
 * {@link dev.loadout.examples.QuickStart}, the README's quick start kept compiling. Never published.
 */
package dev.loadout.examples;
