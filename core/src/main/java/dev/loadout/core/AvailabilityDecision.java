package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * What an {@link AvailabilityFilter} decided: available, or hidden with a stable reason code and a
 * sentence a person can read.
 *
 * <p>A hidden decision has a stable lower_snake_case code, such as {@code missing_permission}, and a
 * sentence with values in brackets ("needs permission [ADMIN]"). An available one has empty code and
 * reason.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class AvailabilityDecision {
  /** A filter threw; the tool is hidden for the turn. */
  public static final String FILTER_FAILED = "filter_failed";
  /** The tool's assembly returned nothing for this turn. */
  public static final String HIDDEN_BY_ASSEMBLY = "hidden_by_assembly";
  /** The tool's assembly threw or returned an inconsistent variant. */
  public static final String ASSEMBLY_FAILED = "assembly_failed";

  private static final AvailabilityDecision AVAILABLE = new AvailabilityDecision(true, "", "");

  private final boolean available;
  private final String code;
  private final String reason;

  private AvailabilityDecision(boolean available, String code, String reason) {
    if (code == null || reason == null) {
      throw new IllegalArgumentException("decision code and reason must not be null");
    }
    if (!available && (!code.matches("[a-z][a-z0-9_]{0,63}") || reason.isBlank())) {
      throw new IllegalArgumentException("a hidden decision needs a lower_snake_case code and a reason, but got ["
          + code + "] [" + reason + "]");
    }
    this.available = available;
    this.code = code;
    this.reason = reason;
  }

  /** Whether the tool may be shown. */
  public boolean isAvailable() {
    return available;
  }

  /** The stable code; empty when available. */
  public String code() {
    return code;
  }

  /** The sentence; empty when available. */
  public String reason() {
    return reason;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AvailabilityDecision && ((AvailabilityDecision) o).available == available
        && ((AvailabilityDecision) o).code.equals(code) && ((AvailabilityDecision) o).reason.equals(reason);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(available, code, reason);
  }

  @Override
  public String toString() {
    return available ? "available" : "hidden [" + code + "]: " + reason;
  }

  /** The tool may be shown. */
  public static AvailabilityDecision available() {
    return AVAILABLE;
  }

  /** The tool is hidden, with a stable code and a sentence. */
  public static AvailabilityDecision hidden(String code, String reason) {
    return new AvailabilityDecision(false, code, reason);
  }
}
