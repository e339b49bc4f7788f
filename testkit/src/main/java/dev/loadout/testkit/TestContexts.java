package dev.loadout.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * {@link TurnContext} builders preset with fixed, boring values, so a test states only what it is about.
 *
 * <pre>{@code
 * TurnContext member = TestContexts.turn().build();
 * TurnContext moderator = TestContexts.turn().permissions(Set.of("BAN_MEMBERS")).build();
 * TurnContext dm = TestContexts.directMessage().flag("nsfw", true).build();
 * }</pre>
 *
 * <h2>The defaults of {@link #turn()}</h2>
 * <ul>
 *   <li>provider {@value #PROVIDER}, model {@value #MODEL}, capability {@code function_calling=true};</li>
 *   <li>guild {@value #GUILD_ID}, channel {@value #CHANNEL_ID}, user {@value #USER_ID}, no thread, no
 *       persona;</li>
 *   <li>permissions known and empty: the member holds none. This is not the same as unknown (no set at
 *       all), which Loadout also treats as "not granted"; set {@code permissions(null)} to test that;</li>
 *   <li>no feature flags, no attributes, {@link Locale#ROOT};</li>
 *   <li>{@link #CLOCK}, fixed at {@link #NOW}, so nothing a test prepares reads the system clock.</li>
 * </ul>
 *
 * <p>Every call returns a new builder; changing one never changes another.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TestContexts {
  /** The provider of every preset context: {@value}. */
  public static final String PROVIDER = "openai";
  /** The model of every preset context: {@value}. */
  public static final String MODEL = "test-model";
  /** The guild of {@link #turn()}: {@value}. */
  public static final String GUILD_ID = "guild-1";
  /** The channel of every preset context: {@value}. */
  public static final String CHANNEL_ID = "channel-1";
  /** The speaking user of every preset context: {@value}. */
  public static final String USER_ID = "user-1";
  /** The instant the preset clock always reads: 2026-01-01T00:00:00Z. */
  public static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
  /** The preset clock: fixed at {@link #NOW}, in UTC. Immutable, so sharing it is safe. */
  public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  private TestContexts() {}

  /**
   * A member speaking in a guild channel, with the defaults listed in the class description.
   *
   * @return a new builder; never null
   */
  public static TurnContext.Builder turn() {
    return TurnContext.builder(PROVIDER, MODEL)
        .capability("function_calling", true)
        .guildId(GUILD_ID)
        .channelId(CHANNEL_ID)
        .userId(USER_ID)
        .permissions(Set.of())
        .locale(Locale.ROOT)
        .clock(CLOCK);
  }

  /**
   * The same user in a direct message: {@link #turn()} without a guild. Permissions stay known and empty,
   * as a direct message grants no guild permission.
   *
   * @return a new builder; never null
   */
  public static TurnContext.Builder directMessage() {
    return turn().guildId(null);
  }
}
