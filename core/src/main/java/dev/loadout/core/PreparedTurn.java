package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

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
  private volatile TurnContext toolContext;
  /** The dialects this turn was rendered in, one bit per {@link Dialect#ordinal()}, then one per strict OpenAI render. */
  private final java.util.concurrent.atomic.AtomicInteger rendered = new java.util.concurrent.atomic.AtomicInteger();
  /** This turn's listener. */
  private final TurnEvents events;

  PreparedTurn(Loadout loadout, TurnContext context, List<ToolSpec> visible, List<BaseTool> tools, List<String> sources,
      List<HiddenTool> hidden, Map<String, List<String>> replacementNames, TurnEvents events) {
    this.events = events;
    this.replacementNames = replacementNames;
    this.sources = sources;
    this.loadout = loadout;
    this.context = context;
    this.visible = Collections.unmodifiableList(visible);
    this.tools = tools;
    this.hidden = Collections.unmodifiableList(hidden);
    this.fingerprint = Fingerprints.ofTurn(visible);
    this.stableCount = visible.size();
    this.prefixFingerprint = fingerprint;
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
    return i == null ? Optional.empty() : Optional.ofNullable(sources.get(i));
  }

  /** The hidden tool with this name, if it is hidden. */
  public Optional<HiddenTool> hidden(String name) {
    return hidden.stream().filter(h -> h.name().equals(name)).findFirst();
  }

  /** The variant of a visible tool, exactly as shown. */
  public Optional<ToolSpec> variant(String name) {
    Integer i = index().get(name);
    return i == null ? Optional.empty() : Optional.of(visible.get(i));
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
    TurnEvents events = this.events;
    long start = events.now();
    events.callStart(this, call);
    CompletionStage<ToolResult> shaped = ExecutionChain.start(this).proceed(call);
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
    return i == null ? -1 : i;
  }

  BaseTool tool(int i) {
    return tools.get(i);
  }

  ToolSpec variant(int i) {
    return visible.get(i);
  }

  private Map<String, Integer> index() {
    Map<String, Integer> m = index;
    if (m == null) {
      m = new HashMap<>(visible.size() * 2);
      for (int i = 0; i < visible.size(); i++) {
        m.put(visible.get(i).name(), i);
      }
      index = m;
    }
    return m;
  }

  @Override
  public String toString() {
    return "PreparedTurn{visible=" + visible.size() + ", hidden=" + hidden.size() + ", fingerprint=" + fingerprint + "}";
  }
}
