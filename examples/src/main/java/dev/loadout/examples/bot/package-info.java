/**
 * The reference console bot: everything a real chat bot wires around Loadout (built-in and web tools, host and
 * guild MCP servers, direct-invocation rules, a persona, participants, SQLite as the embedded store) behind a
 * console prompt, with an offline scripted model by default and any OpenAI-compatible endpoint on request.
 * Start at {@link dev.loadout.examples.bot.ConsoleBot}.
 */
package dev.loadout.examples.bot;
