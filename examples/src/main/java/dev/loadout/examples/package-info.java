/**
 * Runnable examples: {@link dev.loadout.examples.Demo}, the offline demo bot the README's first command
 * runs, and {@link dev.loadout.examples.QuickStart}, the README's quick start kept compiling. Never
 * published.
 */
package dev.loadout.examples;
