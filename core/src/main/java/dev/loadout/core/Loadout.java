package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.availability.DeliberateSettings;
import dev.loadout.core.availability.DeliberateToolMode;
import dev.loadout.core.internal.settings.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

// Over 400 lines on purpose: the entry point's public Builder (every setting with its check) is about 260 of them,
// and prepare's stages already live beside it (AvailabilityRunner, Routing, RenderCache); what remains is the
// order of those stages, which reads best in one place.
/**
 * The entry point: one per bot, shared by all its conversations.
 *
 * <pre>{@code
 * Loadout loadout = Loadout.builder(registry).groupOrder(List.of("media", "moderation")).build();
 * PreparedTurn turn = loadout.prepare(context);          // before each model request
 * String tools = turn.render(Dialect.OPENAI_CHAT).json(); // the request's "tools"
 * ToolResult result = turn.execute(call).toCompletableFuture().join();
 * }</pre>
 *
 * <h2>How {@code prepare} decides</h2>
 * For every registered tool, in a fixed order (core tools, then groups in the configured order, then other
 * groups by name, then tool name; then external tools, host sources' before guild sources', each in the same
 * order; never anything the user wrote), every {@link AvailabilityFilter} runs
 * and each "hidden" decision is kept as a reason. A tool with no reason is assembled
 * ({@link BaseTool#assembleForContext(TurnContext)}), which may narrow it or hide it. The ordering of a
 * registry version is computed once and cached, so a warm {@code prepare} only runs filters and
 * assembly, and a warm {@code render} joins bytes cached on each variant, or returns the bytes of an
 * earlier turn with the same variants.
 *
 * <h2>The ordering contract</h2>
 * Providers cache a request's prompt by prefix, and tools are part of it, so a change in one part of the list must
 * never move an earlier part: built-in tools come first (core, configured groups, other groups by name), then
 * host sources' external tools, then guild sources' (each part by group, then name), then the tool search function
 * when some tools are deferred, then tools a tool search discovered, in the order discovered. The first parts form
 * the turn's stable prefix ({@link PreparedTurn#stableCount()}, {@link PreparedTurn#prefixFingerprint()}).
 *
 * <h2>Threads and time</h2>
 * Tools run on the configured {@link Executor} and their deadlines on the configured
 * {@link ScheduledExecutorService}. When none is given, Loadout creates daemon threads of its own and
 * {@link #close()} stops them; executors the host passes in are never shut down by Loadout.
 *
 * <p>Thread-safe.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class Loadout implements AutoCloseable {
  /** The default tool deadline: 30 seconds. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  /** The default cap on the characters of one result a model reads: 20,000. */
  public static final int DEFAULT_MAX_RESULT_CHARS = 20_000;

  static final Logger LOG = LoggerFactory.getLogger(Loadout.class);

  private final ToolRegistry registry;
  private final AvailabilityRunner availability;
  private final Map<String, Integer> groupRank;
  final List<ToolInterceptor> interceptors;
  /**
   * Every call's chain, outermost first: {@link ShapeStep}, the application interceptors, {@link ResolveStep},
   * {@link ParseStep}, {@link ValidateStep}, {@link DeadlineStep}, the tool interceptors, {@link InvokeStep}.
   */
  final ToolInterceptor[] links;
  /** The position of {@link DeadlineStep} in {@link #links}: the tool interceptors come after it. */
  final int deadlineLink;
  final Executor executor;
  final ScheduledExecutorService scheduler;
  final Duration defaultTimeout;
  final ResultShaper shaper;
  final ArgumentsReader arguments;
  final boolean nullMeansAbsent;
  final WarnOnce warnings = new WarnOnce();
  private final List<ExecutorService> owned;
  private final RenderCache renders = new RenderCache();
  private volatile Ordered ordered;
  private final ExternalToolSources externalTools;
  private final DescriptionOverride descriptions;
  /** Creates each turn's listener; null for none. */
  private final LoadoutListener.Factory listeners;
  /** Nanoseconds for the durations events report; {@link System#nanoTime()} unless a test injects its own. */
  private final java.util.function.LongSupplier ticker;
  private volatile Routing routing = Routing.EMPTY;
  /** Whether Anthropic renders mark the last tool of the stable prefix with {@code cache_control}. */
  private final boolean cacheBreakpoint;
  /** Tool search; null when off. */
  private final ToolSearch toolSearch;
  /** The last turns' splits into loaded and deferred tools, most recent first (see {@link Deferral}). */
  volatile Deferral.Split[] recentSplits = new Deferral.Split[0];
  /** Whether tools deliberate tool mode filters are deferred instead of hidden (see {@link ToolSearch}). */
  private final boolean deliberateDefers;

  private Loadout(Builder b) {
    this.registry = b.registry;
    this.availability = new AvailabilityRunner(b.filters, warnings);
    this.deliberateDefers = b.toolSearch != null && b.toolSearch.deliberateDefers
        && availability.has(DELIBERATE_FILTER);
    Map<String, Integer> rank = new HashMap<>();
    for (String g : b.groupOrder) {
      rank.putIfAbsent(g, rank.size());
    }
    this.groupRank = Map.copyOf(rank);
    this.interceptors = List.copyOf(b.interceptors);
    List<ToolInterceptor> chain = new ArrayList<>(b.interceptors.size() + b.toolInterceptors.size() + 6);
    chain.add(ShapeStep.INSTANCE);
    chain.addAll(b.interceptors);
    chain.add(ResolveStep.INSTANCE);
    chain.add(ParseStep.INSTANCE);
    chain.add(ValidateStep.INSTANCE);
    this.deadlineLink = chain.size();
    chain.add(DeadlineStep.INSTANCE);
    chain.addAll(b.toolInterceptors);
    chain.add(InvokeStep.INSTANCE);
    this.links = chain.toArray(new ToolInterceptor[0]);
    this.externalTools = b.externalTools;
    this.descriptions = b.descriptions;
    this.listeners = b.listeners;
    this.ticker = b.ticker;
    this.cacheBreakpoint = b.cacheBreakpoint;
    this.toolSearch = b.toolSearch;
    this.defaultTimeout = b.defaultTimeout;
    this.shaper = new ResultShaper(b.maxResultChars, b.remainders);
    this.nullMeansAbsent = b.nullMeansAbsent;
    this.arguments = b.jsonLimits.equals(JsonLimits.DEFAULTS) ? ArgumentsReader.DEFAULT : new ArgumentsReader(b.jsonLimits);
    List<ExecutorService> own = new ArrayList<>(2);
    if (b.executor == null) {
      ExecutorService pool = Executors.newCachedThreadPool(daemon("loadout-tool-"));
      own.add(pool);
      this.executor = pool;
    } else {
      this.executor = b.executor;
    }
    if (b.scheduler == null) {
      ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(daemon("loadout-deadline-"));
      own.add(s);
      this.scheduler = s;
    } else {
      this.scheduler = b.scheduler;
    }
    this.owned = List.copyOf(own);
  }

  /**
   * Starts a Loadout over a registry.
   *
   * @param registry the bot's tools; never null
   */
  public static Builder builder(ToolRegistry registry) {
    if (registry == null) {
      throw new IllegalArgumentException("registry must not be null");
    }
    return new Builder(registry);
  }

  /** The registry this Loadout reads. */
  public ToolRegistry registry() {
    return registry;
  }

  /**
   * Decides which tools the model sees on this turn, in which shape and order.
   *
   * @param context the turn; never null
   * @return the prepared turn; never null
   */
  public PreparedTurn prepare(TurnContext context) {
    if (context == null) {
      throw new IllegalArgumentException("context must not be null");
    }
    TurnEvents events = TurnEvents.create(listeners, context, warnings, ticker);
    long start = events.now();
    events.prepareStart(context);
    Ordered o = ordered();
    Routing r = routing(context, o);
    if (r.replacements != null) {
      // Family-keyed rules must see the replacing tools as members of the family.
      context = context.toBuilder().attribute(FamilyReplacements.KEY, r.replacements).build();
    }
    ToolRegistry.Entry[] builtIns = o.entries;
    ToolRegistry.Entry[] external = r.accepted;
    // External tools are decided first: a replacement hides its built-ins only when one of its tools is shown on
    // this turn, so a guild is never left without a tool of the family while its replacement is hidden.
    // Hidden entries of external tools come after the built-ins', as the tools do.
    List<HiddenTool> outsideHidden = new ArrayList<>(0);
    // Tools deliberate tool mode filters on this message, kept available to be deferred; null unless configured and on.
    Map<String, HiddenTool.Reason> deliberate = deliberateDefers && context.attribute(DeliberateToolMode.SETTINGS)
        .map(DeliberateSettings::isActive).orElse(false) ? new HashMap<>() : null;
    ToolSpec[] outside = r.fixedOutcomes;
    if (outside == null) {
      outside = new ToolSpec[external.length];
      for (int k = 0; k < external.length; k++) {
        outside[k] = decide(external[k], r.masks[k], r.assembles[k], context, outsideHidden, deliberate);
      }
    }
    Map<String, List<String>> effective = effectiveReplacements(r, external, outside);
    int total = builtIns.length + external.length;
    List<ToolSpec> visible = new ArrayList<>(total);
    List<BaseTool> tools = new ArrayList<>(total);
    List<String> sources = new ArrayList<>(total);
    List<HiddenTool> hidden = new ArrayList<>(r.dropped);
    // The ordering contract: every built-in (already in compare() order) comes before every external tool (host
    // sources, then guild sources, each in compare() order), so nothing a guild registers or removes can move a
    // built-in's bytes in the render, and the provider's cached prefix survives MCP changes.
    for (int b = 0; b < builtIns.length; b++) {
      ToolRegistry.Entry entry = builtIns[b];
      HiddenTool.Reason replaced = r.replaced.isEmpty() ? null : r.replaced.get(entry.spec.name());
      if (replaced != null && effective.containsKey(entry.spec.family().orElse(""))) {
        List<HiddenTool.Reason> reasons = availability.evaluate(entry.spec, context, o.masks[b]);
        reasons = reasons == null ? new ArrayList<>(1) : reasons;
        reasons.add(replaced);
        hidden.add(new HiddenTool(entry.spec.name(), reasons));
        continue;
      }
      keep(entry, decide(entry, o.masks[b], o.assembles[b], context, hidden, deliberate), visible, tools, sources);
    }
    if (!outsideHidden.isEmpty()) {
      hidden.addAll(outsideHidden);
    }
    if (r.fixedSpecs != null) {
      visible.addAll(r.fixedSpecs);
      tools.addAll(r.fixedTools);
      sources.addAll(r.fixedSources);
    } else {
      for (int k = 0; k < external.length; k++) {
        keep(external[k], outside[k], visible, tools, sources);
      }
    }
    PreparedTurn turn = toolSearch == null ? null
        : Deferral.prepare(this, toolSearch, context, visible, tools, sources, hidden, effective, events, deliberate,
            new Deferral.Origin(o.version, r));
    if (turn == null && deliberate != null && !deliberate.isEmpty()) {
      // Tool search is off for this turn (a tool takes the search function's name): hide them after all.
      for (int i = visible.size() - 1; i >= 0; i--) {
        HiddenTool.Reason why = deliberate.get(visible.get(i).name());
        if (why != null) {
          hidden.add(new HiddenTool(visible.get(i).name(), List.of(why)));
          visible.remove(i);
          tools.remove(i);
          sources.remove(i);
        }
      }
    }
    if (turn == null) {
      turn = new PreparedTurn(this, context, visible, tools, sources, hidden, effective, events);
    }
    if (events != TurnEvents.OFF) {
      for (HiddenTool h : turn.hidden()) {
        events.toolHidden(context, h);
      }
      events.prepareEnd(turn, start);
    }
    return turn;
  }

  private static void keep(ToolRegistry.Entry entry, ToolSpec variant, List<ToolSpec> visible, List<BaseTool> tools,
      List<String> sources) {
    if (variant != null) {
      visible.add(variant);
      tools.add(entry.tool);
      sources.add(entry.builtIn ? null : entry.source);
    }
  }

  /**
   * One tool's outcome on a turn: the variant shown, or null after adding why to {@code hidden}. Writes into the turn's
   * list rather than returning one per tool: on a 300-tool guild, a list and a result object per tool and turn were
   * most of what a warm turn allocated. Runs only the filters in {@code mask} and calls the tool's assembly only when
   * it has one ({@code assembles}): both are known per tool ahead of the turn ({@link Ordered}, {@link Routing}).
   */
  private ToolSpec decide(ToolRegistry.Entry entry, long mask, boolean assembles, TurnContext context,
      List<HiddenTool> hidden, Map<String, HiddenTool.Reason> deliberate) {
    List<HiddenTool.Reason> reasons = availability.evaluate(entry.spec, context, mask);
    if (reasons != null) {
      if (deliberate == null || !onlyDeliberate(reasons)) {
        hidden.add(new HiddenTool(entry.spec.name(), reasons));
        return null;
      }
      deliberate.put(entry.spec.name(), reasons.get(0));
    }
    ToolSpec variant = assembles ? availability.assemble(entry, context, hidden) : entry.spec;
    if (variant != null && descriptions != null) {
      variant = describe(variant, context);
    }
    return variant;
  }

  /** The name of deliberate tool mode's filter, whose reasons a {@link ToolSearch} may turn into deferrals. */
  static final String DELIBERATE_FILTER = "deliberate_tool_mode";

  /** Whether every reason is deliberate tool mode's own: only then does deferring it instead keep what the mode means. */
  private static boolean onlyDeliberate(List<HiddenTool.Reason> reasons) {
    for (HiddenTool.Reason r : reasons) {
      if (!DELIBERATE_FILTER.equals(r.source())
          || !(r.code().equals(DeliberateToolMode.NO_INTENT) || r.code().equals(DeliberateToolMode.NOT_REQUESTED))) {
        return false;
      }
    }
    return true;
  }

  /** The replaced families whose replacing tools are shown on this turn, with those tools' names, sorted. */
  private static Map<String, List<String>> effectiveReplacements(Routing r, ToolRegistry.Entry[] external,
      ToolSpec[] outside) {
    if (r.replacementNames.isEmpty()) {
      return Map.of();
    }
    Map<String, List<String>> effective = new HashMap<>();
    r.replacementNames.forEach((family, names) -> {
      List<String> shown = new ArrayList<>(names.size());
      for (int k = 0; k < external.length; k++) {
        if (outside[k] != null && names.contains(external[k].spec.name())) {
          shown.add(external[k].spec.name());
        }
      }
      if (!shown.isEmpty()) {
        shown.sort(null);
        effective.put(family, List.copyOf(shown));
      }
    });
    return Map.copyOf(effective);
  }

  /** The variant with the operator's description, or as it was when there is none or the override fails. */
  private ToolSpec describe(ToolSpec variant, TurnContext context) {
    String d;
    try {
      d = descriptions.descriptionFor(variant, context);
    } catch (RuntimeException e) {
      warnings.warn(LOG, "description|" + variant.name() + "|" + e.getClass().getName(), () -> "Description override "
          + descriptions.getClass().getName() + " failed for '" + variant.name() + "'; showing its own description", e);
      return variant;
    }
    return d == null ? variant : variant.edit().description(d).withoutAnnotations().build();
  }

  /** The turn's routing: reused while the sources list (by identity) and the registry version are unchanged. */
  private Routing routing(TurnContext context, Ordered o) {
    if (externalTools == ExternalToolSources.NONE) {
      return Routing.EMPTY;
    }
    List<ToolSource> sources;
    try {
      sources = externalTools.sourcesFor(context);
    } catch (RuntimeException e) {
      warnings.warn(LOG, "sources|" + e.getClass().getName(), () -> "External tool sources "
          + externalTools.getClass().getName() + " failed; this turn has no external tools", e);
      return Routing.EMPTY;
    }
    if (sources == null || sources.isEmpty()) {
      return Routing.EMPTY;
    }
    Routing last = routing;
    if (last.sources == sources && last.registryVersion == o.version) {
      return last;
    }
    Routing next = Routing.resolve(sources, registry.snapshot(), this::compare, availability, descriptions != null,
        warnings, LOG);
    routing = next;
    return next;
  }

  /** Built-in names of a family, in order; for macros when no replacement applies. */
  List<String> builtInsOfFamily(String family) {
    List<String> names = new ArrayList<>();
    for (ToolRegistry.Entry e : ordered().entries) {
      if (e.builtIn && e.spec.family().map(family::equals).orElse(false)) {
        names.add(e.spec.name());
      }
    }
    return names;
  }

  private Ordered ordered() {
    ToolRegistry.Snapshot snapshot = registry.snapshot();
    Ordered o = ordered;
    if (o == null || o.version != snapshot.version) {
      ToolRegistry.Entry[] entries = snapshot.entries.toArray(new ToolRegistry.Entry[0]);
      java.util.Arrays.sort(entries, Comparator.comparing((ToolRegistry.Entry e) -> e.spec, this::compare));
      o = new Ordered(snapshot.version, entries, availability.masks(entries), availability.assemblies(entries));
      ordered = o;
    }
    return o;
  }

  /** Core first, then configured groups in order, then other groups by name, then by tool name. */
  int compare(ToolSpec a, ToolSpec b) {
    int byGroup = Integer.compare(groupClass(a), groupClass(b));
    if (byGroup != 0) {
      return byGroup;
    }
    if (!a.isCore()) {
      String ga = a.group().get();
      String gb = b.group().get();
      Integer ra = groupRank.get(ga);
      int c = ra != null ? Integer.compare(ra, groupRank.get(gb)) : ga.compareTo(gb);
      if (c != 0) {
        return c;
      }
    }
    return a.name().compareTo(b.name());
  }

  private int groupClass(ToolSpec s) {
    return s.isCore() ? 0 : groupRank.containsKey(s.group().get()) ? 1 : 2;
  }

  /** The turn's tools in a dialect, from the render cache when an earlier turn had the same ones; an event either way. */
  RenderedTools render(PreparedTurn turn, Dialect dialect, boolean strict) {
    if (turn.isNative(dialect)) {
      RenderedTools tools = turn.deferral().nativeRender(turn, dialect, strict,
          () -> NativeSearchRender.render(turn, dialect, strict, cacheBreakpoint));
      turn.events().renderEnd(turn, dialect, strict, false);
      return tools;
    }
    int breakpoint = dialect == Dialect.ANTHROPIC && cacheBreakpoint ? turn.stableCount() - 1 : -1;
    RenderedTools cached = renders.cached(dialect, strict, turn.fingerprint(), turn.visible(), breakpoint);
    RenderedTools tools = cached != null ? cached
        : renders.renderAndKeep(dialect, strict, turn.fingerprint(), turn.visible(), breakpoint);
    turn.events().renderEnd(turn, dialect, strict, cached != null);
    return tools;
  }

  /** Stops the threads Loadout created itself; executors the host supplied are left alone. */
  @Override
  public void close() {
    owned.forEach(ExecutorService::shutdownNow);
  }

  @Override
  public String toString() {
    return "Loadout{tools=" + registry.snapshot().entries.size() + ", filters=" + availability.size()
        + ", interceptors=" + interceptors.size() + ", toolInterceptors=" + (links.length - deadlineLink - 2) + "}";
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  private static final class Ordered {
    final long version;
    final ToolRegistry.Entry[] entries;
    /** Per entry, the filters that may hide it (see {@link AvailabilityRunner#mask}). */
    final long[] masks;
    /** Per entry, whether it has an assembly of its own (see {@link AvailabilityRunner#assembles}). */
    final boolean[] assembles;

    Ordered(long version, ToolRegistry.Entry[] entries, long[] masks, boolean[] assembles) {
      this.version = version;
      this.entries = entries;
      this.masks = masks;
      this.assembles = assembles;
    }
  }

  /**
   * Configures a {@link Loadout}. Setters check their value at once and name the setting in the error.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final ToolRegistry registry;
    private final List<AvailabilityFilter> filters = new ArrayList<>();
    private final List<String> groupOrder = new ArrayList<>();
    private final List<ToolInterceptor> interceptors = new ArrayList<>();
    private final List<ToolInterceptor> toolInterceptors = new ArrayList<>();
    private Executor executor;
    private ExternalToolSources externalTools = ExternalToolSources.NONE;
    private DescriptionOverride descriptions;
    private ScheduledExecutorService scheduler;
    private Duration defaultTimeout = DEFAULT_TIMEOUT;
    private int maxResultChars = DEFAULT_MAX_RESULT_CHARS;
    private JsonLimits jsonLimits = JsonLimits.DEFAULTS;
    private boolean nullMeansAbsent = true;
    private ResultRemainders remainders;
    private LoadoutListener.Factory listeners;
    private java.util.function.LongSupplier ticker = System::nanoTime;
    private boolean cacheBreakpoint;
    private ToolSearch toolSearch;

    private Builder(ToolRegistry registry) {
      this.registry = registry;
    }

    /** Adds an availability filter; filters run in the order added. */
    public Builder addFilter(AvailabilityFilter filter) {
      if (filter == null) {
        throw new IllegalArgumentException("filter must not be null");
      }
      filters.add(filter);
      return this;
    }

    /**
     * Adds an application interceptor: around everything Loadout does with a call, so it sees each call as the model
     * sent it (possibly naming a tool the turn did not show, possibly with malformed arguments) and every result as
     * the model will read it, capped. The place for audit logs, cooldowns and blocks that answer before any check.
     * The first added is the outermost. See {@link ToolInterceptor}.
     */
    public Builder addInterceptor(ToolInterceptor interceptor) {
      if (interceptor == null) {
        throw new IllegalArgumentException("interceptor must not be null");
      }
      interceptors.add(interceptor);
      return this;
    }

    /**
     * Adds a tool interceptor: around the tool's own run only, inside the call's deadline, so it sees only calls that
     * name a tool the turn showed and whose arguments passed the check ({@link ToolInterceptor.Chain#tool()} is the
     * variant shown, {@code call().argumentsJson()} the arguments as the tool receives them). It may pass on a call
     * with other arguments (they are checked again before the tool runs), never one to another tool. The place for
     * per-tool rate limits, retries of a flaky tool and timing the tool alone. The first added is the outermost.
     *
     * @since 0.1
     */
    public Builder addToolInterceptor(ToolInterceptor interceptor) {
      if (interceptor == null) {
        throw new IllegalArgumentException("tool interceptor must not be null");
      }
      toolInterceptors.add(interceptor);
      return this;
    }

    /**
     * Sets the order of tool groups after the core tools. Names ignore case and surrounding spaces;
     * groups not listed follow, by name.
     */
    public Builder groupOrder(List<String> groups) {
      if (!Checks.noNulls(groups)) {
        throw new IllegalArgumentException("group order must be a list without nulls, but was " + groups);
      }
      groupOrder.clear();
      for (String g : groups) {
        String n = ToolSpec.normalizeGroup(g);
        if (n == null) {
          throw new IllegalArgumentException("group order must not contain a blank group name, but was " + groups);
        }
        groupOrder.add(n.toLowerCase(Locale.ROOT));
      }
      return this;
    }

    /**
     * Sets where a turn's external tools come from (a guild's MCP servers, say); see
     * {@link ExternalToolSources} for the collision and replacement policy.
     */
    public Builder externalTools(ExternalToolSources sources) {
      if (sources == null) {
        throw new IllegalArgumentException("external tool sources must not be null; use ExternalToolSources.NONE");
      }
      this.externalTools = sources;
      return this;
    }

    /**
     * Sets where operators' own tool descriptions come from, per turn (for direct-invocation configs:
     * {@code CustomDescriptions.overrides(...)}). Without one every tool keeps its own description.
     */
    public Builder descriptionOverride(DescriptionOverride override) {
      if (override == null) {
        throw new IllegalArgumentException("description override must not be null");
      }
      this.descriptions = override;
      return this;
    }

    /** Sets the executor tools run on. Loadout never shuts it down. */
    public Builder executor(Executor executor) {
      if (executor == null) {
        throw new IllegalArgumentException("executor must not be null");
      }
      this.executor = executor;
      return this;
    }

    /** Sets the scheduler that enforces tool deadlines. Loadout never shuts it down. */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      if (scheduler == null) {
        throw new IllegalArgumentException("scheduler must not be null");
      }
      this.scheduler = scheduler;
      return this;
    }

    /** Sets the deadline for tools that do not declare their own, from 1 ms to 1 day. */
    public Builder defaultTimeout(Duration timeout) {
      this.defaultTimeout = Settings.deadline("defaultTimeout", timeout);
      return this;
    }

    /** Sets how many characters of one result a model reads before it is cut; at least 256. */
    public Builder maxResultChars(int maxResultChars) {
      if (maxResultChars < 256) {
        throw new IllegalArgumentException("maxResultChars must be at least 256, but was " + maxResultChars);
      }
      this.maxResultChars = maxResultChars;
      return this;
    }

    /**
     * Sets the limits a call's arguments text must keep to (nesting, number, name and string lengths); text
     * beyond them is {@code invalid_arguments} naming the limit. Default {@link JsonLimits#DEFAULTS}.
     */
    public Builder jsonLimits(JsonLimits limits) {
      if (limits == null) {
        throw new IllegalArgumentException("jsonLimits must not be null; use JsonLimits.DEFAULTS");
      }
      this.jsonLimits = limits;
      return this;
    }

    /**
     * Whether a {@code null} sent for an optional top-level property whose schema does not accept {@code null} is
     * read as the property not being given (the tool receives the arguments without it) rather than refused.
     * Models send {@code "limit": null} for "no limit" often, and refusing it costs a model round for nothing the
     * tool needs. A {@code null} the schema accepts, or one for a required property, is never touched. Default
     * {@code true}; {@code false} refuses such calls with {@code invalid_arguments}, exactly as the shown schema
     * reads.
     */
    public Builder nullMeansAbsent(boolean on) {
      this.nullMeansAbsent = on;
      return this;
    }

    /**
     * Keeps the whole text of results cut at the result cap, per session, so the model can read on with
     * {@code read_result_part}; register {@code remainders.readTool()} in the registry as well. Without it a cut
     * result is only cut.
     *
     * @throws IllegalArgumentException at {@link #build()} if the registry lacks the store's read tool
     */
    public Builder resultRemainders(ResultRemainders remainders) {
      if (remainders == null) {
        throw new IllegalArgumentException("result remainders must not be null; leave them unset to only cut");
      }
      this.remainders = remainders;
      return this;
    }

    /**
     * One listener for every turn's events (see {@link LoadoutListener}); it must hold no per-turn state, since turns
     * run concurrently. Replaces a {@link #listenerFactory(LoadoutListener.Factory) factory} set before.
     *
     * @param listener the listener; never null ({@link LoadoutListener#NONE} for none)
     * @since 0.1
     */
    public Builder listener(LoadoutListener listener) {
      if (listener == null) {
        throw new IllegalArgumentException("listener must not be null; use LoadoutListener.NONE for none");
      }
      this.listeners = listener == LoadoutListener.NONE ? null : context -> listener;
      return this;
    }

    /**
     * Creates one listener per turn, for listeners that keep state between a turn's events (a span per turn, for
     * instance). Replaces a {@link #listener(LoadoutListener) listener} set before.
     *
     * @param factory called once per {@link Loadout#prepare(TurnContext)}; never null
     * @since 0.1
     */
    public Builder listenerFactory(LoadoutListener.Factory factory) {
      if (factory == null) {
        throw new IllegalArgumentException("listener factory must not be null");
      }
      this.listeners = factory;
      return this;
    }

    /**
     * The time source of the durations listeners receive, in nanoseconds; {@link System#nanoTime()} unless set.
     * For tests that assert durations without waiting.
     *
     * @param nanoTime a monotonic nanosecond reading; never null
     * @since 0.1
     */
    public Builder ticker(java.util.function.LongSupplier nanoTime) {
      if (nanoTime == null) {
        throw new IllegalArgumentException("ticker must not be null");
      }
      this.ticker = nanoTime;
      return this;
    }

    /**
     * Whether Anthropic renders put a {@code "cache_control": {"type": "ephemeral"}} breakpoint on the last tool of
     * the turn's stable prefix ({@link PreparedTurn#stableCount()}), so Anthropic caches the tools up to that point
     * and tools discovered later in the session are appended after it without costing the cached part. Off by
     * default: Anthropic allows only a few breakpoints per request, and a host that places its own (on the system
     * prompt, say) should decide where they go. Other dialects are unaffected.
     *
     * @since 0.1
     */
    public Builder anthropicCacheBreakpoint(boolean on) {
      this.cacheBreakpoint = on;
      return this;
    }

    /**
     * Turns on tool search: each turn's {@link DeferralPolicy} defers some available tools, which the model finds with
     * a search (emulated, or the provider's own where configured) and which are loaded after the stable prefix. See
     * {@link ToolSearch}. Off unless set.
     *
     * @since 0.1
     */
    public Builder toolSearch(ToolSearch search) {
      if (search == null) {
        throw new IllegalArgumentException("tool search must not be null; leave it unset for none");
      }
      this.toolSearch = search;
      return this;
    }

    /** Builds the Loadout. */
    public Loadout build() {
      if (remainders != null && registry.tool(ReadResultPartTool.NAME).filter(t -> t == remainders.readTool())
          .isEmpty()) {
        throw new IllegalArgumentException("resultRemainders is set but the registry does not hold its read tool; "
            + "register remainders.readTool() so the model can read on");
      }
      return new Loadout(this);
    }
  }
}
