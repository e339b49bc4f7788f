package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * A typed key for host data carried in a {@link TurnContext}. Keys compare by identity: keep each one in
 * a constant.
 *
 * <pre>{@code
 * static final AttributeKey<GuildConfig> GUILD_CONFIG = AttributeKey.of("guild-config", GuildConfig.class);
 * }</pre>
 *
 * @param <T> the value type
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class AttributeKey<T> {
  private final String name;
  private final Class<T> type;

  private AttributeKey(String name, Class<T> type) {
    this.name = name;
    this.type = type;
  }

  /** Creates a key; the name is for messages only. */
  public static <T> AttributeKey<T> of(String name, Class<T> type) {
    if (name == null || name.isBlank() || type == null) {
      throw new IllegalArgumentException("attribute key needs a name and a type, but got " + name + ", " + type);
    }
    return new AttributeKey<>(name, type);
  }

  /** The key's name. */
  public String name() {
    return name;
  }

  /** The value type. */
  public Class<T> type() {
    return type;
  }

  @Override
  public String toString() {
    return "AttributeKey[" + name + ": " + type.getSimpleName() + "]";
  }
}
