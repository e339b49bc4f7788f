package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Settings a tool reads on every turn and every call but that change per Discord server (or any other key): an
 * image backend and its default tags, a speech endpoint. The host's resolver is asked once per key and the answer
 * kept for the {@linkplain Builder#timeToLive time-to-live}, so a warm turn costs a hash lookup; after a config
 * edit, {@link #invalidate(String)} makes the next turn read it again.
 *
 * <pre>{@code
 * PerServer<ImageSettings> images = PerServer.resolving(ctx -> settingsOfGuild(ctx.guildId())).build();
 * GenerateImageTool tool = GenerateImageTool.perServer(images).build();
 * }</pre>
 *
 * <p>The resolver answers null when the server has nothing configured (the tool then hides itself). A resolver that
 * throws counts as nothing configured for that turn, is logged once per exception class, and is asked again on
 * the next turn: a failing look-up never shows a tool on guessed settings. Thread-safe; time comes from the
 * injected clock.
 *
 * @param <T> the settings
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PerServer<T> {
  /** How long an answer is kept unless set: one minute. */
  public static final Duration DEFAULT_TIME_TO_LIVE = Duration.ofMinutes(1);
  /** The key of turns outside any server: direct messages share one answer. */
  public static final String DIRECT_MESSAGES = "";

  private final Function<TurnContext, ? extends T> resolver;
  private final Function<TurnContext, String> key;
  private final Cache<String, Optional<T>> answers;
  final WarnOnce warnings = new WarnOnce();

  private PerServer(Builder<T> b) {
    this.resolver = b.resolver;
    this.key = b.key;
    Clock clock = b.clock;
    this.answers = Caffeine.newBuilder().maximumSize(b.maximumSize).expireAfterWrite(b.ttl)
        .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis())).executor(Runnable::run).build();
  }

  /**
   * Starts over the host's resolver.
   *
   * @param resolver the settings of a turn's server, or null when it has none; never null itself
   */
  public static <T> Builder<T> resolving(Function<TurnContext, ? extends T> resolver) {
    if (resolver == null) {
      throw new IllegalArgumentException("resolver must not be null");
    }
    return new Builder<>(resolver);
  }

  /** The same settings for every turn: a bot with one configuration. */
  public static <T> PerServer<T> fixed(T settings) {
    if (settings == null) {
      throw new IllegalArgumentException("fixed settings must not be null");
    }
    return resolving(ctx -> settings).key(ctx -> DIRECT_MESSAGES).build();
  }

  /** The settings of the turn's server, or empty when it has none (or its resolver failed). */
  public Optional<T> get(TurnContext context) {
    String k = key.apply(context);
    Optional<T> known = answers.getIfPresent(k);
    if (known != null) {
      return known;
    }
    try {
      // One look-up per server even when its first turns arrive together; a throw is not kept.
      return answers.get(k, unused -> Optional.ofNullable(resolver.apply(context)));
    } catch (RuntimeException e) {
      warnings.warn(Loadout.LOG, "per-server|" + e.getClass().getName(), () -> "Settings resolver "
          + resolver.getClass().getName() + " failed; its tool is unavailable on this turn", e);
      return Optional.empty();
    }
  }

  /** Forgets one server's answer (its key), so the next turn asks the resolver again. */
  public void invalidate(String key) {
    answers.invalidate(key);
  }

  /** Forgets every answer. */
  public void invalidateAll() {
    answers.invalidateAll();
  }

  @Override
  public String toString() {
    return "PerServer{" + resolver.getClass().getName() + ", servers=" + answers.estimatedSize() + "}";
  }

  /**
   * Configures {@link PerServer}; each setter checks its value at once.
   *
   * @param <T> the settings
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder<T> {
    private final Function<TurnContext, ? extends T> resolver;
    private Function<TurnContext, String> key = ctx -> ctx.guildId().orElse(DIRECT_MESSAGES);
    private Duration ttl = DEFAULT_TIME_TO_LIVE;
    private Clock clock = Clock.systemUTC();
    private long maximumSize = 10_000;

    private Builder(Function<TurnContext, ? extends T> resolver) {
      this.resolver = resolver;
    }

    /** What one answer is kept for; the guild id unless set ({@link #DIRECT_MESSAGES} outside a guild). */
    public Builder<T> key(Function<TurnContext, String> key) {
      if (key == null) {
        throw new IllegalArgumentException("key must not be null");
      }
      this.key = ctx -> {
        String k = key.apply(ctx);
        return k == null ? DIRECT_MESSAGES : k;
      };
      return this;
    }

    /** How long an answer is kept, 1 s to 1 day; {@link #DEFAULT_TIME_TO_LIVE} unless set. */
    public Builder<T> timeToLive(Duration ttl) {
      if (ttl == null || ttl.compareTo(Duration.ofSeconds(1)) < 0 || ttl.compareTo(Duration.ofDays(1)) > 0) {
        throw new IllegalArgumentException("timeToLive must be between 1 s and 1 day, but was " + ttl);
      }
      this.ttl = ttl;
      return this;
    }

    /** The clock of the time-to-live; the system clock unless set. */
    public Builder<T> clock(Clock clock) {
      if (clock == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      this.clock = clock;
      return this;
    }

    /** How many servers' answers are kept at most; positive, 10,000 unless set. */
    public Builder<T> maximumSize(long n) {
      if (n < 1) {
        throw new IllegalArgumentException("maximumSize must be positive, but was " + n);
      }
      this.maximumSize = n;
      return this;
    }

    /** Builds it; asks the resolver nothing yet. */
    public PerServer<T> build() {
      return new PerServer<>(this);
    }
  }
}
