package dev.loadout.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.Dialect;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a {@link PreparedTurn}: which tools the model sees and in which order, which it does not
 * see and why, and the exact shape of a variant. Obtain one from
 * {@link LoadoutAssertions#assertThat(PreparedTurn)}.
 *
 * <pre>{@code
 * PreparedTurn turn = loadout.prepare(TestContexts.turn().build());
 *
 * assertThat(turn)
 *     .hasVisibleNames("echo", "generate_image")
 *     .hidesWithReason("ban_member", "missing_permission");
 * assertThat(turn).variantSchema("generate_image").doesNotHaveProperty("seed");
 * }</pre>
 *
 * <p>Every failure says what was expected and what the turn holds: its visible names in order and its
 * hidden tools with their reason codes.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PreparedTurnAssert extends AbstractAssert<PreparedTurnAssert, PreparedTurn> {

  PreparedTurnAssert(PreparedTurn actual) {
    super(actual, PreparedTurnAssert.class);
  }

  /**
   * Checks that the model sees exactly these tools, in this order.
   *
   * @param names the expected visible names
   * @return this assertion
   */
  public PreparedTurnAssert hasVisibleNames(String... names) {
    isNotNull();
    if (!actual.visibleNames().equals(Arrays.asList(names))) {
      failWithMessage("%nExpecting the turn to show exactly, in order:%n  %s%nbut it showed:%n  %s%n%s",
          Arrays.toString(names), actual.visibleNames(), hiddenSummary());
    }
    return this;
  }

  /**
   * Checks that the model sees exactly these tools, in any order.
   *
   * @param names the expected visible names
   * @return this assertion
   */
  public PreparedTurnAssert hasVisibleNamesInAnyOrder(String... names) {
    isNotNull();
    List<String> expected = new ArrayList<>(Arrays.asList(names));
    List<String> actualNames = new ArrayList<>(actual.visibleNames());
    expected.sort(null);
    actualNames.sort(null);
    if (!expected.equals(actualNames)) {
      List<String> missing = new ArrayList<>(Arrays.asList(names));
      actual.visibleNames().forEach(missing::remove);
      List<String> unexpected = new ArrayList<>(actual.visibleNames());
      Arrays.asList(names).forEach(unexpected::remove);
      failWithMessage("%nExpecting the turn to show, in any order:%n  %s%nbut it showed:%n  %s%n"
          + "not shown: %s%nnot expected: %s%n%s",
          Arrays.toString(names), actual.visibleNames(), missing, unexpected, hiddenSummary());
    }
    return this;
  }

  /**
   * Checks that the model sees this tool.
   *
   * @param name the tool name
   * @return this assertion
   */
  public PreparedTurnAssert shows(String name) {
    isNotNull();
    if (actual.variant(name).isEmpty()) {
      failWithMessage("%nExpecting the turn to show [%s]%nbut %s", name, whereIs(name));
    }
    return this;
  }

  /**
   * Checks that the model does not see this tool, whether it is hidden or not registered at all.
   *
   * @param name the tool name
   * @return this assertion
   */
  public PreparedTurnAssert doesNotShow(String name) {
    isNotNull();
    if (actual.variant(name).isPresent()) {
      failWithMessage("%nExpecting the turn not to show [%s]%nbut it was visible at index %s of:%n  %s", name,
          actual.visibleNames().indexOf(name), actual.visibleNames());
    }
    return this;
  }

  /**
   * Checks that a registered tool is hidden on this turn, for any reason.
   *
   * @param name the tool name
   * @return this assertion
   */
  public PreparedTurnAssert hides(String name) {
    isNotNull();
    if (actual.hidden(name).isEmpty()) {
      failWithMessage("%nExpecting the turn to hide [%s]%nbut %s", name, whereIs(name));
    }
    return this;
  }

  /**
   * Checks that a tool is hidden and that one of its reasons has this code. Other reasons may be present
   * too: every filter runs, so a tool can be hidden for several reasons at once.
   *
   * @param name the tool name
   * @param code the reason code, such as {@code missing_permission} or
   *     {@link dev.loadout.core.AvailabilityDecision#HIDDEN_BY_ASSEMBLY}
   * @return this assertion
   */
  public PreparedTurnAssert hidesWithReason(String name, String code) {
    isNotNull();
    Optional<HiddenTool> hidden = actual.hidden(name);
    if (hidden.isEmpty()) {
      failWithMessage("%nExpecting the turn to hide [%s] with reason [%s]%nbut %s", name, code, whereIs(name));
    } else if (!hidden.get().hasReason(code)) {
      failWithMessage("%nExpecting the turn to hide [%s] with reason [%s]%nbut its reasons were:%n  %s", name, code,
          hidden.get().reasons().stream()
              .map(r -> "[" + r.code() + "] " + r.message() + " (from " + r.source() + ")")
              .collect(Collectors.joining(System.lineSeparator() + "  ")));
    }
    return this;
  }

  /**
   * Starts assertions on the parameters schema of a visible tool's variant, exactly as the model saw it
   * (before any dialect rewrote it).
   *
   * @param name the tool name
   * @return an assertion on a copy of the variant's parameters; never null
   */
  public SchemaAssert variantSchema(String name) {
    isNotNull();
    Optional<ToolSpec> variant = actual.variant(name);
    if (variant.isEmpty()) {
      failWithMessage("%nExpecting the turn to show [%s] so its variant schema can be checked%nbut %s", name,
          whereIs(name));
    }
    return new SchemaAssert(variant.get().parameters(), "the variant schema of [" + name + "]");
  }

  /**
   * Checks that this turn and another render to byte-identical tools in a dialect: what keeps a
   * provider's prompt cache warm from one turn to the next.
   *
   * @param other the other turn; never null
   * @param dialect the provider format to compare; never null
   * @return this assertion
   */
  public PreparedTurnAssert rendersIdenticallyTo(PreparedTurn other, Dialect dialect) {
    isNotNull();
    if (other == null || dialect == null) {
      throw new IllegalArgumentException("other turn and dialect must not be null, but were " + other + " and " + dialect);
    }
    String mine = actual.render(dialect).json();
    String theirs = other.render(dialect).json();
    if (!mine.equals(theirs)) {
      int at = 0;
      while (at < mine.length() && at < theirs.length() && mine.charAt(at) == theirs.charAt(at)) {
        at++;
      }
      failWithMessage("%nExpecting the %s render of the turn showing%n  %s%nto be identical to that of the turn "
          + "showing%n  %s%nbut they differ at character %s:%n  this:  %s%n  other: %s", dialect,
          actual.visibleNames(), other.visibleNames(), at, around(mine, at), around(theirs, at));
    }
    return this;
  }

  private String whereIs(String name) {
    if (actual.variant(name).isPresent()) {
      return "it was visible at index " + actual.visibleNames().indexOf(name) + " of " + actual.visibleNames();
    }
    if (actual.hidden(name).isPresent()) {
      return "it was hidden with reasons " + codes(actual.hidden(name).get());
    }
    return "the turn has no tool named [" + name + "]; it showed " + actual.visibleNames() + ", "
        + hiddenSummary();
  }

  private String hiddenSummary() {
    if (actual.hidden().isEmpty()) {
      return "and hid nothing";
    }
    return "and hid " + actual.hidden().stream().map(h -> h.name() + " " + codes(h))
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static List<String> codes(HiddenTool hidden) {
    return hidden.reasons().stream().map(HiddenTool.Reason::code).collect(Collectors.toList());
  }

  /** Forty characters either side of a position, marked with ellipses where cut. */
  private static String around(String json, int at) {
    int from = Math.max(0, at - 40);
    int to = Math.min(json.length(), at + 40);
    return (from > 0 ? "…" : "") + json.substring(from, to) + (to < json.length() ? "…" : "");
  }
}
