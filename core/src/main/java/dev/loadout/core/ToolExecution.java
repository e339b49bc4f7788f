package dev.loadout.core;

import dev.loadout.core.internal.text.Texts;
import java.util.List;

/**
 * What Loadout's execution steps ({@link ResolveStep}, {@link ParseStep}, {@link ValidateStep}, {@link DeadlineStep},
 * {@link InvokeStep}) say when a call goes wrong, and the one rule for errors no step may hide. Every failure is a
 * value.
 */
final class ToolExecution {
  /** Longest violation list shown to the model; the rest are counted. */
  static final int MAX_VIOLATIONS_SHOWN = 20;
  /**
   * Longest violation line shown to the model: a line quotes what the model sent (a property name, a value),
   * and twenty of them must fit under the failure message cap with room for the count.
   */
  static final int MAX_VIOLATION_CHARS = 85;

  private ToolExecution() {}

  /**
   * Whether an error leaves the JVM in doubt: a {@link VirtualMachineError} other than a stack overflow, which
   * unwinds cleanly. Such a call is still answered ({@code tool_error}, at once), since a library cannot know
   * whether the host wants to carry on; the error then reaches the thread that ran the tool.
   */
  static boolean isFatal(Throwable error) {
    return error instanceof VirtualMachineError && !(error instanceof StackOverflowError);
  }

  static ToolResult toolError(ToolSpec variant, ToolCall call, Throwable error) {
    logToolFailure(variant, call, error);
    return ToolResult.failure(ToolResult.TOOL_ERROR, "Tool '" + variant.name() + "' failed unexpectedly.", false);
  }

  /** A call the scheduler or the executor refused to take: the Loadout is closed or its pool full. */
  static ToolResult notStarted(ToolSpec variant, String refusedBy) {
    Loadout.LOG.warn("The {} rejected tool '{}'; is the Loadout closed or the pool full?", refusedBy, variant.name());
    return ToolResult.failure(ToolResult.TOOL_ERROR,
        "Tool '" + variant.name() + "' could not be started; try again shortly.", true);
  }

  /** ERROR for a virtual machine error, WARN for anything else; what the model gets is the same. */
  private static void logToolFailure(ToolSpec variant, ToolCall call, Throwable error) {
    if (isFatal(error)) {
      Loadout.LOG.error("Tool '{}' failed on call {} with a virtual machine error", variant.name(), call.id(), error);
    } else {
      Loadout.LOG.warn("Tool '{}' failed on call {}", variant.name(), call.id(), error);
    }
  }

  static String describe(String tool, List<String> violations) {
    StringBuilder b = new StringBuilder("Arguments for '").append(tool).append("' do not match its schema:");
    int shown = Math.min(violations.size(), MAX_VIOLATIONS_SHOWN);
    for (int i = 0; i < shown; i++) {
      b.append("\n- ").append(shortLine(violations.get(i)));
    }
    if (violations.size() > shown) {
      b.append("\n- and ").append(violations.size() - shown).append(" more");
    }
    return b.toString();
  }

  /** A violation line, cut to {@link #MAX_VIOLATION_CHARS} without splitting a surrogate pair; printable. */
  private static String shortLine(String line) {
    String s = line;
    if (s.length() > MAX_VIOLATION_CHARS) {
      s = Texts.cut(s, MAX_VIOLATION_CHARS, "…");
    }
    return s.replaceAll("\\p{Cntrl}", "?");
  }

  /** A model-sent name, made safe to echo: short, printable. */
  static String printable(String name) {
    String s = name.length() > 64 ? name.substring(0, 64) + "…" : name;
    return s.replaceAll("\\p{Cntrl}", "?");
  }
}
