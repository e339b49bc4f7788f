/**
 * Image tools. {@link dev.loadout.tools.image.GenerateImageTool} ({@code generate_image}) sends prompts
 * to one {@link dev.loadout.tools.image.ImageBackend} and shows the model only the parameters of the
 * modes that backend supports this turn. Backends: {@link dev.loadout.tools.image.OpenAiImagesBackend} (an
 * OpenAI-compatible images API), {@link dev.loadout.tools.image.ComfyUiBackend} (a ComfyUI workflow with
 * placeholders) and {@link dev.loadout.tools.image.CustomImageEndpointBackend} (a small JSON contract).
 * Reference images come from the host's {@link dev.loadout.tools.image.ReferenceImageResolver} and
 * {@link dev.loadout.tools.image.AvatarResolver}, within {@link dev.loadout.tools.image.ReferenceLimits}. {@link dev.loadout.tools.image.AnalyzeImageTool} ({@code analyze_image})
 * looks at a message's images with the host's {@link dev.loadout.tools.image.VisionProvider} under one
 * deadline. Start with the tools' {@code builder} methods. This module depends on {@code loadout-core} only.
 */
package dev.loadout.tools.image;
