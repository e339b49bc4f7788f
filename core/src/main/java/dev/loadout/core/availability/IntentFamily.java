package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * A kind of request a user can make of the bot's tools, such as "search the web" or "set a reminder".
 * {@link DeliberateToolMode} maps each family to the tool names it admits; a message that shows the
 * family's intent admits those tools for the turn.
 *
 * <p>The built-in families are the constants below; their names are the trigger targets TomoriBot's
 * settings use ({@code image}, {@code reminder}, {@code user-blocking}, …), so stored trigger maps keep
 * working. A host may define its own family with {@link #of(String)} (say {@code dice} for a
 * {@code roll_dice} tool); it then needs tool names ({@link DeliberateToolMode.Builder#toolNames}) and
 * triggers ({@link IntentTriggers}), since no built-in phrase knows it.
 *
 * <p>Two families are equal when their names are equal. Immutable.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class IntentFamily implements Comparable<IntentFamily> {
  /** Web search ({@code web_search}); a search request also admits {@link #URL_READING}. */
  public static final IntentFamily SEARCH = new IntentFamily("search");
  /**
   * Reading a URL ({@code fetch_url} and its bundled aliases). Its tool names can grow per turn with
   * the names of a replacing source; see {@link DeliberateToolMode}.
   */
  public static final IntentFamily URL_READING = new IntentFamily("url-reading");
  /** Long-term memory writes. */
  public static final IntentFamily MEMORY = new IntentFamily("memory");
  /** Looking at images, GIFs, videos, files and avatars. */
  public static final IntentFamily MEDIA_ANALYSIS = new IntentFamily("media-analysis");
  /** Image generation. */
  public static final IntentFamily IMAGE = new IntentFamily("image");
  /** Video generation. */
  public static final IntentFamily VIDEO = new IntentFamily("video");
  /** Voice messages. */
  public static final IntentFamily VOICE = new IntentFamily("voice");
  /** Reminders and scheduled tasks: creating, cancelling, rescheduling. */
  public static final IntentFamily REMINDER = new IntentFamily("reminder");
  /** Acting on a message: react, reply, pin, edit, delete, reveal its metadata. */
  public static final IntentFamily MESSAGE_ACTION = new IntentFamily("message-action");
  /** Sending to, or reading, another channel. */
  public static final IntentFamily CROSS_CHANNEL = new IntentFamily("cross-channel");
  /** Choosing a sticker. */
  public static final IntentFamily STICKER = new IntentFamily("sticker");
  /** Creating a thread. */
  public static final IntentFamily THREAD = new IntentFamily("thread");
  /** Reviewing what the bot can do ({@code review_capabilities}). */
  public static final IntentFamily CAPABILITIES = new IntentFamily("capabilities");
  /** Blocking and unblocking a user for the active persona. */
  public static final IntentFamily USER_BLOCKING = new IntentFamily("user-blocking");
  /** Updating what the bot knows about the user (name, pronouns, time zone). */
  public static final IntentFamily USER_INFO = new IntentFamily("user-info");
  /**
   * Questions about the bot itself: its model, tools, settings, or why it did not or cannot do
   * something. Admits {@code review_capabilities} and the {@link #URL_READING} family (runtime state
   * first, then the documentation), and never {@link #SEARCH}: a question about the bot is not a
   * request to search the web. While it matches, the other built-in phrase families are not matched.
   */
  public static final IntentFamily SELF_DIAGNOSIS = new IntentFamily("self-diagnosis");
  /**
   * Follow-up phrases ("do that again", "same thing but bigger"): they admit the tools the channel used
   * successfully in its last turns ({@link RecentTools}), not a fixed list of names.
   */
  public static final IntentFamily FOLLOW_UP = new IntentFamily("follow-up");

  /** Every built-in family, in the order reasons list them. */
  public static final List<IntentFamily> BUILT_INS = List.of(SEARCH, URL_READING, MEMORY, MEDIA_ANALYSIS, IMAGE, VIDEO,
      VOICE, REMINDER, MESSAGE_ACTION, CROSS_CHANNEL, STICKER, THREAD, CAPABILITIES, USER_BLOCKING, USER_INFO,
      SELF_DIAGNOSIS, FOLLOW_UP);

  private static final Map<String, IntentFamily> BY_NAME =
      BUILT_INS.stream().collect(Collectors.toUnmodifiableMap(IntentFamily::name, Function.identity()));

  private final String name;

  private IntentFamily(String name) {
    this.name = name;
  }

  /**
   * The family with this name: a built-in constant when the name is one, else a host-defined family.
   * Names ignore case and surrounding spaces, and {@code _} reads as {@code -}.
   *
   * @param name lower-case letters, digits and {@code -}, starting with a letter, at most 64 characters
   * @throws IllegalArgumentException if the name is not of that form
   */
  public static IntentFamily of(String name) {
    String n = name == null ? null : name.strip().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    if (n == null || !n.matches("[a-z][a-z0-9-]{0,63}")) {
      throw new IllegalArgumentException("intent family name must be lower-case letters, digits and '-', starting with a "
          + "letter, at most 64 characters, but was " + (name == null ? "null" : "'" + name + "'"));
    }
    IntentFamily builtIn = BY_NAME.get(n);
    return builtIn != null ? builtIn : new IntentFamily(n);
  }

  /** The family's name, such as {@code url-reading}; never null. */
  public String name() {
    return name;
  }

  /** Whether this is one of {@link #BUILT_INS}. */
  public boolean isBuiltIn() {
    return BY_NAME.get(name) == this;
  }

  /** Built-ins in their declared order first, then host families by name. */
  @Override
  public int compareTo(IntentFamily o) {
    int a = BUILT_INS.indexOf(this);
    int b = BUILT_INS.indexOf(o);
    if (a >= 0 || b >= 0) {
      return a < 0 ? 1 : b < 0 ? -1 : Integer.compare(a, b);
    }
    return name.compareTo(o.name);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IntentFamily && ((IntentFamily) o).name.equals(name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return name;
  }
}
