package dev.loadout.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.PreparedTurn;
import org.apiguardian.api.API;

/**
 * The entry point of Loadout's AssertJ assertions. Import it statically next to AssertJ's own
 * {@code assertThat}; the more specific overload wins.
 *
 * <pre>{@code
 * import static dev.loadout.testkit.LoadoutAssertions.assertThat;
 * import static org.assertj.core.api.Assertions.assertThat;
 *
 * assertThat(loadout.prepare(TestContexts.turn().build()))
 *     .hasVisibleNames("echo", "generate_image")
 *     .hidesWithReason("ban_member", "missing_permission");
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoadoutAssertions {
  private LoadoutAssertions() {}

  /**
   * Starts assertions on a prepared turn.
   *
   * @param turn the turn; a null turn fails every assertion
   * @return a new assertion; never null
   */
  public static PreparedTurnAssert assertThat(PreparedTurn turn) {
    return new PreparedTurnAssert(turn);
  }
}
