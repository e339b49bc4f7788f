package dev.loadout.benchmarks;

import dev.loadout.core.SchemaEdit;
import dev.loadout.core.TurnContext;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The per-context variants of 20 of the 60 built-ins, written once as data so that Loadout (through
 * {@link SchemaEdit}) and the baseline (editing its own copy of the tree) show the model the same
 * shapes.
 *
 * <p>Each rule reads one fact of the turn (the guild, or a feature flag) and picks one of two constant
 * edit lists, as a real tool picks from configuration it already holds. An empty list means the full
 * spec. The edits mix the three kinds a bot uses: narrowing an enum (top-level and array items),
 * dropping an optional property, and replacing a property description (top-level and nested).
 */
final class Variants {

  /** One schema change, applicable through Loadout or to a plain tree. */
  sealed interface Change permits NarrowEnum, Drop, Describe {
    void addTo(SchemaEdit edit);

    /** The naive edit a bot without Loadout makes to its own copy of the parameters. */
    void applyTo(ObjectNode parameters);
  }

  record NarrowEnum(String path, List<String> allowed) implements Change {
    @Override
    public void addTo(SchemaEdit edit) {
      edit.narrowEnum(path, allowed);
    }

    @Override
    public void applyTo(ObjectNode parameters) {
      ObjectNode property = property(parameters, path);
      ObjectNode holder = property.get("enum") == null ? (ObjectNode) property.get("items") : property;
      ArrayNode narrowed = holder.arrayNode();
      for (JsonNode v : holder.get("enum")) {
        if (allowed.contains(v.stringValue())) {
          narrowed.add(v);
        }
      }
      holder.set("enum", narrowed);
    }
  }

  record Drop(String path) implements Change {
    @Override
    public void addTo(SchemaEdit edit) {
      edit.dropProperties(path);
    }

    @Override
    public void applyTo(ObjectNode parameters) {
      ((ObjectNode) parameters.get("properties")).remove(path);
      JsonNode required = parameters.get("required");
      if (required instanceof ArrayNode) {
        ArrayNode r = (ArrayNode) required;
        for (int i = r.size() - 1; i >= 0; i--) {
          if (path.equals(r.get(i).stringValue())) {
            r.remove(i);
          }
        }
      }
    }
  }

  record Describe(String path, String description) implements Change {
    @Override
    public void addTo(SchemaEdit edit) {
      edit.propertyDescription(path, description);
    }

    @Override
    public void applyTo(ObjectNode parameters) {
      property(parameters, path).put("description", description);
    }
  }

  /** What a rule reads from the turn. */
  enum Fact {
    GUILD_B(c -> c.guildId().filter(Turns.GUILD_B::equals).isPresent()),
    NSFW(c -> c.flag(Turns.NSFW)),
    BETA(c -> c.flag(Turns.BETA));

    private final Predicate<TurnContext> test;

    Fact(Predicate<TurnContext> test) {
      this.test = test;
    }

    boolean holds(TurnContext context) {
      return test.test(context);
    }
  }

  /** One tool's variants: {@code ifNot} when the fact does not hold, {@code ifSo} when it does. */
  record Rule(String tool, Fact fact, List<Change> ifNot, List<Change> ifSo) {
    List<Change> changes(TurnContext context) {
      return fact.holds(context) ? ifSo : ifNot;
    }
  }

  private static final List<String> LANGUAGES_A = List.of("en", "de", "fr");
  private static final List<String> LANGUAGES_B = List.of("en", "ja", "zh", "es");
  private static final List<String> PRIORITIES = List.of("low", "normal", "high");

