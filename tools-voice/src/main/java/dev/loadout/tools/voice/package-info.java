/**
 * Voice tools. Not built yet: this module will hold {@code generate_voice_message} and the shared
 * speech dispatcher. It depends on {@code loadout-core} only.
 */
package dev.loadout.tools.voice;
