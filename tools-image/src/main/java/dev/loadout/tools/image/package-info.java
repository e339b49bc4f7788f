/**
 * Image tools. {@link dev.loadout.tools.image.GenerateImageTool} ({@code generate_image}) sends prompts
 * to one {@link dev.loadout.tools.image.ImageBackend} and shows the model only the parameters of the
 * modes that backend supports this turn; {@link dev.loadout.tools.image.OpenAiImagesBackend} is the
 * OpenAI-compatible images API. Start with {@code GenerateImageTool.builder(backend)}. This module
 * depends on {@code loadout-core} only.
 */
package dev.loadout.tools.image;
