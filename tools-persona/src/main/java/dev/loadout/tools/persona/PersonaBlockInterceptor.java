package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolInterceptor;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.store.StoreException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The persona blocks on the execution chain: no tool runs on a turn whose speaker the turn's persona has muted or
 * blocked in its guild, whoever asked for the call (the model, a slash command, a keyword rule, a booking run on a
 * later message). The host still checks {@link PersonaBlocks#mayTrigger} on every message so the persona stays silent
 * without a model call; this interceptor is what holds when a path forgets to, or when a block lands between the
 * message and the call. Register it as an application interceptor:
 * {@code Loadout.builder(registry).addInterceptor(PersonaBlockInterceptor.of(blocks))}.
 *
 * <p>A refused call is a failed result with {@value #USER_BLOCKED} (not retryable); a turn without a guild, a persona
 * or a user passes. When the store cannot answer, the call is refused with {@value #CHECK_FAILED} (retryable): a
 * block that cannot be read is not taken as "no block".
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PersonaBlockInterceptor implements ToolInterceptor {
  /** The code of a call refused because the turn's persona has muted or blocked the speaker. */
  public static final String USER_BLOCKED = "user_blocked";
  /** The code of a call refused because the block store could not be read. */
  public static final String CHECK_FAILED = "user_block_check_failed";

  private static final Logger LOG = LoggerFactory.getLogger(PersonaBlockInterceptor.class);

  private final PersonaBlocks blocks;

  private PersonaBlockInterceptor(PersonaBlocks blocks) {
    this.blocks = blocks;
  }

  /**
   * The interceptor over these blocks (their cache and their store).
   *
   * @param blocks the bot's persona blocks; never null
   */
  public static PersonaBlockInterceptor of(PersonaBlocks blocks) {
    if (blocks == null) {
      throw new IllegalArgumentException("blocks must not be null");
    }
    return new PersonaBlockInterceptor(blocks);
  }

  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    TurnContext context = chain.context();
    Optional<String> guild = context.guildId();
    Optional<String> persona = context.personaId();
    Optional<String> user = context.userId();
    if (guild.isEmpty() || persona.isEmpty() || user.isEmpty()) {
      return chain.proceed(chain.call());
    }
    boolean allowed;
    try {
      allowed = blocks.mayTrigger(guild.get(), persona.get(), user.get());
    } catch (StoreException e) {
      LOG.warn("The persona block store could not be read; the call is refused", e);
      return CompletableFuture.completedFuture(ToolResult.failure(CHECK_FAILED,
          "Whether this user may use the persona's tools could not be checked. Try again later.", true));
    }
    if (!allowed) {
      return CompletableFuture.completedFuture(ToolResult.failure(USER_BLOCKED,
          "This persona has muted or blocked the user, so no tool runs for them.", false));
    }
    return chain.proceed(chain.call());
  }

  @Override
  public String toString() {
    return "PersonaBlockInterceptor{" + blocks + "}";
  }
}
