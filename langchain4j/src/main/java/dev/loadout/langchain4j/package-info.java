/**
 * Loadout inside LangChain4j ({@code dev.langchain4j:langchain4j} 1.x). With AiServices, hand
 * {@link dev.loadout.langchain4j.LoadoutToolProvider} to {@code AiServices.builder(...).toolProvider(...)}: each
 * request's tools are a {@link dev.loadout.core.PreparedTurn}'s, and every call the model makes runs through that
 * turn's checks. On the low-level {@code ChatModel} path, {@link dev.loadout.langchain4j.LangChain4jTools} gives the
 * request's {@code ToolSpecification}s and turns an {@code AiMessage}'s calls into result messages.
 * {@link dev.loadout.langchain4j.LoadoutHttpClient} wraps the HTTP client of LangChain4j's OpenAI-compatible models so
 * that the request's {@code tools} are Loadout's render byte for byte, not LangChain4j's re-written, pretty-printed
 * copy. LangChain4j's Jackson 2 stays inside this module: Loadout's JSON crosses to it as text.
 */
package dev.loadout.langchain4j;
