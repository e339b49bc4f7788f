package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The settings of direct invocation and short tool answers, with the reference's defaults and ranges. Each
 * setter rejects a value out of range at once, naming the setting and the value.
 *
 * @param mode the trigger mode; default {@link TriggerMode#DEFERRED}
 * @param generation the config generation; the host raises it when it switches the mode, and tasks of an older
 *     generation never run; default 0
 * @param cooldown the direct-call cooldown per session, from a task's start, shared across tools; default 60 s,
 *     1–600 s
 * @param eventDeadline the whole budget of one message event; default 25 s
 * @param toolBudget the tool's share of it, connection set-up included; default 8 s, 1–12 s
 * @param answerChars the tool answer's character cap in code points; default 120, 40–240
 * @param answerTokens the tool answer's token cap, for the host's model call; default 256, 64–512
 * @param negationWords messages starting with one of these are never matched by keyword rules
 * @param markerTemplate the tool status marker, with {@code {server}} and {@code {tool}}
 * @param showMarker whether the marker is appended when a tool was chosen; default on
 * @param ignoreToolAnswers whether tool answers are dropped from later context; default on
 * @param pendingMaxAge how long a deferred booking waits for a message to claim it before it is dropped, never
 *     run; default 5 minutes, 10 s–1 h
 * @param cancelCommands the clear and cancel commands the router itself recognises, without the slash and in
 *     lower case (matched like tool commands: a leading {@code /}, case ignored, the rest of the message free);
 *     default {@code clear} and {@code mcp-cancel}; may be empty
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DirectSettings(TriggerMode mode, long generation, Duration cooldown, Duration eventDeadline,
    Duration toolBudget, int answerChars, int answerTokens, List<String> negationWords, String markerTemplate,
    boolean showMarker, boolean ignoreToolAnswers, Duration pendingMaxAge, List<String> cancelCommands) {

  /** The default negation words, English and Chinese; matched at the start of a message, case ignored. */
  public static final List<String> DEFAULT_NEGATION_WORDS = List.of("don't", "dont", "do not", "never", "no", "not",
      "stop", "without", "不要", "不用", "别", "不是", "没有", "不", "没", "勿", "甭", "莫");
  /** The seed's marker: "used tool – service / tool". */
  public static final String DEFAULT_MARKER = "【使用了工具 - {server}/{tool}】";
  /** How long a booking waits for its claim unless set: 5 minutes. */
  public static final Duration DEFAULT_PENDING_MAX_AGE = Duration.ofMinutes(5);
  /** The reference's clear and cancel commands. */
  public static final List<String> DEFAULT_CANCEL_COMMANDS = List.of("clear", "mcp-cancel");

  private static final java.util.regex.Pattern COMMAND = java.util.regex.Pattern.compile("[\\p{L}\\p{N}_-]{1,32}");

  /** Checks the ranges. */
  public DirectSettings {
    if (mode == null) {
      throw new IllegalArgumentException("mode must not be null");
    }
    if (generation < 0) {
      throw new IllegalArgumentException("generation must be at least 0, but was " + generation);
    }
    range("cooldown", cooldown, Duration.ofSeconds(1), Duration.ofSeconds(600));
    range("toolBudget", toolBudget, Duration.ofSeconds(1), Duration.ofSeconds(12));
    range("eventDeadline", eventDeadline, toolBudget.plusSeconds(1), Duration.ofMinutes(15));
    if (answerChars < 40 || answerChars > 240) {
      throw new IllegalArgumentException("answerChars must be between 40 and 240, but was " + answerChars);
    }
    if (answerTokens < 64 || answerTokens > 512) {
      throw new IllegalArgumentException("answerTokens must be between 64 and 512, but was " + answerTokens);
    }
    if (negationWords == null || negationWords.stream().anyMatch(w -> w == null || w.isBlank())) {
      throw new IllegalArgumentException("negationWords must be a list of non-blank words, but was " + negationWords);
    }
    negationWords = List.copyOf(negationWords);
    if (markerTemplate == null || !markerTemplate.contains("{tool}")) {
      throw new IllegalArgumentException("markerTemplate must contain {tool}, but was " + markerTemplate);
    }
    range("pendingMaxAge", pendingMaxAge, Duration.ofSeconds(10), Duration.ofHours(1));
    cancelCommands = cancelCommands(cancelCommands);
  }

  /** The settings as they were before deferred bookings expired: {@link #DEFAULT_PENDING_MAX_AGE}, default commands. */
  public DirectSettings(TriggerMode mode, long generation, Duration cooldown, Duration eventDeadline,
      Duration toolBudget, int answerChars, int answerTokens, List<String> negationWords, String markerTemplate,
      boolean showMarker, boolean ignoreToolAnswers) {
    this(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens, negationWords,
        markerTemplate, showMarker, ignoreToolAnswers, DEFAULT_PENDING_MAX_AGE, DEFAULT_CANCEL_COMMANDS);
  }

  private static List<String> cancelCommands(List<String> commands) {
    if (commands == null) {
      throw new IllegalArgumentException("cancelCommands must be a list of command names, but was null");
    }
    List<String> out = new java.util.ArrayList<>();
    for (String c : commands) {
      String n = c == null ? "" : c.strip();
      n = (n.startsWith("/") ? n.substring(1) : n).toLowerCase(java.util.Locale.ROOT);
      if (!COMMAND.matcher(n).matches()) {
        throw new IllegalArgumentException("cancelCommands must be 1-32 letters, digits, _ or -, but had " + c);
      }
      if (!out.contains(n)) {
        out.add(n);
      }
    }
    return List.copyOf(out);
  }

  /** Whether a command name (without the slash) is one of the {@link #cancelCommands()}, case ignored. */
  public boolean isCancelCommand(String name) {
    return name != null && cancelCommands.contains(name.toLowerCase(java.util.Locale.ROOT));
  }

  private static void range(String name, Duration value, Duration min, Duration max) {
    if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw new IllegalArgumentException(name + " must be between " + min.toMillis() + " ms and " + max.toMillis()
          + " ms, but was " + (value == null ? null : value.toMillis() + " ms"));
    }
  }

  /** The defaults of the reference. */
  public static DirectSettings defaults() {
    return new DirectSettings(TriggerMode.DEFERRED, 0, Duration.ofSeconds(60), Duration.ofSeconds(25),
        Duration.ofSeconds(8), 120, 256, DEFAULT_NEGATION_WORDS, DEFAULT_MARKER, true, true, DEFAULT_PENDING_MAX_AGE,
        DEFAULT_CANCEL_COMMANDS);
  }

  /** These settings in another mode, under the next generation: tasks booked before never run. */
  public DirectSettings withMode(TriggerMode mode) {
    return new DirectSettings(mode, mode == this.mode ? generation : generation + 1, cooldown, eventDeadline,
        toolBudget, answerChars, answerTokens, negationWords, markerTemplate, showMarker, ignoreToolAnswers,
        pendingMaxAge, cancelCommands);
  }

  /**
   * These settings under another generation, such as a {@link SavedDirectConfigs#version() stored config
   * version}: tasks claimed or booked under any other generation never run.
   *
   * @throws IllegalArgumentException if {@code generation} is negative
   */
  public DirectSettings withGeneration(long generation) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /** These settings with another cooldown (1–600 s). */
  public DirectSettings withCooldown(Duration cooldown) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /** These settings with another tool budget (1–12 s). */
  public DirectSettings withToolBudget(Duration toolBudget) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /** These settings with other answer caps (40–240 code points, 64–512 tokens). */
  public DirectSettings withAnswerCaps(int answerChars, int answerTokens) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /** These settings with other negation words. */
  public DirectSettings withNegationWords(List<String> negationWords) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /** These settings with a localised marker template ({@code {server}}, {@code {tool}}) and switch. */
  public DirectSettings withMarker(String markerTemplate, boolean showMarker) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /** These settings with tool answers kept in or dropped from later context. */
  public DirectSettings withIgnoreToolAnswers(boolean ignoreToolAnswers) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /** These settings with another pending age (10 s–1 h): bookings older than it are dropped, never run. */
  public DirectSettings withPendingMaxAge(Duration pendingMaxAge) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /**
   * These settings with other clear and cancel commands (localised names, say); with or without the slash, case
   * ignored. An empty list leaves cancelling to the host ({@link IncomingMessage#asCancel()}).
   */
  public DirectSettings withCancelCommands(List<String> cancelCommands) {
    return new DirectSettings(mode, generation, cooldown, eventDeadline, toolBudget, answerChars, answerTokens,
        negationWords, markerTemplate, showMarker, ignoreToolAnswers, pendingMaxAge, cancelCommands);
  }

  /**
   * What is left of the event for the one model call and the send, after the tool took {@code toolElapsed}
   * (never more than the tool budget, however long the tool ran); never negative.
   */
  public Duration modelBudget(Duration toolElapsed) {
    Duration used = toolElapsed.compareTo(toolBudget) > 0 ? toolBudget : toolElapsed;
    Duration left = eventDeadline.minus(used);
    return left.isNegative() ? Duration.ZERO : left;
  }
}
