package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.internal.settings.Settings;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

// Over 400 lines on purpose: a value type whose public API is large (accessors, equality, fingerprint, the
// checked Builder of about 180 lines); schema edits live in SchemaEdit and validation in ArgumentValidator.
/**
 * What a model is told about a tool: its name, description and JSON Schema parameters, plus the facts
 * Loadout needs to decide who sees it (group, required permission, family).
 *
 * <p>A spec is immutable. The parameters schema is copied when the spec is built and never handed out
 * by reference, so no caller can change what a cached render or a compiled validator was built from.
 * Per-turn variants come from {@link #edit()}: the same edits on the same spec return the same variant
 * object, so a variant's provider renders and compiled schema are computed once and reused.
 *
 * <p>Two specs are equal when everything a model sees or a filter reads is equal; the
 * {@link #fingerprint()} covers what a model sees (name, description, parameters).
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolSpec {
  /** The name rule every supported provider accepts: OpenAI's and Anthropic's, the strictest common one. */
  public static final Pattern NAME_PATTERN = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");

  private final String name;
  private final String description;
  private final ObjectNode parameters;
  private final String group;
  private final ToolRequirements requirements;
  private final String family;
  private final Map<String, String> metadata;
  private final Duration timeout;
  private final int maxResultChars;
  /** Property paths ({@code a/b}) a schema edit dropped from this variant: refused in calls, whatever the schema says. */
  private final java.util.List<String> dropped;
  private final String fingerprint;
  private final long fingerprintBits;

  // Derived data, computed at most once per spec object (benign races: every thread computes the same).
  private final AtomicReferenceArray<byte[]> renders = new AtomicReferenceArray<>(Dialect.values().length);
  private volatile ArgumentValidator validator;
  /** Per schema class (every dialect but Gemini, Gemini): the shown schema, or {@link #OWN} when it failed to compile. */
  private final java.util.concurrent.atomic.AtomicReferenceArray<Object> shown = new java.util.concurrent.atomic.AtomicReferenceArray<>(2);
  private static final Object OWN = new Object();
  /** OpenAI's strict form of the shown schema ({@link StrictSchema.Outcome}), computed at most once. */
  private volatile StrictSchema.Outcome strict;
  /** The strict renders for OpenAI Chat and Responses, and the strict shown schema (or {@link #OWN}). */
  private final AtomicReferenceArray<Object> strictDerived = new AtomicReferenceArray<>(3);
  private volatile VariantCache variants;

  private ToolSpec(Builder b, ObjectNode ownedParameters) {
    this.name = b.name;
    this.description = b.description;
    this.parameters = ownedParameters;
    this.group = b.group;
    this.requirements = ToolRequirements.NONE.with(b.providers, b.refusedProviders, b.providerCheck, b.capabilities,
        b.featureFlags, b.switchFlags, b.permissions);
    this.family = b.family;
    this.metadata = Map.copyOf(b.metadata);
    this.timeout = b.timeout;
    this.maxResultChars = b.maxResultChars;
    this.dropped = java.util.List.copyOf(b.dropped);
    this.fingerprint = Fingerprints.ofSpec(name, description, parameters);
    this.fingerprintBits = Long.parseUnsignedLong(fingerprint.substring(0, 16), 16);
  }

  /**
   * Starts a spec with its two required parts.
   *
   * @param name the tool name, matching {@link #NAME_PATTERN}
   * @param parameters a JSON Schema of type object; copied, so later changes to it have no effect
   * @return a builder; never null
   * @throws IllegalArgumentException if the name or the schema is not acceptable
   */
  public static Builder builder(String name, ObjectNode parameters) {
    return new Builder(name, parameters);
  }

  /**
   * Starts a spec whose parameters are given as JSON text, which is handy for literal schemas.
   *
   * @throws IllegalArgumentException if the text is not a JSON object, or as {@link #builder(String, ObjectNode)}
   */
  public static Builder builder(String name, String parametersJson) {
    tools.jackson.databind.JsonNode node;
    try {
      node = parametersJson == null ? null : Json.parse(parametersJson);
    } catch (tools.jackson.core.JacksonException e) {
      throw new IllegalArgumentException("parameters of tool '" + name + "' are not valid JSON: " + e.getOriginalMessage(), e);
    }
    if (node != null && !(node instanceof ObjectNode)) {
      throw new IllegalArgumentException("parameters of tool '" + name + "' must be a JSON object, but were " + node.getNodeType());
    }
    return new Builder(name, (ObjectNode) node);
  }

  /** The tool name, unique in a registry; never null. */
  public String name() {
    return name;
  }

  /** The description the model reads; never null, possibly empty. */
  public String description() {
    return description;
  }

  /** A copy of the JSON Schema of the tool's arguments; changing it changes nothing here. */
  public ObjectNode parameters() {
    return parameters.deepCopy();
  }

  /** The shared schema for read-only use inside this package. Never mutate it. */
  ObjectNode parametersView() {
    return parameters;
  }

  /**
   * The tool group, trimmed and lower-cased; empty for a core tool, which is always loaded and always
   * ordered first.
   */
  public Optional<String> group() {
    return Optional.ofNullable(group);
  }

  /** Whether this is a core tool (no group). */
  public boolean isCore() {
    return group == null;
  }

  /** What a turn must offer for the tool to be shown (providers, capabilities, flags, permissions). */
  public ToolRequirements requirements() {
    return requirements;
  }

  /** The tool family, such as {@code url_fetch} or {@code web_search}; empty when it has none. */
  public Optional<String> family() {
    return Optional.ofNullable(family);
  }

  /** Free-form metadata for hosts and filters; immutable, never null. Not shown to models. */
  public Map<String, String> metadata() {
    return metadata;
  }

  /** The tool's own execution deadline; empty to use the {@link Loadout} default. */
  public Optional<Duration> timeout() {
    return Optional.ofNullable(timeout);
  }

  /**
   * The tool's own cap on the characters of one result a model reads, for tools that page their output
   * themselves (a page reader's window plus its continuation note); empty to use the {@link Loadout}
   * default.
   */
  public java.util.OptionalInt maxResultChars() {
    return maxResultChars > 0 ? java.util.OptionalInt.of(maxResultChars) : java.util.OptionalInt.empty();
  }

  /**
   * A stable hex digest of what a model sees of this tool (name, description, parameters as written).
   * Equal specs have equal fingerprints in every JVM.
   */
  public String fingerprint() {
    return fingerprint;
  }

  long fingerprintBits() {
    return fingerprintBits;
  }

  /**
   * Checks arguments against this spec's schema, as {@link PreparedTurn#execute(ToolCall)} does against the
   * variant it showed: every violation as {@code "<JSON pointer>: <message>"}, in the validator's order. The
   * schema is compiled once per spec object. For hosts and modules that must check arguments before a call
   * reaches a prepared turn (direct invocation, say). Arguments nested deeper than
   * {@link JsonLimits#MAX_NESTING_DEPTH_LIMIT} levels get that one violation; the outcome never depends on the
   * calling thread's stack (see {@link JsonLimits}).
   *
   * @param arguments the arguments; never null
   * @return the violations; empty when valid
   */
  public java.util.List<String> argumentViolations(JsonNode arguments) {
    if (arguments == null) {
      throw new IllegalArgumentException("arguments must not be null");
    }
    if (ArgumentsReader.depth(arguments) > JsonLimits.MAX_NESTING_DEPTH_LIMIT) {
      return java.util.List.of("/: the arguments nest deeper than " + JsonLimits.MAX_NESTING_DEPTH_LIMIT
          + " levels, the most Loadout checks");
    }
    java.util.List<String> out = new java.util.ArrayList<>(DroppedProperties.violations(dropped, arguments));
    DeepValidation.violations(validator(), arguments).forEach(v -> out.add(v.toString()));
    return java.util.List.copyOf(out);
  }

  /** A builder initialised with this spec's values, for deriving a new spec. */
  public Builder toBuilder() {
    return toBuilderWith(parameters);
  }

  Builder toBuilderWith(ObjectNode newParameters) {
    Builder b = new Builder(name, newParameters);
    b.description = description;
    b.group = group;
    b.providers.addAll(requirements.providers());
    b.refusedProviders.addAll(requirements.refusedProviders());
    b.providerCheck = requirements.providerCheck().orElse(null);
    b.capabilities.putAll(requirements.capabilities());
    b.featureFlags.addAll(requirements.featureFlags());
    b.switchFlags.addAll(requirements.switchFlags());
    b.permissions = requirements.permissions();
    b.family = family;
    b.metadata.putAll(metadata);
    b.timeout = timeout;
    b.maxResultChars = maxResultChars;
    b.dropped.addAll(dropped);
    return b;
  }

  /** The same variant, remembering that these paths were dropped from it. */
  ToolSpec withDropped(java.util.List<String> paths) {
    Builder b = toBuilderWith(parameters);
    paths.forEach(p -> {
      if (!b.dropped.contains(p)) {
        b.dropped.add(p);
      }
    });
    return b.build();
  }

  java.util.List<String> dropped() {
    return dropped;
  }

  /**
   * The schema a dialect showed, as {@code execute} checks it (see {@link ShownSchema}); null when it cannot be
   * compiled, and then the spec's own schema is checked instead (logged once per spec).
   */
  ShownSchema shown(Dialect dialect) {
    int slot = dialect == Dialect.GEMINI ? 1 : 0;
    Object s = shown.get(slot);
    if (s == null) {
      try {
        s = ShownSchema.of(dialect, this);
      } catch (IllegalArgumentException | StackOverflowError e) {
        Loadout.LOG.warn("The {} schema of tool '{}' cannot be compiled; its own schema is checked instead", dialect, name, e);
        s = OWN;
      }
      shown.compareAndSet(slot, null, s);
      s = shown.get(slot);
    }
    return s == OWN ? null : (ShownSchema) s;
  }

  /**
   * Starts a per-turn variant of this spec. The edits never touch this spec; the same edits in the same
   * order return the same variant object (bounded memo), which keeps warm renders free of schema work.
   *
   * @return a new edit; never null
   */
  public SchemaEdit edit() {
    return new SchemaEdit(this);
  }

  VariantCache variants() {
    VariantCache v = variants;
    if (v == null) {
      synchronized (this) {
        v = variants;
        if (v == null) {
          v = new VariantCache();
          variants = v;
        }
      }
    }
    return v;
  }

  /** OpenAI's strict form of this variant's shown schema, or why it has none. */
  StrictSchema.Outcome strict() {
    StrictSchema.Outcome o = strict;
    if (o == null) {
      o = StrictSchema.of(DialectSchemas.forDialect(Dialect.OPENAI_CHAT, parametersView()));
      if (o.refusal() == null) {
        try {
          ArgumentValidator.compile(name, StrictSchema.withoutMarks(o.annotated()));
        } catch (IllegalArgumentException e) {
          o = new StrictSchema.Outcome(null, "its strict form cannot be compiled");
        }
      }
      strict = o;
    }
    return o;
  }

  /** The schema a strict OpenAI render showed, as {@code execute} checks it; null when the tool was shown plain. */
  ShownSchema strictShown() {
    Object s = strictDerived.get(2);
    if (s == null) {
      StrictSchema.Outcome o = strict();
      s = o.refusal() != null ? OWN : ShownSchema.strict(this, o.annotated());
      strictDerived.compareAndSet(2, null, s);
      s = strictDerived.get(2);
    }
    return s == OWN ? null : (ShownSchema) s;
  }

  byte[] cachedStrictRender(Dialect dialect) {
    return (byte[]) strictDerived.get(dialect == Dialect.OPENAI_CHAT ? 0 : 1);
  }

  void cacheStrictRender(Dialect dialect, byte[] bytes) {
    strictDerived.compareAndSet(dialect == Dialect.OPENAI_CHAT ? 0 : 1, null, bytes);
  }

  byte[] cachedRender(Dialect dialect) {
    return renders.get(dialect.ordinal());
  }

  void cacheRender(Dialect dialect, byte[] bytes) {
    renders.compareAndSet(dialect.ordinal(), null, bytes);
  }

  ArgumentValidator validator() {
    ArgumentValidator v = validator;
    if (v == null) {
      v = ArgumentValidator.compile(name, parameters);
      validator = v;
    }
    return v;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof ToolSpec)) {
      return false;
    }
    ToolSpec other = (ToolSpec) o;
    return fingerprint.equals(other.fingerprint)
        && name.equals(other.name)
        && description.equals(other.description)
        && parameters.equals(other.parameters)
        && Objects.equals(group, other.group)
        && requirements.equals(other.requirements)
        && Objects.equals(family, other.family)
        && metadata.equals(other.metadata)
        && Objects.equals(timeout, other.timeout)
        && maxResultChars == other.maxResultChars
        && dropped.equals(other.dropped);
  }

  @Override
  public int hashCode() {
    return fingerprint.hashCode();
  }

  @Override
  public String toString() {
    return "ToolSpec{name=" + name
        + ", group=" + (group == null ? "core" : group)
        + (family == null ? "" : ", family=" + family)
        + (requirements.permissions().isNone() ? "" : ", permissions=" + requirements.permissions())
        + ", fingerprint=" + fingerprint + "}";
  }

  static String normalizeGroup(String group) {
    if (group == null) {
      return null;
    }
    String g = group.strip().toLowerCase(java.util.Locale.ROOT);
    return g.isEmpty() ? null : g;
  }

  /**
   * Builds a {@link ToolSpec}. Setters reject a bad value at once with a message naming the setting;
   * {@link #build()} checks that the schema compiles.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final String name;
    private final ObjectNode parameters;
    private String description = "";
    private String group;
    private final java.util.Set<String> providers = new java.util.LinkedHashSet<>();
    private final java.util.Set<String> refusedProviders = new java.util.LinkedHashSet<>();
    private ToolRequirements.ProviderCheck providerCheck;
    private final Map<String, Object> capabilities = new LinkedHashMap<>();
    private final java.util.Set<String> featureFlags = new java.util.LinkedHashSet<>();
    private final java.util.Set<String> switchFlags = new java.util.LinkedHashSet<>();
    private PermissionRule permissions = PermissionRule.none();
    private String family;
    private final Map<String, String> metadata = new LinkedHashMap<>();
    private Duration timeout;
    private int maxResultChars;
    private final java.util.List<String> dropped = new java.util.ArrayList<>();

    private Builder(String name, ObjectNode parameters) {
      if (name == null || !NAME_PATTERN.matcher(name).matches()) {
        throw new IllegalArgumentException("tool name must match " + NAME_PATTERN.pattern() + ", but was "
            + (name == null ? "null" : "'" + name + "'"));
      }
      if (parameters == null) {
        throw new IllegalArgumentException("parameters of tool '" + name + "' must be a JSON Schema object, but was null");
      }
      JsonNode type = parameters.get("type");
      if (type != null && !(type.isString() && "object".equals(type.stringValue()))) {
        throw new IllegalArgumentException("parameters of tool '" + name
            + "' must be a JSON Schema of type \"object\", but type was " + type);
      }
      this.name = name;
      this.parameters = parameters.deepCopy();
    }

    /** Sets the description the model reads; null is refused, empty is allowed. */
    public Builder description(String description) {
      if (description == null) {
        throw new IllegalArgumentException("description of tool '" + name + "' must not be null");
      }
      this.description = description;
      return this;
    }

    /**
     * Sets the tool group. Names ignore case and surrounding spaces; null or blank means core.
     */
    public Builder group(String group) {
      this.group = normalizeGroup(group);
      return this;
    }

    /** Shorthand for {@code requiredPermissions(PermissionRule.allOf(permission))}; null or blank means none. */
    public Builder requiredPermission(String permission) {
      this.permissions = permission == null || permission.isBlank() ? PermissionRule.none() : PermissionRule.allOf(permission);
      return this;
    }

    /** Sets the member permissions the tool needs. */
    public Builder requiredPermissions(PermissionRule rule) {
      if (rule == null) {
        throw new IllegalArgumentException("permission rule of tool '" + name + "' must not be null; use PermissionRule.none()");
      }
      this.permissions = rule;
      return this;
    }

    /** Limits the tool to these providers (ids such as {@code openai}; case ignored). */
    public Builder providers(String... providerIds) {
      providers.addAll(providerIds("providers", providerIds));
      return this;
    }

    /** Refuses the tool to these providers (ids; case ignored). */
    public Builder refusedProviders(String... providerIds) {
      refusedProviders.addAll(providerIds("refusedProviders", providerIds));
      return this;
    }

    private java.util.List<String> providerIds(String setting, String... ids) {
      java.util.List<String> out = new java.util.ArrayList<>();
      for (String id : ids) {
        if (id == null || id.isBlank()) {
          throw new IllegalArgumentException(setting + " of tool '" + name + "' must not contain a blank id, but got "
              + java.util.Arrays.toString(ids));
        }
        out.add(id.strip().toLowerCase(java.util.Locale.ROOT));
      }
      return out;
    }

    /** Adds a provider check that needs the whole turn context. */
    public Builder providerCheck(ToolRequirements.ProviderCheck check) {
      if (check == null) {
        throw new IllegalArgumentException("provider check of tool '" + name + "' must not be null");
      }
      this.providerCheck = check;
      return this;
    }

    /** Requires a model capability to equal a value ({@code vision=true}); String, Boolean or Number. */
    public Builder requiredCapability(String capability, Object value) {
      if (capability == null || capability.isBlank()
          || !(value instanceof String || value instanceof Boolean || value instanceof Number)) {
        throw new IllegalArgumentException("required capability of tool '" + name
            + "' needs a name and a String, Boolean or Number value, but got " + capability + "=" + value);
      }
      capabilities.put(capability, value);
      return this;
    }

    /**
     * Turns the tool off on turns that set this flag to {@code false}; a turn that does not set it gets the tool
     * (see {@link ToolRequirements#switchFlags()}). For features a host has on by default, such as
     * {@code imagegen_enabled}; use {@link #requiredFlag(String)} for opt-in ones.
     */
    public Builder switchedOffBy(String flag) {
      if (flag == null || flag.isBlank()) {
        throw new IllegalArgumentException("switch flag of tool '" + name + "' must not be blank, but was " + flag);
      }
      switchFlags.add(flag.strip());
      return this;
    }

    /** Requires a feature flag to be on (opt-in: a flag that is not set is off); several flags must all be on. */
    public Builder requiredFlag(String flag) {
      if (flag == null || flag.isBlank()) {
        throw new IllegalArgumentException("required flag of tool '" + name + "' must not be blank, but was " + flag);
      }
      featureFlags.add(flag.strip());
      return this;
    }

    /** Sets the tool family, such as {@code url_fetch}; null or blank means none. */
    public Builder family(String family) {
      this.family = family == null || family.isBlank() ? null : family.strip();
      return this;
    }

    /** Adds one metadata entry; neither key nor value may be null. */
    public Builder metadata(String key, String value) {
      if (key == null || value == null) {
        throw new IllegalArgumentException("metadata of tool '" + name + "' must not contain null, but got "
            + key + "=" + value);
      }
      metadata.put(key, value);
      return this;
    }

    /** Sets this tool's execution deadline, from 1 ms to 1 day. */
    public Builder timeout(Duration timeout) {
      this.timeout = Settings.deadline("timeout of tool '" + name + "'", timeout);
      return this;
    }

    /** Sets this tool's own result cap in characters (at least 256), overriding the Loadout default. */
    public Builder maxResultChars(int maxResultChars) {
      if (maxResultChars < 256) {
        throw new IllegalArgumentException("maxResultChars of tool '" + name + "' must be at least 256, but was " + maxResultChars);
      }
      this.maxResultChars = maxResultChars;
      return this;
    }

    /**
     * Builds the spec. The schema is compiled here, so a schema the validator cannot use fails now
     * rather than on the first call.
     *
     * @throws IllegalArgumentException naming the tool if the schema cannot be compiled
     */
    public ToolSpec build() {
      ObjectNode owned = parameters.deepCopy();
      if (!owned.has("type")) {
        // Providers require a root object type; MCP servers sometimes omit it.
        owned.put("type", "object");
      }
      ToolSpec spec = new ToolSpec(this, owned);
      spec.validator();
      return spec;
    }
  }
}
