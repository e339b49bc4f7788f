/**
 * Runnable examples: {@link dev.loadout.examples.bot.ConsoleBot}, the reference console bot the README's first
 * command runs, {@link dev.loadout.examples.Demo}, the offline demo, and {@link dev.loadout.examples.QuickStart},
 * the README's quick start kept compiling. Never published.
 */
package dev.loadout.examples;
