/**
 * Loadout inside Spring AI ({@code org.springframework.ai:spring-ai-model} 2.x). Per turn,
 * {@link dev.loadout.springai.SpringAiTools#of(dev.loadout.core.PreparedTurn)} gives the {@code ToolCallback}s to hand a
 * {@code ChatClient} request; {@link dev.loadout.springai.LoadoutToolCallingManager}, set on the chat model, runs each
 * round of the model's calls through that turn: resolved against what was shown, validated against the variant shown,
 * run in parallel under each tool's deadline, ids made up where the provider sent none. Spring AI 2 is on Jackson 3,
 * as Loadout is: no Jackson 2 enters this module's compile scope. {@link dev.loadout.springai.LoadoutToolsInterceptor}
 * puts Loadout's render on the wire of Spring AI's OpenAI model (OkHttp, optional).
 */
package dev.loadout.springai;
