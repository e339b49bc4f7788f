package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Keeps the whole text of results that were cut at the result cap, so the model can read on: the cut result says
 * which id and offset to ask for, and {@link #readTool()} ({@value ReadResultPartTool#NAME}) returns the next
 * window. Give the same instance to {@link Loadout.Builder#resultRemainders} and register its tool in the registry.
 *
 * <p><b>Sessions.</b> Every remainder belongs to the session (conversation) of the turn that produced it
 * ({@link Builder#sessionKey}: by default the guild and thread or channel, or the user outside a guild). A read
 * from any other session finds nothing, exactly as for an id that never existed, so stored text never leaves the
 * conversation it came from. A turn without a session key stores nothing: its results are cut as before.
 *
 * <p><b>Bounds.</b> In memory, never persisted: at most {@link Builder#perSession} results per session (the oldest
 * goes first), each kept up to {@link Builder#maxStoredChars} characters, all sessions together up to
 * {@link Builder#maxTotalChars} (the least recently written sessions go first), and each result for
 * {@link Builder#timeToLive} after it was stored. The read tool is shown only on turns whose session holds a
 * remainder. Thread-safe; time comes from the injected clock.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ResultRemainders {
  /** How long a remainder is kept unless set: 30 minutes. */
  public static final Duration DEFAULT_TIME_TO_LIVE = Duration.ofMinutes(30);

  /** The stored results of one session, oldest first; replaced as a whole on each write. */
  private record Session(List<Stored> results, int nextId) {
    long chars() {
      long n = 0;
      for (Stored s : results) {
        n += s.text.length();
      }
      return n;
    }
  }

  /** One stored result: its id, whole text (up to the cap), original length and when it was stored. */
  record Stored(String id, String text, int originalLength, Instant storedAt) {}

  private final Cache<String, Session> sessions;
  private final Function<TurnContext, String> sessionKey;
  private final Clock clock;
  private final Duration ttl;
  private final int perSession;
  private final int maxStoredChars;
  private final int windowChars;
  private final ReadResultPartTool tool;

  private ResultRemainders(Builder b) {
    this.sessionKey = b.sessionKey;
    this.clock = b.clock;
    this.ttl = b.ttl;
    this.perSession = b.perSession;
    this.maxStoredChars = b.maxStoredChars;
    this.windowChars = b.windowChars;
    Clock c = b.clock;
    this.sessions = Caffeine.newBuilder().maximumWeight(b.maxTotalChars)
        .weigher((String k, Session s) -> (int) Math.min(Integer.MAX_VALUE, s.chars()))
        .expireAfterWrite(b.ttl).ticker(() -> TimeUnit.MILLISECONDS.toNanos(c.millis())).executor(Runnable::run)
        .build();
    this.tool = new ReadResultPartTool(this);
  }

  /** Starts with the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** The {@value ReadResultPartTool#NAME} tool to register; shown only while the turn's session holds a remainder. */
  public BaseTool readTool() {
    return tool;
  }

  int windowChars() {
    return windowChars;
  }

  /** The session of a turn, or null when it has none (nothing is stored for it). */
  String session(TurnContext context) {
    try {
      String key = sessionKey.apply(context);
      return key == null || key.isBlank() ? null : key;
    } catch (RuntimeException e) {
      Loadout.LOG.warn("Result remainder session key {} failed; the result is cut without a remainder",
          sessionKey.getClass().getName(), e);
      return null;
    }
  }

  /** Stores a result's whole text for the session; returns its id. */
  String put(String session, String text) {
    String stored = text.length() <= maxStoredChars ? text : text.substring(0, maxStoredChars);
    String[] id = new String[1];
    sessions.asMap().compute(session, (k, current) -> {
      List<Stored> live = current == null ? new ArrayList<>() : live(current.results);
      int next = current == null ? 1 : current.nextId;
      id[0] = "r" + next;
      live.add(new Stored(id[0], stored, text.length(), clock.instant()));
      while (live.size() > perSession) {
        live.remove(0);
      }
      return new Session(List.copyOf(live), next + 1);
    });
    return id[0];
  }

  /** The session's result of that id, if it is still kept. */
  Optional<Stored> find(String session, String id) {
    Session s = session == null ? null : sessions.getIfPresent(session);
    if (s == null) {
      return Optional.empty();
    }
    return live(s.results).stream().filter(r -> r.id.equals(id)).findFirst();
  }

  /** Whether the turn's session holds a remainder that can still be read. */
  public boolean holdsRemainder(TurnContext context) {
    String session = session(context);
    Session s = session == null ? null : sessions.getIfPresent(session);
    return s != null && !live(s.results).isEmpty();
  }

  private List<Stored> live(List<Stored> results) {
    Instant oldest = clock.instant().minus(ttl);
    List<Stored> out = new ArrayList<>(results.size() + 1);
    for (Stored r : results) {
      if (r.storedAt.isAfter(oldest)) {
        out.add(r);
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return "ResultRemainders{sessions=" + sessions.estimatedSize() + ", ttl=" + ttl + "}";
  }

  /**
   * The settings of {@link ResultRemainders}; each setter checks its value at once.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private Function<TurnContext, String> sessionKey = Builder::defaultSession;
    private Clock clock = Clock.systemUTC();
    private Duration ttl = DEFAULT_TIME_TO_LIVE;
    private int perSession = 4;
    private int maxStoredChars = 1_000_000;
    private long maxTotalChars = 50_000_000;
    private int windowChars = 8_000;

    private Builder() {}

    private static String defaultSession(TurnContext c) {
      String guild = c.guildId().map(g -> "guild:" + g + "/").orElse("");
      if (c.threadId().isPresent()) {
        return guild + "thread:" + c.threadId().get();
      }
      if (c.channelId().isPresent()) {
        return guild + "channel:" + c.channelId().get();
      }
      return c.userId().map(u -> guild + "user:" + u).orElse(null);
    }

    /** How a turn names its session; null or blank stores nothing. Default: guild and thread, channel or user. */
    public Builder sessionKey(Function<TurnContext, String> sessionKey) {
      if (sessionKey == null) {
        throw new IllegalArgumentException("sessionKey must not be null");
      }
      this.sessionKey = sessionKey;
      return this;
    }

    /** The clock of the time-to-live; the system clock unless set. */
    public Builder clock(Clock clock) {
      if (clock == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      this.clock = clock;
      return this;
    }

    /** How long a remainder is kept, 1 s to 1 day; {@link #DEFAULT_TIME_TO_LIVE} unless set. */
    public Builder timeToLive(Duration ttl) {
      if (ttl == null || ttl.compareTo(Duration.ofSeconds(1)) < 0 || ttl.compareTo(Duration.ofDays(1)) > 0) {
        throw new IllegalArgumentException("timeToLive must be between 1 s and 1 day, but was " + ttl);
      }
      this.ttl = ttl;
      return this;
    }

    /** How many results a session keeps, 1 to 64; 4 unless set. */
    public Builder perSession(int n) {
      if (n < 1 || n > 64) {
        throw new IllegalArgumentException("perSession must be between 1 and 64, but was " + n);
      }
      this.perSession = n;
      return this;
    }

    /** How many characters of one result are kept, at least 1,000; 1,000,000 unless set. */
    public Builder maxStoredChars(int n) {
      if (n < 1_000) {
        throw new IllegalArgumentException("maxStoredChars must be at least 1000, but was " + n);
      }
      this.maxStoredChars = n;
      return this;
    }

    /** How many characters all sessions keep together, at least 10,000; 50,000,000 unless set. */
    public Builder maxTotalChars(long n) {
      if (n < 10_000) {
        throw new IllegalArgumentException("maxTotalChars must be at least 10000, but was " + n);
      }
      this.maxTotalChars = n;
      return this;
    }

    /** How many characters one read returns at most, 256 to 100,000; 8,000 unless set. */
    public Builder windowChars(int n) {
      if (n < 256 || n > 100_000) {
        throw new IllegalArgumentException("windowChars must be between 256 and 100000, but was " + n);
      }
      this.windowChars = n;
      return this;
    }

    /** Builds the store. */
    public ResultRemainders build() {
      return new ResultRemainders(this);
    }
  }
}
