/**
 * Loadout inside the official OpenAI Java SDK ({@code com.openai:openai-java}). For Chat Completions start at
 * {@link dev.loadout.openai.OpenAiChatTools#of(dev.loadout.core.PreparedTurn)}, for the Responses API at
 * {@link dev.loadout.openai.OpenAiResponsesTools#of(dev.loadout.core.PreparedTurn)}: each puts a turn's tools into the
 * SDK's request builder exactly as Loadout renders them, reads the model's calls out of the SDK's response (or,
 * through {@link dev.loadout.openai.OpenAiChatStream} and {@link dev.loadout.openai.OpenAiResponsesStream}, out of its
 * stream events), and writes their results back as the SDK's messages or input items.
 * {@link dev.loadout.openai.OpenAiChatLoopModel} is core's {@link dev.loadout.core.ToolLoop} model call on the SDK's
 * streaming Chat Completions, for a host that lets the loop run its rounds. The SDK's Jackson 2 stays
 * inside this module: Loadout's JSON crosses to it as bytes.
 */
package dev.loadout.openai;
