/**
 * Loadout inside the official OpenAI Java SDK ({@code com.openai:openai-java}). Start at
 * {@link dev.loadout.openai.OpenAiChatTools#of(dev.loadout.core.PreparedTurn)}: it puts a turn's tools into
 * {@code ChatCompletionCreateParams} exactly as Loadout renders them, reads the model's calls out of a
 * {@code ChatCompletion} (or, through {@link dev.loadout.openai.OpenAiChatStream}, out of its streamed chunks), and
 * writes their results back as the SDK's messages. The SDK's Jackson 2 stays inside this module: Loadout's JSON
 * crosses to it as bytes.
 */
package dev.loadout.openai;
