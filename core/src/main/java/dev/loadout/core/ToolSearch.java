package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.EnumSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Tool search: a turn's long tail of tools is deferred (offered to a search, not loaded) so that a guild with 300 MCP
 * tools costs the model about what its loaded tools do; the model searches when it needs more.
 *
 * <pre>{@code
 * Loadout loadout = Loadout.builder(registry).externalTools(guildMcp)
 *     .toolSearch(ToolSearch.builder(DeferralPolicy.builder().externalOverTokens(4_000).build())
 *         .nativeSearch(Dialect.ANTHROPIC).build())
 *     .build();
 * }</pre>
 *
 * <h2>What the model sees</h2>
 * The {@link DeferralPolicy} decides per turn which available tools are deferred ({@link PreparedTurn#deferred()},
 * each with its reason); core tools are always loaded. Then, per dialect:
 * <ul>
 *   <li><b>Emulated</b> (OpenAI Chat, Gemini, and any dialect not in {@link Builder#nativeSearch(Dialect...)}): the
 *       loaded tools, then a {@value #FUNCTION_NAME} function, which ends the stable prefix. Its result lists the
 *       matching tools (name and one-line summary) and records them in the turn's {@link ToolDiscovery}; from the next
 *       round ({@link PreparedTurn#nextRound()}, or the next {@code prepare} with the same discovery) they are loaded,
 *       appended after the prefix in the order found, never sorted into it. A call to a deferred tool that was not
 *       found yet fails with {@value #NOT_LOADED}, telling the model to search first; it is never run.</li>
 *   <li><b>Anthropic, native</b>: the loaded tools, then Anthropic's tool search tool
 *       ({@link AnthropicSearch}), then each deferred tool with {@code "defer_loading": true}. The provider searches;
 *       Loadout runs the calls. The request needs what {@link PreparedTurn#anthropicBetas()} reports (Loadout sends no
 *       headers).</li>
 *   <li><b>OpenAI Responses, native</b>: the loaded tools, then {@code {"type": "tool_search"}}, then deferred
 *       built-ins as functions with {@code "defer_loading": true}, and each external source's deferred tools as one
 *       {@code namespace} (the source's label and a description visible, the functions deferred).</li>
 * </ul>
 * With {@link Builder#clientSearch(Dialect...)} the provider's deferred loading is kept but the host runs the search:
 * {@link PreparedTurn#anthropicToolReferences(String, String)} and {@link PreparedTurn#openAiToolSearchOutput(String,
 * String)} answer the model's search call.
 * On a native turn the deferred tools may be called as they are (the provider loaded them); execution, argument checks
 * against the shown schema, deadlines and results are the same as for loaded tools.
 *
 * <h2>Search</h2>
 * Local and deterministic: BM25 over each deferred tool's name, description and parameter names and descriptions,
 * with name matches weighted most, camelCase and snake_case split, at most {@link Builder#maxResults(int)} results
 * ({@link PreparedTurn#searchTools(String)}). No model call, no network.
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolSearch {
  /** The emulated search function's name. */
  public static final String FUNCTION_NAME = "search_tools";
  /** The failure code of a call to a deferred tool the model has not found with a search yet. */
  public static final String NOT_LOADED = "tool_not_loaded";
  /**
   * The {@code anthropic-beta} value Anthropic's tool search tool was introduced under, as the Anthropic SDKs and
   * LangChain document it; Anthropic's current documentation lists the feature as generally available on the Claude
   * API, so a host may not need to send it there.
   */
  public static final String ANTHROPIC_BETA = "advanced-tool-use-2025-11-20";
  /** The default cap on one search's results: 5. */
  public static final int DEFAULT_MAX_RESULTS = 5;

  /**
   * Anthropic's two server-side tool search tools.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum AnthropicSearch {
    /** Natural-language queries ranked by BM25: {@code tool_search_tool_bm25_20251119}. */
    BM25("tool_search_tool_bm25_20251119", "tool_search_tool_bm25"),
    /** Python regular expressions the model writes: {@code tool_search_tool_regex_20251119}. */
    REGEX("tool_search_tool_regex_20251119", "tool_search_tool_regex");

    final String type;
    final String toolName;

    AnthropicSearch(String type, String toolName) {
      this.type = type;
      this.toolName = toolName;
    }
  }

  final DeferralPolicy policy;
  final int maxResults;
  final Set<Dialect> nativeDialects;
  /** The native dialects whose search the host runs with Loadout's index (a subset of {@link #nativeDialects}). */
  final Set<Dialect> clientDialects;
  final AnthropicSearch anthropic;
  final ToolSpec function;
  final boolean deliberateDefers;

  private ToolSearch(Builder b) {
    this.policy = b.policy;
    this.maxResults = b.maxResults;
    EnumSet<Dialect> both = EnumSet.copyOf(b.nativeDialects);
    both.addAll(b.clientDialects);
    this.nativeDialects = Set.copyOf(both);
    this.clientDialects = Set.copyOf(b.clientDialects);
    this.anthropic = b.anthropic;
    this.function = SearchToolsTool.spec(maxResults);
    this.deliberateDefers = b.deliberateDefers;
  }

  /**
   * Starts a configuration.
   *
   * @param policy which tools a turn defers; never null
   */
  public static Builder builder(DeferralPolicy policy) {
    if (policy == null) {
      throw new IllegalArgumentException("deferral policy must not be null; use DeferralPolicy.NONE for none");
    }
    return new Builder(policy);
  }

  /** Whether a dialect renders deferred tools for the provider's deferred loading (its own search, or the host's). */
  boolean isNative(Dialect dialect) {
    return nativeDialects.contains(dialect);
  }

  /** Whether a dialect's native render leaves the search to the host (client-side tool search). */
  boolean isClientSide(Dialect dialect) {
    return clientDialects.contains(dialect);
  }

  @Override
  public String toString() {
    return "ToolSearch{maxResults=" + maxResults + ", native=" + nativeDialects + ", client=" + clientDialects
        + ", anthropic=" + anthropic
        + (deliberateDefers ? ", deliberateModeDefers" : "") + "}";
  }

  /**
   * Configures {@link ToolSearch}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final DeferralPolicy policy;
    private int maxResults = DEFAULT_MAX_RESULTS;
    private final EnumSet<Dialect> nativeDialects = EnumSet.noneOf(Dialect.class);
    private final EnumSet<Dialect> clientDialects = EnumSet.noneOf(Dialect.class);
    private AnthropicSearch anthropic = AnthropicSearch.BM25;
    private boolean deliberateDefers;

    private Builder(DeferralPolicy policy) {
      this.policy = policy;
    }

    /** The most results one search returns, from 1 to 20; default {@value ToolSearch#DEFAULT_MAX_RESULTS}. */
    public Builder maxResults(int max) {
      if (max < 1 || max > 20) {
        throw new IllegalArgumentException("maxResults must be between 1 and 20, but was " + max);
      }
      this.maxResults = max;
      return this;
    }

    /**
     * Renders deferred tools with the provider's own tool search in these dialects (only {@link Dialect#ANTHROPIC} and
     * {@link Dialect#OPENAI_RESPONSES} have one). Only for models that support it (OpenAI documents gpt-5.4 and later;
     * Anthropic lists its supported Claude models); every other dialect is emulated. Replaces an earlier setting.
     */
    public Builder nativeSearch(Dialect... dialects) {
      EnumSet<Dialect> set = nativeSet("native tool search", dialects);
      nativeDialects.clear();
      nativeDialects.addAll(set);
      return this;
    }

    /**
     * Renders deferred tools for the provider's deferred loading in these dialects, but with the search run by the
     * host through Loadout's own index (client-side tool search), for models that support the provider's deferred
     * loading. Replaces an earlier setting; a dialect must not also be in {@link #nativeSearch(Dialect...)}.
     * <ul>
     *   <li><b>Anthropic:</b> the loaded tools, then {@value ToolSearch#FUNCTION_NAME} as an ordinary tool (ending the
     *       stable prefix), then every deferred tool with {@code "defer_loading": true}. Answer the model's
     *       {@value ToolSearch#FUNCTION_NAME} {@code tool_use} with {@link PreparedTurn#anthropicToolReferences(String,
     *       String)}: a {@code tool_result} of {@code tool_reference} blocks, which Anthropic expands into the found
     *       tools' definitions.</li>
     *   <li><b>OpenAI Responses:</b> the loaded tools, then {@code {"type": "tool_search", "execution": "client", ...}}
     *       with a description and a {@code query} parameter; deferred tools are not sent. Answer the model's
     *       {@code tool_search_call} item with {@link PreparedTurn#openAiToolSearchOutput(String, String)}: a
     *       {@code tool_search_output} item carrying the found tools' definitions.</li>
     * </ul>
     * The provider keeps what it loaded in the conversation, so the search records nothing in the turn's
     * {@link ToolDiscovery}; a call to a deferred tool in such a dialect is run, checked against the schema that
     * dialect shows.
     *
     * @since 0.1
     */
    public Builder clientSearch(Dialect... dialects) {
      EnumSet<Dialect> set = nativeSet("client tool search", dialects);
      clientDialects.clear();
      clientDialects.addAll(set);
      return this;
    }

    private static EnumSet<Dialect> nativeSet(String setting, Dialect[] dialects) {
      if (dialects == null) {
        throw new IllegalArgumentException(setting + " dialects must not be null");
      }
      EnumSet<Dialect> set = EnumSet.noneOf(Dialect.class);
      for (Dialect d : dialects) {
        if (d != Dialect.ANTHROPIC && d != Dialect.OPENAI_RESPONSES) {
          throw new IllegalArgumentException(setting + " exists for ANTHROPIC and OPENAI_RESPONSES, but the dialect was "
              + d);
        }
        set.add(d);
      }
      return set;
    }

    /** Which Anthropic search tool a native Anthropic render adds; default {@link AnthropicSearch#BM25}. */
    public Builder anthropicSearch(AnthropicSearch search) {
      if (search == null) {
        throw new IllegalArgumentException("anthropic search must not be null");
      }
      this.anthropic = search;
      return this;
    }

    /**
     * Whether the tools deliberate tool mode ({@code dev.loadout.core.availability.DeliberateToolMode}) would hide on a
     * message are deferred instead, so the tool list's stable prefix stays byte-identical from message to message and
     * the provider's prompt cache holds; default off (they are hidden).
     *
     * <p>On a turn where the mode is active (its settings in the context say so, and the Loadout has its filter): a tool
     * whose only hiding reasons are the mode's ({@code deliberate_no_intent}, {@code deliberate_not_requested}) is
     * deferred with that reason, searchable and, once found, loaded like any deferred tool; the stable prefix is the
     * core tools and the search function alone, since any other tool may be filtered on the next message; and the
     * tools the message asks for (and the policy does not defer) are loaded right after the prefix, for this turn
     * only. Core tools stay loaded even on a message that asks for no tool: a core tool is never deferred. A tool
     * hidden for any other reason as well (a missing permission, say) stays hidden. Where the mode is off for the
     * turn, nothing changes.
     *
     * @since 0.1
     */
    public Builder deliberateModeDefers(boolean on) {
      this.deliberateDefers = on;
      return this;
    }

    /**
     * Builds the configuration.
     *
     * @throws IllegalArgumentException when a dialect is set for both the provider's search and the client's
     */
    public ToolSearch build() {
      EnumSet<Dialect> both = EnumSet.copyOf(nativeDialects);
      both.retainAll(clientDialects);
      if (!both.isEmpty()) {
        throw new IllegalArgumentException("a dialect's tool search runs on the provider (nativeSearch) or on the client "
            + "(clientSearch), not both, but both were set for " + both);
      }
      return new ToolSearch(this);
    }
  }
}