  static final List<Rule> RULES = List.of(
      new Rule("create_thread", Fact.GUILD_B,
          List.of(new Describe("autoArchiveMinutes", "Minutes of inactivity before archiving: 60 or 1440 on this server.")),
          List.of(new Describe("autoArchiveMinutes", "Minutes of inactivity before archiving: 60, 1440, 4320 or 10080."))),
      new Rule("summarize_channel", Fact.GUILD_B,
          List.of(new NarrowEnum("language", LANGUAGES_A)), List.of(new NarrowEnum("language", LANGUAGES_B))),
      new Rule("translate_message", Fact.GUILD_B,
          List.of(new NarrowEnum("targetLanguage", LANGUAGES_A)), List.of(new NarrowEnum("targetLanguage", LANGUAGES_B))),
      new Rule("search_messages", Fact.GUILD_B,
          List.of(new Drop("authorId"), new Describe("dateRange/start", "Inclusive start date, at most 30 days back on this server.")),
          List.of()),
      new Rule("schedule_message", Fact.BETA, List.of(new NarrowEnum("priority", PRIORITIES)), List.of()),
      new Rule("set_reminder", Fact.BETA, List.of(new NarrowEnum("priority", PRIORITIES)), List.of()),
      new Rule("create_note", Fact.GUILD_B,
          List.of(new NarrowEnum("visibility", List.of("only_me", "moderators"))), List.of()),
      new Rule("update_user_profile", Fact.BETA, List.of(new Drop("pronouns")), List.of()),
      new Rule("web_search", Fact.NSFW,
          List.of(new Describe("safeSearch", "Always true on this server; any other value is ignored.")),
          List.of(new Describe("safeSearch", "Filter explicit results; may be false in this age-restricted channel."))),
      new Rule("fetch_url", Fact.BETA, List.of(new Drop("renderJavascript")), List.of()),
      new Rule("get_weather", Fact.GUILD_B,
          List.of(new NarrowEnum("units", List.of("metric"))), List.of(new NarrowEnum("units", List.of("metric", "imperial")))),
      new Rule("news_headlines", Fact.NSFW,
          List.of(new NarrowEnum("category", List.of("general", "technology", "science", "health"))), List.of()),
      new Rule("wikipedia_lookup", Fact.GUILD_B,
          List.of(new NarrowEnum("language", LANGUAGES_A)), List.of(new NarrowEnum("language", LANGUAGES_B))),
      new Rule("generate_image", Fact.NSFW,
          List.of(new NarrowEnum("style", List.of("photo", "illustration", "watercolor", "sketch")), new Drop("seed")),
          List.of(new Drop("seed"))),
      new Rule("edit_image", Fact.GUILD_B,
          List.of(new NarrowEnum("size", List.of("square_1024"))), List.of()),
      new Rule("generate_voice_message", Fact.GUILD_B,
          List.of(new NarrowEnum("format", List.of("ogg")), new NarrowEnum("language", LANGUAGES_A)),
          List.of(new NarrowEnum("format", List.of("mp3", "ogg")), new NarrowEnum("language", LANGUAGES_B))),
      new Rule("transcribe_audio", Fact.GUILD_B,
          List.of(new NarrowEnum("language", LANGUAGES_A)), List.of(new NarrowEnum("language", LANGUAGES_B))),
      new Rule("warn_user", Fact.GUILD_B,
          List.of(new NarrowEnum("severity", List.of("low", "normal"))), List.of()),
      new Rule("audit_log_query", Fact.BETA,
          List.of(new NarrowEnum("actions", List.of("timeout", "kick", "ban", "warn"))), List.of()),
      new Rule("run_code", Fact.BETA,
          List.of(new NarrowEnum("language", List.of("python"))),
          List.of(new NarrowEnum("language", List.of("python", "javascript", "bash")))));

  static final Map<String, Rule> BY_TOOL = RULES.stream().collect(Collectors.toUnmodifiableMap(Rule::tool, r -> r));

  private Variants() {}

  /** The rule of a tool, or null when it has the same shape in every turn. */
  static Rule rule(String tool) {
    return BY_TOOL.get(tool);
  }

  /** Checks the rules against the fixture: 20 distinct built-ins. */
  static void check(Toolset toolset) {
    Set<String> builtIns = new HashSet<>();
    for (int i = 0; i < Toolset.BUILT_INS; i++) {
      builtIns.add(toolset.name(i));
    }
    if (BY_TOOL.size() != 20 || !builtIns.containsAll(BY_TOOL.keySet())) {
      throw new IllegalStateException("variant rules must name 20 distinct built-ins, but named " + BY_TOOL.keySet());
    }
  }

  private static ObjectNode property(ObjectNode parameters, String path) {
    ObjectNode current = parameters;
    for (String name : path.split("/")) {
      current = (ObjectNode) current.get("properties").get(name);
    }
    return current;
  }
}
