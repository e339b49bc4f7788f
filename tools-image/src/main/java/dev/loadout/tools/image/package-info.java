/**
 * Image tools. {@link dev.loadout.tools.image.GenerateImageTool} ({@code generate_image}) sends prompts
 * to one {@link dev.loadout.tools.image.ImageBackend} and shows the model only the parameters of the
 * modes that backend supports this turn; {@link dev.loadout.tools.image.OpenAiImagesBackend} is the
 * OpenAI-compatible images API. {@link dev.loadout.tools.image.AnalyzeImageTool} ({@code analyze_image})
 * looks at a message's images with the host's {@link dev.loadout.tools.image.VisionProvider} under one
 * deadline. Start with the tools' {@code builder} methods. This module depends on {@code loadout-core} only.
 */
package dev.loadout.tools.image;
