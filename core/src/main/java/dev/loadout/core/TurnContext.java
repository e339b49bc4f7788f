package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Everything Loadout may know about one model request: who speaks, where, to which provider and model,
 * and with which settings. Filters and tools read it; nothing changes it.
 *
 * <p>Optional facts are {@link Optional}. An absent permission set means "unknown", and every rule that
 * depends on permissions must treat unknown as "not granted" (fail closed). A feature flag that is not
 * set reads as off through {@link #flag(String)} (an opt-in) and as on through {@link #switchedOn(String)} (a
 * switch a host may turn off).
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class TurnContext {
  private final String provider;
  private final String model;
  private final Map<String, Object> capabilities;
  private final String guildId;
  private final String channelId;
  private final String threadId;
  private final String userId;
  private final Set<String> permissions;
  private final PermissionImplications implications;
  private final String personaId;
  private final String messageText;
  private final Map<String, Boolean> featureFlags;
  private final Locale locale;
  private final Clock clock;
  private final Map<AttributeKey<?>, Object> attributes;

  private TurnContext(Builder b) {
    this.provider = b.provider;
    this.model = b.model;
    this.capabilities = Map.copyOf(b.capabilities);
    this.guildId = b.guildId;
    this.channelId = b.channelId;
    this.threadId = b.threadId;
    this.userId = b.userId;
    this.permissions = b.permissions == null ? null : Set.copyOf(b.permissions);
    this.implications = b.implications;
    this.personaId = b.personaId;
    this.messageText = b.messageText;
    this.featureFlags = Map.copyOf(b.featureFlags);
    this.locale = b.locale;
    this.clock = b.clock;
    this.attributes = Map.copyOf(b.attributes);
  }

  /**
   * Starts a context for one provider and model.
   *
   * @param provider the provider id, such as {@code openai}, {@code anthropic} or {@code gemini}
   * @param model the model id, such as {@code gpt-5-mini}
   */
  public static Builder builder(String provider, String model) {
    return new Builder(provider, model);
  }

  /** The provider id, lower-cased; never null. */
  public String provider() {
    return provider;
  }

  /** The model id; never null. */
  public String model() {
    return model;
  }

  /** What the model declares it can do ({@code function_calling=true}, {@code vision=true}); immutable. */
  public Map<String, Object> capabilities() {
    return capabilities;
  }

  /** The guild (server) the message came from; empty in a direct message. */
  public Optional<String> guildId() {
    return Optional.ofNullable(guildId);
  }

  /** The channel; empty when the host does not say. */
  public Optional<String> channelId() {
    return Optional.ofNullable(channelId);
  }

  /** The thread, when the message is in one; its parent is {@link #channelId()}. */
  public Optional<String> threadId() {
    return Optional.ofNullable(threadId);
  }

  /** The user who spoke. */
  public Optional<String> userId() {
    return Optional.ofNullable(userId);
  }

  /** The member's permissions, or empty when unknown (which must fail closed). */
  public Optional<Set<String>> permissions() {
    return Optional.ofNullable(permissions);
  }

  /**
   * Whether the member is known to be granted the permission: held, or implied by one held under
   * {@link #permissionImplications()} (Discord's {@code ADMINISTRATOR} grants every permission); false when
   * permissions are unknown.
   */
  public boolean hasPermission(String permission) {
    return permissions != null && implications.grants(permissions, permission);
  }

  /** Which permissions grant others on this turn; {@link PermissionImplications#none()} unless set. */
  public PermissionImplications permissionImplications() {
    return implications;
  }

  /** The active persona. */
  public Optional<String> personaId() {
    return Optional.ofNullable(personaId);
  }

  /**
   * The text of the message being answered, for rules that read intent (deliberate tool mode, direct
   * invocation). Empty when the host does not pass it. Never used for ordering.
   */
  public Optional<String> messageText() {
    return Optional.ofNullable(messageText);
  }

  /** All feature flags that were set; immutable. */
  public Map<String, Boolean> featureFlags() {
    return featureFlags;
  }

  /** Whether a feature flag is on; a flag that was not set is off (an opt-in). */
  public boolean flag(String name) {
    return Boolean.TRUE.equals(featureFlags.get(name));
  }

  /**
   * Whether a switch is on: true unless the flag was set to {@code false}. The reading of the built-in
   * switches ({@code web_search_enabled}, {@code imagegen_enabled}, {@code voice_messages_enabled}, MCP's
   * replacement flag), whose features a host that sets nothing gets.
   */
  public boolean switchedOn(String name) {
    return !Boolean.FALSE.equals(featureFlags.get(name));
  }

  /** The conversation's locale; {@link Locale#ROOT} when unknown. */
  public Locale locale() {
    return locale;
  }

  /** The clock tools and filters must use instead of the system clock. */
  public Clock clock() {
    return clock;
  }

  /** A host attribute, if set. */
  public <T> Optional<T> attribute(AttributeKey<T> key) {
    return Optional.ofNullable(key.type().cast(attributes.get(key)));
  }

  /** A builder holding this context's values, for deriving another. */
  public Builder toBuilder() {
    Builder b = new Builder(provider, model);
    b.capabilities.putAll(capabilities);
    b.guildId = guildId;
    b.channelId = channelId;
    b.threadId = threadId;
    b.userId = userId;
    b.permissions = permissions;
    b.implications = implications;
    b.personaId = personaId;
    b.messageText = messageText;
    b.featureFlags.putAll(featureFlags);
    b.locale = locale;
    b.clock = clock;
    b.attributes.putAll(attributes);
    return b;
  }

  /** Names the provider, model and place; never ids of users or attribute values. */
  @Override
  public String toString() {
    return "TurnContext{provider=" + provider + ", model=" + model + ", guild=" + (guildId != null)
        + ", channel=" + (channelId != null) + "}";
  }

  /**
   * Builds a {@link TurnContext}. Every setter rejects null where a value is required, naming the setting.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final String provider;
    private final String model;
    private final Map<String, Object> capabilities = new LinkedHashMap<>();
    private String guildId;
    private String channelId;
    private String threadId;
    private String userId;
    private Set<String> permissions;
    private PermissionImplications implications = PermissionImplications.none();
    private String personaId;
    private String messageText;
    private final Map<String, Boolean> featureFlags = new LinkedHashMap<>();
    private Locale locale = Locale.ROOT;
    private Clock clock = Clock.systemUTC();
    private final Map<AttributeKey<?>, Object> attributes = new HashMap<>();

    private Builder(String provider, String model) {
      this.provider = required("provider", provider).toLowerCase(Locale.ROOT);
      this.model = required("model", model);
    }

    private static String required(String setting, String value) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException(setting + " must not be blank, but was " + (value == null ? "null" : "'" + value + "'"));
      }
      return value.strip();
    }

    /** Declares one model capability; the value must be a String, Boolean or Number. */
    public Builder capability(String name, Object value) {
      required("capability name", name);
      if (!(value instanceof String || value instanceof Boolean || value instanceof Number)) {
        throw new IllegalArgumentException("capability '" + name + "' must be a String, Boolean or Number, but was " + value);
      }
      capabilities.put(name, value);
      return this;
    }

    /** Sets the guild id; null for a direct message. */
    public Builder guildId(String guildId) {
      this.guildId = guildId;
      return this;
    }

    /** Sets the channel id. */
    public Builder channelId(String channelId) {
      this.channelId = channelId;
      return this;
    }

    /** Sets the thread id; its parent must be the channel id. */
    public Builder threadId(String threadId) {
      this.threadId = threadId;
      return this;
    }

    /** Sets the speaking user's id. */
    public Builder userId(String userId) {
      this.userId = userId;
      return this;
    }

    /** Sets the member's permissions; null means unknown (fails closed). */
    public Builder permissions(Set<String> permissions) {
      if (permissions != null && !Checks.noNulls(permissions)) {
        throw new IllegalArgumentException("permissions must not contain null");
      }
      this.permissions = permissions;
      return this;
    }

    /**
     * Sets which permissions grant others ({@link PermissionImplications#discord()} for a Discord bot), applied by
     * {@link TurnContext#hasPermission(String)} and so by every permission rule; default none.
     */
    public Builder permissionImplications(PermissionImplications implications) {
      if (implications == null) {
        throw new IllegalArgumentException("permission implications must not be null; use PermissionImplications.none()");
      }
      this.implications = implications;
      return this;
    }

    /** Sets the active persona id. */
    public Builder personaId(String personaId) {
      this.personaId = personaId;
      return this;
    }

    /** Sets the text of the message being answered; null when unknown. */
    public Builder messageText(String messageText) {
      this.messageText = messageText;
      return this;
    }

    /** Sets one feature flag. */
    public Builder flag(String name, boolean on) {
      featureFlags.put(required("flag name", name), on);
      return this;
    }

    /** Sets the locale. */
    public Builder locale(Locale locale) {
      if (locale == null) {
        throw new IllegalArgumentException("locale must not be null; use Locale.ROOT for unknown");
      }
      this.locale = locale;
      return this;
    }

    /** Sets the clock. */
    public Builder clock(Clock clock) {
      if (clock == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      this.clock = clock;
      return this;
    }

    /** Sets a host attribute; a null value removes it. */
    public <T> Builder attribute(AttributeKey<T> key, T value) {
      if (key == null) {
        throw new IllegalArgumentException("attribute key must not be null");
      }
      if (value == null) {
        attributes.remove(key);
      } else {
        attributes.put(key, key.type().cast(value));
      }
      return this;
    }

    /** Builds the context. */
    public TurnContext build() {
      return new TurnContext(this);
    }
  }
}
