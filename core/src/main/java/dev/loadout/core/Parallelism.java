package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * How a {@link ToolLoop} runs the calls of one model round: all at once ({@link #ALL}), one after another in the
 * model's order ({@link #SERIAL}), or all at once except for exclusive tools ({@link #exclusive(Set)}), each call to
 * which runs alone: the calls before it finish first, and the calls after it start once it has finished. Results go
 * back in the model's order whatever the policy.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Parallelism {
  /** Every call of a round at once. */
  public static final Parallelism ALL = new Parallelism("ALL", spec -> false, false);
  /** One call at a time, in the model's order. */
  public static final Parallelism SERIAL = new Parallelism("SERIAL", spec -> true, true);

  private final String name;
  private final Predicate<ToolSpec> exclusive;
  private final boolean serial;

  private Parallelism(String name, Predicate<ToolSpec> exclusive, boolean serial) {
    this.name = name;
    this.exclusive = exclusive;
    this.serial = serial;
  }

  /**
   * All at once, except for calls to these tools, each of which runs alone (a tool that changes what the others
   * read, or that cannot run twice at the same time).
   *
   * @param toolNames the exclusive tools' names; never null, no nulls
   */
  public static Parallelism exclusive(Set<String> toolNames) {
    if (!Checks.noNulls(toolNames)) {
      throw new IllegalArgumentException("toolNames must be a set without nulls, but was " + toolNames);
    }
    Set<String> names = Set.copyOf(toolNames);
    return new Parallelism("exclusive" + names, spec -> names.contains(spec.name()), false);
  }

  /**
   * All at once, except for calls to tools whose shown variant matches, each of which runs alone.
   *
   * @param exclusive decides from the variant the model was shown; must not throw
   */
  public static Parallelism exclusiveWhen(Predicate<ToolSpec> exclusive) {
    if (exclusive == null) {
      throw new IllegalArgumentException("exclusive must not be null");
    }
    return new Parallelism("exclusiveWhen", exclusive, false);
  }

  /** The calls grouped into batches run one after another; the calls of one batch run at once. */
  List<List<ToolCall>> batches(PreparedTurn turn, List<ToolCall> calls) {
    List<List<ToolCall>> out = new ArrayList<>();
    List<ToolCall> open = new ArrayList<>();
    for (ToolCall call : calls) {
      if (serial || turn.callableVariant(call).map(exclusive::test).orElse(false)) {
        if (!open.isEmpty()) {
          out.add(open);
          open = new ArrayList<>();
        }
        out.add(List.of(call));
      } else {
        open.add(call);
      }
    }
    if (!open.isEmpty()) {
      out.add(open);
    }
    return out;
  }

  @Override
  public String toString() {
    return "Parallelism{" + name + "}";
  }
}
