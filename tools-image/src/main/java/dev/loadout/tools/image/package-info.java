/**
 * Image tools. Not built yet: this module will hold {@code generate_image} (OpenAI-compatible,
 * ComfyUI and custom endpoints, with backend-pruned schemas) and {@code analyze_image}. It depends on
 * {@code loadout-core} only.
 */
package dev.loadout.tools.image;
