package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolInterceptor;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

/**
 * Remembers, per channel, which tools succeeded in each of its last turns, so that a follow-up phrase
 * under {@link DeliberateToolMode} can re-allow them. Add it to the {@link dev.loadout.core.Loadout} as an
 * interceptor, and open each turn with {@link #beginTurn(String)}:
 *
 * <pre>{@code
 * RecentToolUse recent = RecentToolUse.create();
 * Loadout loadout = Loadout.builder(registry)
 *     .addFilter(AvailabilityFilters.deliberateToolMode(mode))
 *     .addInterceptor(recent)
 *     .build();
 * // for each user message:
 * TurnContext ctx = TurnContext.builder(provider, model).channelId(channel).messageText(text)
 *     .attribute(DeliberateToolMode.SETTINGS, settings)
 *     .attribute(DeliberateToolMode.RECENT_TOOLS, recent.beginTurn(channel))
 *     .build();
 * }</pre>
 *
 * <h2>Turns, not time</h2>
 * A turn is what the host opens with {@code beginTurn}: one user message and every model round that
 * answers it. "The last N turns" counts turns, including turns that used no tool, so the tracker needs no
 * clock. A success is recorded into the turn its context was issued for (the {@link RecentTools} in
 * {@link DeliberateToolMode#RECENT_TOOLS} carries the channel and turn number), so concurrent turns in
 * one channel never mix. A context without that attribute records into the newest turn of its thread,
 * or of its channel when it has no thread; a channel that never had a turn gets one.
 *
 * <p>Use the thread id as the channel id for messages in a thread: a thread is its own conversation.
 *
 * <h2>Memory</h2>
 * Bounded: at most {@value DeliberateToolMode#MAX_CONTEXT_TURNS} finished turns plus the open one per
 * channel, {@value #MAX_NAMES_PER_TURN} names per turn, and the most recently used channels up to the
 * configured limit (the least recently used channel is forgotten first).
 *
 * <p>Thread-safe; every operation holds one short lock and never calls out.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class RecentToolUse implements ToolInterceptor {
  /** The default number of channels remembered: 10,000. */
  public static final int DEFAULT_MAX_CHANNELS = 10_000;
  /** At most this many distinct tool names are remembered per turn. */
  public static final int MAX_NAMES_PER_TURN = 64;

  private final int maxChannels;
  private final LinkedHashMap<String, Channel> channels = new LinkedHashMap<>(16, 0.75f, true);

  private RecentToolUse(int maxChannels) {
    this.maxChannels = maxChannels;
  }

  /** A tracker remembering up to {@value #DEFAULT_MAX_CHANNELS} channels. */
  public static RecentToolUse create() {
    return new RecentToolUse(DEFAULT_MAX_CHANNELS);
  }

  /**
   * A tracker remembering up to {@code maxChannels} channels.
   *
   * @throws IllegalArgumentException if {@code maxChannels} is not positive
   */
  public static RecentToolUse create(int maxChannels) {
    if (maxChannels < 1) {
      throw new IllegalArgumentException("maxChannels must be at least 1, but was " + maxChannels);
    }
    return new RecentToolUse(maxChannels);
  }

  /**
   * Opens a new turn in the channel and returns the tools of its earlier turns (newest first), tagged so
   * that successes of the new turn are recorded into it.
   *
   * @param channelId the channel, or the thread for a message in a thread; not blank
   */
  public RecentTools beginTurn(String channelId) {
    String key = key(channelId);
    synchronized (this) {
      Channel c = channel(key);
      RecentTools earlier = c.snapshot(key, -1);
      long number = c.open();
      return new RecentTools(key, number, earlier.turns());
    }
  }

  /**
   * The tools of the channel's remembered turns, newest first, the open turn included; it opens nothing.
   *
   * @param channelId the channel, or the thread; not blank
   */
  public RecentTools snapshot(String channelId) {
    String key = key(channelId);
    synchronized (this) {
      Channel c = channels.get(key);
      return c == null ? RecentTools.none() : c.snapshot(null, -1);
    }
  }

  /**
   * Records that a tool succeeded on a turn, for hosts that run tools outside
   * {@link dev.loadout.core.PreparedTurn#execute}. A context without a channel records nothing.
   */
  public void recordSuccess(TurnContext context, String toolName) {
    if (context == null || toolName == null || toolName.isBlank()) {
      throw new IllegalArgumentException("recording a success needs a context and a tool name, but got " + context + ", "
          + toolName);
    }
    RecentTools issued = context.attribute(DeliberateToolMode.RECENT_TOOLS).orElse(null);
    if (issued != null && issued.channel() != null) {
      synchronized (this) {
        Channel c = channels.get(issued.channel());
        if (c != null) {
          c.add(issued.turn(), toolName);
        }
      }
      return;
    }
    String key = context.threadId().or(context::channelId).orElse(null);
    if (key == null || key.isBlank()) {
      return;
    }
    synchronized (this) {
      channel(key).addToNewest(toolName);
    }
  }

  /** Runs the call and records it when it succeeds; the result passes through unchanged. */
  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    ToolCall call = chain.call();
    TurnContext context = chain.context();
    return chain.proceed(call).thenApply(result -> {
      if (result != null && result.isSuccess()) {
        recordSuccess(context, call.name());
      }
      return result;
    });
  }

  private static String key(String channelId) {
    if (channelId == null || channelId.isBlank()) {
      throw new IllegalArgumentException("channelId must not be blank, but was " + (channelId == null ? "null" : "'" + channelId + "'"));
    }
    return channelId;
  }

  /** Gets or creates a channel, forgetting the least recently used one beyond the limit. Holds the lock. */
  private Channel channel(String key) {
    Channel c = channels.get(key);
    if (c == null) {
      c = new Channel();
      channels.put(key, c);
      if (channels.size() > maxChannels) {
        Iterator<String> eldest = channels.keySet().iterator();
        eldest.next();
        eldest.remove();
      }
    }
    return c;
  }

  @Override
  public String toString() {
    synchronized (this) {
      return "RecentToolUse{channels=" + channels.size() + ", maxChannels=" + maxChannels + "}";
    }
  }

  /** One channel's turns, newest first. Guarded by the tracker's lock. */
  private static final class Channel {
    private final ArrayDeque<Turn> turns = new ArrayDeque<>();
    private long next;

    long open() {
      Turn t = new Turn(next++);
      turns.addFirst(t);
      // The open turn plus the most a setting can look back.
      while (turns.size() > DeliberateToolMode.MAX_CONTEXT_TURNS + 1) {
        turns.removeLast();
      }
      return t.number;
    }

    void add(long turn, String name) {
      for (Turn t : turns) {
        if (t.number == turn) {
          t.add(name);
          return;
        }
      }
      // The turn is older than anything a setting can look back to: nothing to keep.
    }

    void addToNewest(String name) {
      if (turns.isEmpty()) {
        open();
      }
      turns.peekFirst().add(name);
    }

    RecentTools snapshot(String key, long number) {
      List<Set<String>> out = new ArrayList<>(turns.size());
      for (Turn t : turns) {
        if (out.size() == DeliberateToolMode.MAX_CONTEXT_TURNS) {
          break;
        }
        out.add(Collections.unmodifiableSet(new LinkedHashSet<>(t.names)));
      }
      return new RecentTools(key, number, List.copyOf(out));
    }
  }

  private static final class Turn {
    final long number;
    final Set<String> names = new LinkedHashSet<>();

    Turn(long number) {
      this.number = number;
    }

    void add(String name) {
      if (names.size() < MAX_NAMES_PER_TURN || names.contains(name)) {
        names.add(name);
      }
    }
  }

  /** For tests: how many channels are remembered. */
  synchronized int channelCount() {
    return channels.size();
  }
}
