package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.AttributeKey;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.internal.settings.EnvironmentReader;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.apiguardian.api.API;

/**
 * Deliberate tool mode: while it is on, the model is offered only the tools the user's message asks for
 * (TomoriBot's "deliberate tool mode"). A chatty turn gets no tools at all, which saves tokens and keeps
 * the model from acting unasked.
 *
 * <h2>Per turn</h2>
 * The host puts two attributes in the {@link TurnContext}, next to its {@link TurnContext#messageText()}:
 * <ul>
 *   <li>{@link #SETTINGS}: the server flag, the user's personal {@code off / follow / on} (which wins),
 *       and the server's context turns and triggers. Without it the mode is off.</li>
 *   <li>{@link #RECENT_TOOLS}: the tools the channel used successfully in its last turns, usually from a
 *       {@link RecentToolUse} tracker. Without it follow-ups re-allow nothing.</li>
 * </ul>
 * When the mode is on, the message is matched against every family (see {@link IntentFamily}): custom
 * triggers ({@link IntentTriggers}, bot-wide and per server), then the built-in English phrases. Then:
 * <ul>
 *   <li><b>no family matches</b> — every tool is hidden with {@link #NO_INTENT} and a reason saying no
 *       tools are offered this turn; the prepared turn is empty and says why;</li>
 *   <li><b>families match</b> — tools outside them are hidden with {@link #NOT_REQUESTED}, whose reason
 *       names the matched families. A tool is inside a family when its name is one of the family's tool
 *       names, or its {@link ToolSpec#family()} is one of the family's spec families.</li>
 * </ul>
 * A search request also admits {@link IntentFamily#URL_READING}. A self-diagnostic question (about the
 * model, tools, settings, or why the bot did not or cannot do something) admits
 * {@code review_capabilities} and URL reading, never web search, and no other built-in phrase family. A
 * follow-up phrase admits the tools used successfully in the channel's last N turns: N is the server's
 * {@link DeliberateSettings#contextTurns()}, else this mode's {@link #contextTurns()} (default
 * {@value #DEFAULT_CONTEXT_TURNS}, clamped to {@code 0..}{@value #MAX_CONTEXT_TURNS}).
 *
 * <p>Matching reads only the text (its first {@value #MAX_TEXT_CHARS} characters), in time linear in it
 * (RE2), once per turn; it never reads or changes the order of tools.
 *
 * <h2>URL reading and replacement tools</h2>
 * A guild may replace the bundled {@code fetch_url} with its own URL-reading tools (see the collision
 * policy). Under this mode, URL-reading intent admits them as well as the bundled names
 * ({@code fetch_url}, {@code fetch}, {@code fetch-url}), in any of three ways:
 * <ol>
 *   <li>a replacement whose spec declares family {@code url_fetch} is admitted as is (the default spec
 *       family of {@link IntentFamily#URL_READING}; {@link IntentFamily#SEARCH} has {@code web_search});</li>
 *   <li>{@link Builder#extraToolNames(BiFunction)} supplies names per family and turn, for instance
 *       the tool names of the turn's sources that replace {@code url_fetch};</li>
 *   <li>{@link Builder#addToolNames(IntentFamily, String...)} adds fixed names.</li>
 * </ol>
 *
 * <pre>{@code
 * DeliberateToolMode mode = DeliberateToolMode.builder()
 *     .triggers(IntentTriggers.builder().literal(IntentFamily.IMAGE, "sketch*").build())
 *     .extraToolNames((family, ctx) -> family.equals(IntentFamily.URL_READING) ? urlFetchReplacements(ctx) : List.of())
 *     .build();
 * Loadout loadout = Loadout.builder(registry).addFilter(AvailabilityFilters.deliberateToolMode(mode)).build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class DeliberateToolMode {
  /** The turn's settings; absent means the mode is off. */
  public static final AttributeKey<DeliberateSettings> SETTINGS = AttributeKey.of("deliberate-tool-settings", DeliberateSettings.class);
  /** The channel's recent successful tools, for follow-ups; absent means none. */
  public static final AttributeKey<RecentTools> RECENT_TOOLS = AttributeKey.of("deliberate-recent-tools", RecentTools.class);
  /** Reason code: the mode is on and the message shows no tool intent, so no tool is offered. */
  public static final String NO_INTENT = "deliberate_no_intent";
  /** Reason code: the mode is on and the message asks for other tools than this one. */
  public static final String NOT_REQUESTED = "deliberate_not_requested";
  /** Follow-ups look back this many turns unless configured: 4. */
  public static final int DEFAULT_CONTEXT_TURNS = 4;
  /** Follow-ups never look back further than this many turns: 10. */
  public static final int MAX_CONTEXT_TURNS = 10;
  /** Only this many characters of a message are read: 4,000 (a long paste still costs a bounded scan). */
  public static final int MAX_TEXT_CHARS = 4_000;
  /** The environment variable {@link #fromEnvironment()} reads: an integer, clamped to 0..10. */
  public static final String CONTEXT_TURNS_VARIABLE = "DELIBERATE_TOOL_CONTEXT_TURNS";

  private static final Map<IntentFamily, List<String>> DEFAULT_NAMES = Map.ofEntries(
      Map.entry(IntentFamily.SEARCH, List.of("web_search", "web-search", "felo-search", "iask-search", "monica-search",
          "brave_web_search", "brave_image_search", "brave_video_search", "brave_news_search", "brave_local_search",
          "brave_summarizer", "url-metadata")),
      Map.entry(IntentFamily.URL_READING, List.of("fetch_url", "fetch", "fetch-url")),
      Map.entry(IntentFamily.MEMORY, List.of("create_long_term_memory", "update_long_term_memory")),
      Map.entry(IntentFamily.MEDIA_ANALYSIS, List.of("analyze_image", "increase_media_context", "peek_profile_picture",
          "process_gif", "process_youtube_video", "read_file")),
      Map.entry(IntentFamily.IMAGE, List.of("generate_image", "generate_image_nai")),
      Map.entry(IntentFamily.VIDEO, List.of("generate_video")),
      Map.entry(IntentFamily.VOICE, List.of("generate_voice_message")),
      Map.entry(IntentFamily.REMINDER, List.of("create_task", "update_task")),
      Map.entry(IntentFamily.MESSAGE_ACTION, List.of("interact_with_recent_message", "manage_message", "reveal_message_metadata")),
      Map.entry(IntentFamily.CROSS_CHANNEL, List.of("cross_channel_message")),
      Map.entry(IntentFamily.STICKER, List.of("select_sticker_for_response")),
      Map.entry(IntentFamily.THREAD, List.of("create_thread")),
      Map.entry(IntentFamily.CAPABILITIES, List.of("review_capabilities")),
      Map.entry(IntentFamily.USER_BLOCKING, List.of("block_user", "unblock_user")),
      Map.entry(IntentFamily.USER_INFO, List.of("update_user_info")),
      Map.entry(IntentFamily.SELF_DIAGNOSIS, List.of("review_capabilities")));

  private static final Map<IntentFamily, List<String>> DEFAULT_SPEC_FAMILIES = Map.of(
      IntentFamily.SEARCH, List.of("web_search"), IntentFamily.URL_READING, List.of("url_fetch"));

  private final Map<IntentFamily, Set<String>> toolNames;
  private final Map<IntentFamily, Set<String>> specFamilies;
  private final IntentTriggers triggers;
  private final int contextTurns;
  private final BiFunction<IntentFamily, TurnContext, ? extends Collection<String>> extraToolNames;
  private final DeliberateFilter filter;

  private DeliberateToolMode(Builder b) {
    this.toolNames = freeze(b.toolNames);
    this.specFamilies = freeze(b.specFamilies);
    this.triggers = b.triggers;
    this.contextTurns = b.contextTurns;
    this.extraToolNames = b.extraToolNames;
    this.filter = new DeliberateFilter(this);
  }

  /** The mode with the reference's families, names and phrases, and no custom triggers. */
  public static DeliberateToolMode defaults() {
    return builder().build();
  }

  /** Starts from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The defaults, with {@value DeliberateToolMode#CONTEXT_TURNS_VARIABLE} read from the process environment. */
  public static DeliberateToolMode fromEnvironment() {
    return fromEnvironment(System.getenv());
  }

  /**
   * The defaults, with {@value DeliberateToolMode#CONTEXT_TURNS_VARIABLE} read from the given variables (see
   * {@link Builder#environment(Map)}).
   */
  public static DeliberateToolMode fromEnvironment(Map<String, String> environment) {
    return builder().environment(environment).build();
  }

  /** A builder holding this mode's configuration, for deriving another. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.toolNames.clear();
    toolNames.forEach((f, n) -> b.toolNames.put(f, new LinkedHashSet<>(n)));
    b.specFamilies.clear();
    specFamilies.forEach((f, n) -> b.specFamilies.put(f, new LinkedHashSet<>(n)));
    b.triggers = triggers;
    b.contextTurns = contextTurns;
    b.extraToolNames = extraToolNames;
    return b;
  }

  /** The availability filter of this mode (named {@code deliberate_tool_mode}); the same object on every call. */
  public AvailabilityFilter filter() {
    return filter;
  }

  /**
   * What the mode reads from a turn: whether it is on, the matched families and the admitted names.
   * Computed once per context object and shared with the filter.
   *
   * @param context the turn; never null
   */
  public DeliberateIntent intent(TurnContext context) {
    if (context == null) {
      throw new IllegalArgumentException("context must not be null");
    }
    return filter.intent(context);
  }

  /** The configured tool names of a family (without per-turn extras); empty for a family without names. */
  public Set<String> toolNames(IntentFamily family) {
    return toolNames.getOrDefault(family, Set.of());
  }

  /** The {@link ToolSpec#family()} values a family admits; empty for most families. */
  public Set<String> specFamilies(IntentFamily family) {
    return specFamilies.getOrDefault(family, Set.of());
  }

  /** The bot-wide custom triggers. */
  public IntentTriggers triggers() {
    return triggers;
  }

  /** How many turns back follow-ups look when the server sets nothing; in {@code 0..10}. */
  public int contextTurns() {
    return contextTurns;
  }

  BiFunction<IntentFamily, TurnContext, ? extends Collection<String>> extraToolNames() {
    return extraToolNames;
  }

  static int clampTurns(int turns) {
    return Math.max(0, Math.min(MAX_CONTEXT_TURNS, turns));
  }

  private static Map<IntentFamily, Set<String>> freeze(Map<IntentFamily, Set<String>> m) {
    Map<IntentFamily, Set<String>> out = new HashMap<>();
    m.forEach((f, n) -> out.put(f, Collections.unmodifiableSet(new LinkedHashSet<>(n))));
    return Map.copyOf(out);
  }

  @Override
  public String toString() {
    return "DeliberateToolMode{contextTurns=" + contextTurns + ", families=" + new java.util.TreeSet<>(toolNames.keySet())
        + (triggers.isEmpty() ? "" : ", triggers=" + triggers.families()) + (extraToolNames == null ? "" : ", extraToolNames")
        + "}";
  }

  /**
   * Builds a {@link DeliberateToolMode}, starting from the reference's tool names per family. Setters
   * reject bad input at once, naming the setting and the value.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final Map<IntentFamily, Set<String>> toolNames = new HashMap<>();
    private final Map<IntentFamily, Set<String>> specFamilies = new HashMap<>();
    private IntentTriggers triggers = IntentTriggers.none();
    private int contextTurns = DEFAULT_CONTEXT_TURNS;
    private BiFunction<IntentFamily, TurnContext, ? extends Collection<String>> extraToolNames;

    private Builder() {
      DEFAULT_NAMES.forEach((f, n) -> toolNames.put(f, new LinkedHashSet<>(n)));
      DEFAULT_SPEC_FAMILIES.forEach((f, n) -> specFamilies.put(f, new LinkedHashSet<>(n)));
    }

    /**
     * Replaces a family's tool names. Give an empty collection to make a family admit nothing by name.
     *
     * @throws IllegalArgumentException if a name is not a valid tool name, or the family is
     *     {@link IntentFamily#FOLLOW_UP} (which admits recent tools, not fixed names)
     */
    public Builder toolNames(IntentFamily family, Collection<String> names) {
      checkFamily(family, "tool names");
      if (names == null) {
        throw new IllegalArgumentException("tool names of family [" + family + "] must not be null");
      }
      Set<String> checked = new LinkedHashSet<>();
      for (String n : names) {
        checked.add(toolName(family, n));
      }
      toolNames.put(family, checked);
      return this;
    }

    /** Adds tool names to a family, after its current ones. */
    public Builder addToolNames(IntentFamily family, String... names) {
      checkFamily(family, "tool names");
      if (names == null) {
        throw new IllegalArgumentException("tool names of family [" + family + "] must not be null");
      }
      Set<String> set = toolNames.computeIfAbsent(family, f -> new LinkedHashSet<>());
      Arrays.stream(names).map(n -> toolName(family, n)).forEach(set::add);
      return this;
    }

    /**
     * Replaces the {@link ToolSpec#family()} values a family admits: a tool whose spec declares one is
     * admitted whatever its name ({@code url_fetch} for URL reading by default).
     */
    public Builder specFamilies(IntentFamily family, Collection<String> families) {
      checkFamily(family, "spec families");
      if (families == null || families.stream().anyMatch(s -> s == null || s.isBlank())) {
        throw new IllegalArgumentException("spec families of family [" + family + "] must be non-blank names, but were "
            + families);
      }
      Set<String> set = new LinkedHashSet<>();
      families.forEach(s -> set.add(s.strip()));
      specFamilies.put(family, set);
      return this;
    }

    /** Sets the bot-wide custom triggers; each server's own come with its {@link DeliberateSettings}. */
    public Builder triggers(IntentTriggers triggers) {
      if (triggers == null) {
        throw new IllegalArgumentException("triggers must not be null; use IntentTriggers.none()");
      }
      this.triggers = triggers;
      return this;
    }

    /** Sets how many turns back follow-ups look by default, clamped to {@code 0..10} as the reference does. */
    public Builder contextTurns(int turns) {
      this.contextTurns = clampTurns(turns);
      return this;
    }

    /**
     * Reads {@value DeliberateToolMode#CONTEXT_TURNS_VARIABLE} from the variables: absent or blank keeps the current
     * value; an integer is clamped to {@code 0..10}.
     *
     * @throws IllegalArgumentException naming the variable when its value is not an integer
     */
    public Builder environment(Map<String, String> environment) {
      EnvironmentReader vars = EnvironmentReader.of(environment);
      long turns;
      try {
        turns = vars.whole(CONTEXT_TURNS_VARIABLE, contextTurns, Long.MIN_VALUE, Long.MAX_VALUE);
      } catch (IllegalArgumentException e) {
        // Any integer is accepted and clamped, as the reference does; say that rather than the full long range.
        throw new IllegalArgumentException(CONTEXT_TURNS_VARIABLE + " must be an integer (clamped to 0..10), but was '"
            + vars.text(CONTEXT_TURNS_VARIABLE).orElse("") + "'", e);
      }
      return contextTurns((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, turns)));
    }

    /**
     * Sets a supplier of extra tool names per matched family and turn, added to the configured ones;
     * typically the names of the turn's replacement tools for {@link IntentFamily#URL_READING}. It is
     * called at most once per matched family per turn, must be a pure function of its arguments (the
     * result is kept for the turn) and fast; if it throws, the configured names are used and the
     * failure is logged once per exception type. Null removes it.
     */
    public Builder extraToolNames(BiFunction<IntentFamily, TurnContext, ? extends Collection<String>> supplier) {
      this.extraToolNames = supplier;
      return this;
    }

    /** Builds the mode. */
    public DeliberateToolMode build() {
      return new DeliberateToolMode(this);
    }

    private static void checkFamily(IntentFamily family, String what) {
      if (family == null) {
        throw new IllegalArgumentException("intent family must not be null");
      }
      if (family.equals(IntentFamily.FOLLOW_UP)) {
        throw new IllegalArgumentException("family [follow-up] admits the channel's recent tools and takes no " + what);
      }
    }

    private static String toolName(IntentFamily family, String name) {
      if (name == null || !ToolSpec.NAME_PATTERN.matcher(name).matches()) {
        throw new IllegalArgumentException("tool names of family [" + family + "] must match " + ToolSpec.NAME_PATTERN.pattern()
            + ", but one was " + (name == null ? "null" : "'" + name + "'"));
      }
      return name;
    }
  }
}
