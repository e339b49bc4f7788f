package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.net.NetEvents;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

// Over 400 lines on purpose: this is the public contract of one round (what is shown, why the rest is hidden,
// rendering, execution, deferral, inspection), a third of it Javadoc; the work behind it already lives in
// package-private classes beside it (ExecutionChain and its steps, Deferral, the dialect renderers).
/**
 * One model round: the exact tool variants the model is shown, the tools it is not shown and why, and
 * the only place the model's calls for that round may be executed.
 *
 * <p>What was shown is what may be called: {@link #execute(ToolCall)} refuses a tool that is not in
 * {@link #visible()} and checks arguments against the variant that was rendered, never the full spec, and
 * against that variant as the call's dialect showed it: a call read by {@link Dialect#parseToolCalls(String)},
 * or any call on a turn rendered in one dialect, is checked against the schema that dialect rendered, so a model
 * that follows what it was shown is never refused for a rule it was not shown (a root {@code oneOf} every dialect
 * flattens, a Gemini enum shown as strings). A turn never rendered is checked against the variant's own schema.
 * Properties a variant dropped ({@link SchemaEdit#dropProperties(String...)}) are refused in every case.
 * Keep the prepared turn for as long as the round lasts (including follow-up requests that carry the
 * results back); prepare a new one for the next user message.
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class PreparedTurn {
  /**
   * The prepared turn a tool call belongs to, in the context a tool receives in
   * {@link BaseTool#execute(ToolCall, TurnContext)}: for tools that report on the turn itself, such as a
   * capability report. Absent in contexts the host builds.
   */
  public static final AttributeKey<PreparedTurn> CURRENT = AttributeKey.of("loadout.prepared-turn", PreparedTurn.class);

  private final Loadout loadout;
  private final TurnContext context;
  private final List<ToolSpec> visible;
  private final List<BaseTool> tools;
  private final List<HiddenTool> hidden;
  private final String fingerprint;
  /** How many of {@link #visible} form the stable prefix; the rest were discovered by tool search. */
  private final int stableCount;
  private final String prefixFingerprint;
  /** Replaced families whose replacing tools are shown on this turn, with those tools' names. */
  private final Map<String, List<String>> replacementNames;
  /** Per visible tool: the external source's label, or null for a built-in. */
  private final List<String> sources;
  private volatile Map<String, Integer> index;
  /** The turn's deferred tools; null when it defers none. */
  private final Deferral deferral;
  /** Where this turn's searches record what they found; null when it defers none. */
  private final ToolDiscovery discovery;
  /** Positions in {@link Deferral} of the deferred tools this turn does not show. */
  private final List<Integer> undiscovered;
  private volatile TurnContext toolContext;
  /** The dialects this turn was rendered in, one bit per {@link Dialect#ordinal()}, then one per strict OpenAI render. */
  private final java.util.concurrent.atomic.AtomicInteger rendered = new java.util.concurrent.atomic.AtomicInteger();
  /** This turn's listener. */
  private final TurnEvents events;

  PreparedTurn(Loadout loadout, TurnContext context, List<ToolSpec> visible, List<BaseTool> tools, List<String> sources,
      List<HiddenTool> hidden, Map<String, List<String>> replacementNames, TurnEvents events) {
    this(loadout, context, visible, tools, sources, hidden, replacementNames, events, visible.size(), null, null);
  }

  /**
   * A turn whose first {@code stableCount} visible tools are its stable prefix; with a deferral, the discovery's tools
   * that the deferral holds are appended after the prefix in the order found, and the rest stay deferred.
   */
  @SuppressWarnings("unchecked") // the memo keeps the three lists it was given
  PreparedTurn(Loadout loadout, TurnContext context, List<ToolSpec> visible, List<BaseTool> tools, List<String> sources,
      List<HiddenTool> hidden, Map<String, List<String>> replacementNames, TurnEvents events, int stableCount,
      Deferral deferral, ToolDiscovery discovery) {
    this.events = events;
    this.replacementNames = replacementNames;
    this.loadout = loadout;
    this.context = context;
    this.hidden = Collections.unmodifiableList(hidden);
    this.stableCount = stableCount;
    this.deferral = deferral;
    this.discovery = discovery;
    List<ToolSpec> shown = visible;
    List<BaseTool> shownTools = tools;
    List<String> shownSources = sources;
    List<Integer> rest = List.of();
    Deferral.Shown memo = null;
    if (deferral != null) {
      // Positions of the found tools, in the order found; a warm turn finds the same ones as the last.
      int[] order = new int[0];
      int count = 0;
      for (String name : discovery.names()) {
        Integer k = deferral.positions.get(name);
        if (k != null && !contains(order, count, k)) {
          if (count == order.length) {
            order = java.util.Arrays.copyOf(order, Math.max(4, count * 2));
          }
          order[count++] = k;
        }
      }
      order = count == order.length ? order : java.util.Arrays.copyOf(order, count);
      memo = deferral.shown(order);
      rest = memo.rest();
      int loaded = loadedCount(stableCount, deferral);
      if (count == 0 && visible.size() == loaded) {
        shown = visible; // the prefix lists are immutable and shared by every turn of the split
      } else if (memo.lists() != null) {
        Object[] lists = memo.lists();
        shown = (List<ToolSpec>) lists[0];
        shownTools = (List<BaseTool>) lists[1];
        shownSources = (List<String>) lists[2];
      } else {
        shown = new ArrayList<>(visible.subList(0, loaded));
        shownTools = new ArrayList<>(tools.subList(0, loaded));
        shownSources = new ArrayList<>(sources.subList(0, loaded));
        for (int k : order) {
          shown.add(deferral.specs.get(k));
          shownTools.add(deferral.implementations.get(k));
          shownSources.add(deferral.sources.get(k));
        }
        // Never changed after this: every later turn with the same found tools shares them.
        memo.lists(new Object[] {Collections.unmodifiableList(shown), Collections.unmodifiableList(shownTools),
            Collections.unmodifiableList(shownSources)});
      }
    }
    this.visible = Collections.unmodifiableList(shown);
    this.tools = shownTools;
    this.sources = shownSources;
    this.undiscovered = rest;
    if (deferral == null) {
      this.fingerprint = Fingerprints.ofTurn(this.visible);
      this.prefixFingerprint = stableCount == this.visible.size() ? fingerprint
          : Fingerprints.ofTurn(this.visible.subList(0, stableCount));
    } else {
      // The deferred tools are part of what native renders show, so they are part of the turn's fingerprint. Both
      // digests walk every deferred tool, so they are kept with the deferral for the set of found tools.
      String f = memo.fingerprint();
      if (f == null) {
        f = Fingerprints.ofTurn(this.visible, deferral.specs, rest);
        memo.fingerprint(f);
      }
      this.fingerprint = f;
      this.prefixFingerprint = deferral.prefixFingerprint(this.visible.subList(0, stableCount));
    }
  }

  /** The tools a turn loads from the start: the prefix, then those the message asked for (deliberate tool mode). */
  private static int loadedCount(int stableCount, Deferral deferral) {
    return deferral == null ? stableCount : stableCount + deferral.asked;
  }

  private static boolean contains(int[] a, int n, int k) {
    for (int i = 0; i < n; i++) {
      if (a[i] == k) {
        return true;
      }
    }
    return false;
  }

  /** The context this turn was prepared for. */
  public TurnContext context() {
    return context;
  }

  /** The variants the model sees, in order; never null, possibly empty. */
  public List<ToolSpec> visible() {
    return visible;
  }

  /** The names of {@link #visible()}, in order. */
  public List<String> visibleNames() {
    List<String> names = new ArrayList<>(visible.size());
    for (ToolSpec s : visible) {
      names.add(s.name());
    }
    return Collections.unmodifiableList(names);
  }

  /** The tools the model does not see, each with every reason, in tool order. */
  public List<HiddenTool> hidden() {
    return hidden;
  }

  /**
   * Where a visible tool comes from when it is external (a source or registration label, such as an MCP
   * server's name); empty for a built-in or a tool that is not visible.
   */
  public Optional<String> externalSource(String name) {
    Integer i = index().get(name);
    if (i == null) {
      return Optional.empty();
    }
    // A deferred tool a provider's own search loaded is run like a visible one, and reported with its source.
    return Optional.ofNullable(i < sources.size() ? sources.get(i) : deferral.sources.get(undiscovered.get(i - sources.size())));
  }

  /** The hidden tool with this name, if it is hidden. */
  public Optional<HiddenTool> hidden(String name) {
    return hidden.stream().filter(h -> h.name().equals(name)).findFirst();
  }

  /** The variant of a visible tool, exactly as shown. */
  public Optional<ToolSpec> variant(String name) {
    int i = indexOf(name);
    return i < 0 ? Optional.empty() : Optional.of(visible.get(i));
  }

  /**
   * A digest of the visible variants in order. Equal fingerprints mean byte-identical renders in every
   * dialect; it changes when any shown name, description or schema changes, or the order does.
   */
  public String fingerprint() {
    return fingerprint;
  }

  /**
   * How many of the first {@link #visible()} tools form the turn's stable prefix: every tool loaded from the start
   * (built-ins, then external tools, then the tool search function when some tools are deferred). Tools a tool search
   * discovered come after it, in the order they were discovered, and never move a tool of the prefix, so the
   * provider's cached prefix holds while a session discovers tools.
   *
   * @since 0.1
   */
  public int stableCount() {
    return stableCount;
  }

  /**
   * A digest of the stable prefix ({@link #stableCount()} tools) in order, separate from {@link #fingerprint()}: it
   * does not change when a tool search discovers a tool, only when a tool of the prefix changes (a guild's MCP server
   * added or changed changes it; the built-ins' bytes before the first external tool are unaffected either way).
   *
   * @since 0.1
   */
  public String prefixFingerprint() {
    return prefixFingerprint;
  }

  /**
   * A value for OpenAI's {@code prompt_cache_key} request field, derived from {@link #prefixFingerprint()}: requests
   * that share this turn's stable tool prefix share a key, so OpenAI routes them to the machines that hold that
   * prefix. Loadout never sends it; a host that already keys by conversation may combine the two. Contains no user
   * data.
   *
   * @since 0.1
   */
  public String promptCacheKey() {
    return Fingerprints.cacheKey(prefixFingerprint);
  }

  /**
   * The tools this turn defers, discovered or not, in turn order, each with why and what a search reads; empty when
   * the Loadout has no {@link ToolSearch} or its policy deferred nothing. {@link #hidden()} never lists them: they are
   * available, only not loaded.
   *
   * @since 0.1
   */
  public List<DeferredTool> deferred() {
    return deferral == null ? List.of() : deferral.tools;
  }

  /** The deferred tool with this name, if this turn defers it. */
  public Optional<DeferredTool> deferred(String name) {
    Integer k = deferral == null ? null : deferral.positions.get(name);
    return k == null ? Optional.empty() : Optional.of(deferral.tools.get(k));
  }

  /**
   * The names of the deferred tools a search found that this turn shows, after the stable prefix (and after the tools
   * a message asked for when deliberate tool mode defers, see {@link ToolSearch.Builder#deliberateModeDefers(boolean)}),
   * in the order found.
   *
   * @since 0.1
   */
  public List<String> discovered() {
    return visibleNames().subList(loadedCount(stableCount, deferral), visible.size());
  }

  /**
   * Searches this turn's deferred tools, as the {@value ToolSearch#FUNCTION_NAME} function does, without recording
   * anything: best first, at most the configured number, the same order for the same query. For hosts that answer a
   * provider's client-side search themselves (and then {@link ToolDiscovery#add(String)} what they loaded).
   *
   * @param query what the model asked for; never null
   * @return the matches; empty when nothing matches or nothing is deferred
   * @since 0.1
   */
  public List<DeferredTool> searchTools(String query) {
    if (query == null) {
      throw new IllegalArgumentException("query must not be null");
    }
    return deferral == null ? List.of() : deferral.search(query);
  }

  /**
   * The answer to a {@value ToolSearch#FUNCTION_NAME} call on a turn rendered for Anthropic with client-side search
   * ({@link ToolSearch.Builder#clientSearch(Dialect...)}): a {@code tool_result} content block whose content is one
   * {@code tool_reference} block per match, best first, which Anthropic expands into the matching deferred tools'
   * definitions; put it in the next user message in place of an executed result.
   *
   * <pre>{@code
   * {"type": "tool_result", "tool_use_id": "toolu_01",
   *  "content": [{"type": "tool_reference", "tool_name": "create_issue"}, ...]}
   * }</pre>
   *
   * When nothing matches, the content is one {@code text} block saying so (a {@code tool_result} needs content).
   * Records nothing in the {@link ToolDiscovery}: the provider keeps the loaded definitions in the conversation.
   *
   * @param toolUseId the {@code id} of the model's {@code tool_use} block; never blank
   * @param query the call's {@code query} argument; never null
   * @return a new node the caller owns
   * @since 0.1
   */
  public tools.jackson.databind.node.ObjectNode anthropicToolReferences(String toolUseId, String query) {
    if (toolUseId == null || toolUseId.isBlank() || query == null) {
      throw new IllegalArgumentException("tool use id must not be blank and query not null, but were " + toolUseId + ", "
          + query);
    }
    return ClientSearch.toolReferences(toolUseId, query, searchTools(query));
  }

  /**
   * The answer to a {@code tool_search_call} item on a turn rendered for OpenAI Responses with client-side search
   * ({@link ToolSearch.Builder#clientSearch(Dialect...)}): a {@code tool_search_output} input item with the matching
   * deferred tools' definitions (as {@link Dialect#OPENAI_RESPONSES} renders them), best first, which OpenAI loads for
   * the rest of the conversation; add it to the next request's {@code input} after the call item.
   *
   * <pre>{@code
   * {"type": "tool_search_output", "call_id": "call_01", "execution": "client", "status": "completed",
   *  "tools": [{"type": "function", "name": "create_issue", "description": "...", "parameters": {...}}, ...]}
   * }</pre>
   *
   * {@code tools} is empty when nothing matches. Records nothing in the {@link ToolDiscovery}: the provider keeps the
   * loaded definitions in the conversation.
   *
   * @param callId the {@code call_id} of the model's {@code tool_search_call} item; never blank
   * @param query the {@code query} of the call's {@code arguments}; never null
   * @return a new node the caller owns
   * @since 0.1
   */
  public tools.jackson.databind.node.ObjectNode openAiToolSearchOutput(String callId, String query) {
    if (callId == null || callId.isBlank() || query == null) {
      throw new IllegalArgumentException("call id must not be blank and query not null, but were " + callId + ", "
          + query);
    }
    List<ToolSpec> found = new ArrayList<>();
    for (DeferredTool t : searchTools(query)) {
      found.add(deferral.specs.get(deferral.positions.get(t.name())));
    }
    return ClientSearch.toolSearchOutput(callId, found);
  }

  /**
   * The turn for the next model round of the same user message: this turn with the tools its searches found since
   * appended after the stable prefix, or this very turn when nothing new was found. Nothing else is decided again
   * (availability, assembly, the deferred set), so the prefix is byte-identical. {@link ToolLoop} calls it between
   * rounds; a host running its own loop calls it before each follow-up request.
   *
   * @since 0.1
   */
  public PreparedTurn nextRound() {
    if (deferral == null) {
      return this;
    }
    boolean more = false;
    for (String name : discovery.names()) {
      Integer k = deferral.positions.get(name);
      if (k != null && undiscovered.contains(k)) {
        more = true;
        break;
      }
    }
    if (!more) {
      return this;
    }
    int loaded = loadedCount(stableCount, deferral);
    PreparedTurn next = new PreparedTurn(loadout, context, visible.subList(0, loaded), tools.subList(0, loaded),
        sources.subList(0, loaded), hidden, replacementNames, events, stableCount, deferral, discovery);
    // The next round is shown in the dialects this one was: a call checked before the host renders it again is checked
    // against what that dialect showed.
    next.rendered.set(rendered.get());
    return next;
  }

  /**
   * What each visible tool costs in a dialect, and the whole render, by the host's tokenizer: for diagnostics such as
   * {@code inspect}, labelled as an estimate of what the provider bills. Costs the tools as {@link #render(Dialect)}
   * sends them (on a native tool search render, the whole render only: its deferred tools are not listed one by one).
   *
   * @param dialect the provider format; never null
   * @param counter the tokenizer; never null
   * @since 0.1
   */
  public ToolCosts toolCosts(Dialect dialect, ToolCosts.Counter counter) {
    if (dialect == null || counter == null) {
      throw new IllegalArgumentException("dialect and counter must not be null, but were " + dialect + ", " + counter);
    }
    List<ToolCosts.Tool> costs = new ArrayList<>(visible.size());
    for (ToolSpec s : visible) {
      // A native render replaces the search function with the provider's search tool, except Anthropic's client-side
      // render, which sends it as an ordinary tool.
      if (isNative(dialect) && s.name().equals(ToolSearch.FUNCTION_NAME)
          && !(dialect == Dialect.ANTHROPIC && deferral.config.isClientSide(dialect))) {
        continue;
      }
      String json = new String(ToolRenderer.tool(dialect, s), java.nio.charset.StandardCharsets.UTF_8);
      costs.add(new ToolCosts.Tool(s.name(), ToolRenderer.tool(dialect, s).length, counter.count(json)));
    }
    // Rendered aside: costing a dialect must not count as showing the turn in it (calls are checked by what was shown).
    RenderedTools all = isNative(dialect) ? NativeSearchRender.render(this, dialect, false, false)
        : new RenderedTools(dialect, ToolRenderer.turn(dialect, visible));
    return new ToolCosts(dialect, costs, all.size(), counter.count(all.json()));
  }

  /**
   * The {@code anthropic-beta} values an Anthropic request with this turn's render needs: {@link ToolSearch#ANTHROPIC_BETA}
   * when the render uses Anthropic's own tool search or its deferred loading with a client-side search, else none. Loadout sends no headers; the host's client does.
   *
   * @since 0.1
   */
  public List<String> anthropicBetas() {
    return isNative(Dialect.ANTHROPIC) ? List.of(ToolSearch.ANTHROPIC_BETA) : List.of();
  }

  /** Whether this turn renders its deferred tools with the provider's own search in this dialect. */
  boolean isNative(Dialect dialect) {
    return deferral != null && deferral.config.isNative(dialect);
  }

  Deferral deferral() {
    return deferral;
  }

  /** The deferred tools this turn does not show, in turn order: what a native render marks {@code defer_loading}. */
  List<ToolSpec> undiscoveredSpecs() {
    List<ToolSpec> out = new ArrayList<>(undiscovered.size());
    for (int k : undiscovered) {
      out.add(deferral.specs.get(k));
    }
    return out;
  }

  /** The external source of each of {@link #undiscoveredSpecs()}, null for a built-in. */
  List<String> undiscoveredSources() {
    List<String> out = new ArrayList<>(undiscovered.size());
    for (int k : undiscovered) {
      out.add(deferral.sources.get(k));
    }
    return out;
  }

  /** Where this turn's searches record what they found. */
  ToolDiscovery discovery() {
    return discovery;
  }

  /**
   * The visible tools of a family ({@code url_fetch}, {@code web_search}), in order: the replacing
   * source's tools when a replacement applies (see {@link ExternalToolSources}), else the visible tools
   * whose spec declares the family. Empty when the turn has no tool of the family.
   */
  public List<String> familyToolNames(String family) {
    if (family == null) {
      throw new IllegalArgumentException("family must not be null");
    }
    List<String> replacement = replacementNames.get(family);
    List<String> out = new ArrayList<>();
    for (ToolSpec s : visible) {
      if (replacement != null ? replacement.contains(s.name()) : s.family().map(family::equals).orElse(false)) {
        out.add(s.name());
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** The {@code tool_family:<family>} predicate: whether this turn shows a tool of the family. */
  public boolean hasFamily(String family) {
    return !familyToolNames(family).isEmpty();
  }

  /**
   * Replaces {@code {<family>_tool}} macros in prompt text, such as {@code {url_fetch_tool}}: with the
   * replacing tools shown on this turn when a replacement applies (comma-separated), else with the names of
   * the built-ins of that family (whether or not they are visible this turn, so the prompt stays
   * stable). A macro naming a family nothing declares is left as written.
   */
  public String expandMacros(String text) {
    if (text == null || text.indexOf('{') < 0) {
      return text;
    }
    java.util.regex.Matcher m = MACRO.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (m.find()) {
      String family = m.group(1);
      List<String> names = replacementNames.get(family);
      if (names == null || names.isEmpty()) {
        names = loadout.builtInsOfFamily(family);
      }
      m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(names.isEmpty() ? m.group() : String.join(", ", names)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static final java.util.regex.Pattern MACRO = java.util.regex.Pattern.compile("\\{([a-z][a-z0-9_]*?)_tool\\}");

  /**
   * The visible tools in a provider's format. Warm renders reuse bytes cached per variant and per turn
   * fingerprint.
   *
   * @param dialect the provider format; never null
   */
  public RenderedTools render(Dialect dialect) {
    if (dialect == null) {
      throw new IllegalArgumentException("dialect must not be null");
    }
    int bit = 1 << dialect.ordinal();
    if ((rendered.get() & bit) == 0) {
      rendered.getAndUpdate(r -> r | bit);
    }
    return loadout.render(this, dialect, false);
  }

  /**
   * A tool choice for this turn in a provider's shape ({@link ToolChoice#render(Dialect)}), for the request's
   * {@link ToolChoice#requestField(Dialect)} beside {@link #render(Dialect)}. Refuses what the provider would answer
   * with an error, and a named tool the model was not shown, which would otherwise be a call Loadout then refuses.
   *
   * @param dialect the provider format; never null
   * @param choice the choice; never null
   * @return a new node the caller owns
   * @throws IllegalArgumentException when the choice names a tool this turn does not show, or is
   *     {@link ToolChoice#required()} on a turn that shows no tool
   * @since 0.1
   */
  public tools.jackson.databind.JsonNode toolChoice(Dialect dialect, ToolChoice choice) {
    if (dialect == null || choice == null) {
      throw new IllegalArgumentException("dialect and choice must not be null, but were " + dialect + ", " + choice);
    }
    if (choice.toolName().isPresent() && indexOf(choice.toolName().get()) < 0) {
      throw new IllegalArgumentException("tool choice names '" + choice.toolName().get() + "', which this turn does not "
          + "show (visible: " + visibleNames() + ")");
    }
    if (choice.mode() == ToolChoice.Mode.REQUIRED && visible.isEmpty()) {
      throw new IllegalArgumentException("tool choice 'required' on a turn that shows no tool");
    }
    return choice.render(dialect);
  }

  /**
   * The visible tools for OpenAI's strict mode: each tool whose schema allows it with {@code "strict": true} and the
   * schema strict mode needs (every property required, optional ones nullable, {@code additionalProperties: false};
   * see {@link StrictTools}), every other tool exactly as {@link #render(Dialect)} sends it and reported with the
   * reason, never rewritten into something it does not mean.
   *
   * <p>What was shown is what is checked: once a turn has been rendered strict for a dialect (and not also plainly for
   * it), that dialect's calls to a strict tool are checked against the strict schema, so a call that leaves out a
   * property or adds one is refused with {@code invalid_arguments}, and a {@code null} the rewrite made the model send
   * for an optional property reaches the tool as the property not being given. Rendered both ways, the turn checks
   * against the plain schema. Renders are cached like {@link #render(Dialect)}'s.
   *
   * @param dialect {@link Dialect#OPENAI_CHAT} or {@link Dialect#OPENAI_RESPONSES}
   * @return the tools and the ones sent without strict mode; never null
   * @throws IllegalArgumentException for any other dialect: strict mode is OpenAI's
   * @since 0.1
   */
  public StrictTools renderStrict(Dialect dialect) {
    if (dialect != Dialect.OPENAI_CHAT && dialect != Dialect.OPENAI_RESPONSES) {
      throw new IllegalArgumentException("strict mode is OpenAI's (OPENAI_CHAT, OPENAI_RESPONSES), but the dialect was "
          + dialect);
    }
    int bit = 1 << strictBit(dialect);
    if ((rendered.get() & bit) == 0) {
      rendered.getAndUpdate(r -> r | bit);
    }
    List<StrictTools.NotStrict> notStrict = new ArrayList<>();
    for (ToolSpec s : visible) {
      String refusal = s.strict().refusal();
      if (refusal != null) {
        notStrict.add(new StrictTools.NotStrict(s.name(), refusal));
      }
    }
    return new StrictTools(loadout.render(this, dialect, true), notStrict);
  }

  /** The bit of {@link #rendered} that says a strict render in this OpenAI dialect happened (after the plain ones). */
  private static int strictBit(Dialect dialect) {
    return Dialect.values().length + (dialect == Dialect.OPENAI_CHAT ? 0 : 1);
  }

  /**
   * The schema a call is checked against, as shown: strict when the call's dialect saw only strict renders and the
   * tool was strict in them, else the dialect's shown schema; null for the variant's own.
   */
  ShownSchema shownFor(ToolCall call, ToolSpec variant) {
    Dialect dialect = checkedDialect(call);
    if (dialect == null) {
      return null;
    }
    if (dialect == Dialect.OPENAI_CHAT || dialect == Dialect.OPENAI_RESPONSES) {
      int r = rendered.get();
      if ((r & (1 << strictBit(dialect))) != 0 && (r & (1 << dialect.ordinal())) == 0) {
        ShownSchema strict = variant.strictShown();
        if (strict != null) {
          return strict;
        }
      }
    }
    return variant.shown(dialect);
  }

  /**
   * The dialect whose shown schema a call is checked against: the call's own when it says, else the one this
   * turn was rendered in; null (the variant's own schema) when the turn was never rendered, or was rendered for
   * Gemini and for another dialect and the call does not say which it came from.
   */
  Dialect checkedDialect(ToolCall call) {
    if (call.dialect().isPresent()) {
      return call.dialect().get();
    }
    int bits = rendered.get();
    int r = bits & ((1 << Dialect.values().length) - 1);
    if ((bits & (1 << strictBit(Dialect.OPENAI_CHAT))) != 0) {
      r |= 1 << Dialect.OPENAI_CHAT.ordinal();
    }
    if ((bits & (1 << strictBit(Dialect.OPENAI_RESPONSES))) != 0) {
      r |= 1 << Dialect.OPENAI_RESPONSES.ordinal();
    }
    int gemini = 1 << Dialect.GEMINI.ordinal();
    if (r == 0 || (r & gemini) != 0 && (r & ~gemini) != 0) {
      return null;
    }
    return Dialect.values()[Integer.numberOfTrailingZeros(r)];
  }

  /**
   * Runs one call the model made in this round, through the interceptors and then Loadout's checks.
   * The stage never completes exceptionally because of anything the model sent: an unknown tool, bad
   * arguments, a timeout or a throwing tool all complete it with a {@link ToolResult.Failure}.
   *
   * @param call the call; never null
   * @return the result; never null
   */
  public CompletionStage<ToolResult> execute(ToolCall call) {
    if (call == null) {
      throw new IllegalArgumentException("call must not be null");
    }
    return run(call, ExecutionChain.start(this));
  }

  /**
   * Runs one call as {@link #execute(ToolCall)} does, with one more application interceptor for this call only: the
   * outermost of the application interceptors (inside the result cap, outside those of
   * {@link Loadout.Builder#addInterceptor}). For an integration that owns the call it makes, such as direct
   * invocation's claimed task, which checks that its task may still run and completes it whatever the outcome. It is
   * held to the interceptor contract like any host's, and what it answers without proceeding is a short-circuit
   * the listener hears ({@link LoadoutListener#callShortCircuited}).
   *
   * @param call the call; never null
   * @param around the call's own interceptor; never null
   * @return the result; never null
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public CompletionStage<ToolResult> execute(ToolCall call, ToolInterceptor around) {
    if (call == null || around == null) {
      throw new IllegalArgumentException("execute needs a call and an interceptor, but got " + call + ", " + around);
    }
    return run(call, ExecutionChain.start(this, around));
  }

  private CompletionStage<ToolResult> run(ToolCall call, ExecutionChain chain) {
    TurnEvents events = this.events;
    long start = events.now();
    events.callStart(this, call);
    CompletionStage<ToolResult> shaped = chain.proceed(call);
    if (events == TurnEvents.OFF) {
      return shaped;
    }
    return shaped.whenComplete((result, error) -> {
      if (error == null) {
        events.callEnd(this, call, result, start);
      } else {
        events.callFailed(this, call, error instanceof java.util.concurrent.CompletionException && error.getCause() != null
            ? error.getCause() : error, start);
      }
    });
  }

  /**
   * Where a tool's outbound requests report to this turn's {@link LoadoutListener}: pass it to
   * {@link dev.loadout.core.net.SafeHttpRequest.Builder#events} and the listener hears each hop the guard allows
   * ({@link LoadoutListener#outboundHop}) and each URL it refuses ({@link LoadoutListener#urlRefused}), for this
   * call. A tool finds its turn in its context under {@link #CURRENT}.
   *
   * @param call the call the tool is running
   * @return the call's request events; {@link dev.loadout.core.net.NetEvents#NONE} when the turn has no listener
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public NetEvents netEvents(ToolCall call) {
    if (call == null) {
      throw new IllegalArgumentException("call must not be null");
    }
    return events.net(this, call);
  }

  /** This turn's listener; {@link TurnEvents#OFF} without one. */
  TurnEvents events() {
    return events;
  }

  /**
   * Runs several calls concurrently and gathers the outcomes in the calls' order, ready for
   * {@link Dialect#historyMessages(List)}.
   */
  public CompletionStage<List<ToolOutcome>> executeAll(List<ToolCall> calls) {
    if (!Checks.noNulls(calls)) {
      throw new IllegalArgumentException("calls must be a list without nulls, but was " + calls);
    }
    List<CompletableFuture<ToolOutcome>> futures = new ArrayList<>(calls.size());
    for (ToolCall call : calls) {
      futures.add(execute(call).toCompletableFuture().thenApply(r -> new ToolOutcome(call, r)));
    }
    return CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
      List<ToolOutcome> out = new ArrayList<>(futures.size());
      futures.forEach(f -> out.add(f.join()));
      return Collections.unmodifiableList(out);
    });
  }

  /** The context tools receive: this turn's context plus {@link #CURRENT}; built once per turn. */
  TurnContext toolContext() {
    TurnContext c = toolContext;
    if (c == null) {
      c = context.toBuilder().attribute(CURRENT, this).build();
      toolContext = c;
    }
    return c;
  }

  Loadout loadout() {
    return loadout;
  }

  /** The tool shown under this name and its variant's position, or -1. */
  int indexOf(String name) {
    Integer i = index().get(name);
    return i == null || i >= visible.size() ? -1 : i;
  }

  /**
   * The position of a deferred tool this turn does not show but a call may run: the call's dialect rendered this turn
   * with the provider's own search, which loads deferred tools itself; else -1.
   */
  int nativelyLoaded(ToolCall call) {
    Integer i = index().get(call.name());
    if (i == null || i < visible.size()) {
      return -1;
    }
    Dialect d = checkedDialect(call);
    return d != null && isNative(d) && (rendered.get() & (1 << d.ordinal())) != 0 ? i : -1;
  }

  /** The variant a call would run against: a visible tool's, or a deferred one's a native search loaded. */
  Optional<ToolSpec> callableVariant(ToolCall call) {
    int i = indexOf(call.name());
    if (i < 0) {
      i = nativelyLoaded(call);
    }
    return i < 0 ? Optional.empty() : Optional.of(variant(i));
  }

  BaseTool tool(int i) {
    return i < tools.size() ? tools.get(i) : deferral.implementations.get(undiscovered.get(i - tools.size()));
  }

  ToolSpec variant(int i) {
    return i < visible.size() ? visible.get(i) : deferral.specs.get(undiscovered.get(i - visible.size()));
  }

  /** Visible names to their positions, then the undiscovered deferred ones after them. */
  private Map<String, Integer> index() {
    Map<String, Integer> m = index;
    if (m == null) {
      m = new HashMap<>((visible.size() + undiscovered.size()) * 2);
      for (int i = 0; i < visible.size(); i++) {
        m.put(visible.get(i).name(), i);
      }
      for (int k = 0; k < undiscovered.size(); k++) {
        m.putIfAbsent(deferral.specs.get(undiscovered.get(k)).name(), visible.size() + k);
      }
      index = m;
    }
    return m;
  }

  @Override
  public String toString() {
    return "PreparedTurn{visible=" + visible.size() + ", hidden=" + hidden.size()
        + (deferral == null ? "" : ", deferred=" + undiscovered.size()) + ", fingerprint=" + fingerprint + "}";
  }
}
