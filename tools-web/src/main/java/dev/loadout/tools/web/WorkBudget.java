package dev.loadout.tools.web;

/**
 * How much work one conversion may do, and until when.
 *
 * <p>Every walk over the page spends units here: one per node visited, and one per {@value #CHARS_PER_UNIT}
 * characters of text written or scanned. Each stage is linear in the page, so a page spends a fraction of its
 * length: the 1,030 pages of the two corpora spend 0.13 units a character on average and 0.4 at most, the
 * generated hostile shapes of {@code HtmlToMarkdownWorkTest} up to 3 (a million tiny elements). The limit is
 * {@value #UNITS_PER_CHAR} units a character, so only a rule that went quadratic on some page can reach it, and
 * the conversion then falls back to the page's plain text, which is one more linear walk.
 *
 * <p>The clock and the thread's interrupt flag are read every {@value #CHECK_EVERY} units, not on every spend:
 * a deadline is honoured within a few microseconds of work, at the price of one comparison per spend. The
 * deadline is {@link System#nanoTime()}-based, since only elapsed time matters. Not thread-safe: one budget
 * belongs to one conversion on one thread.
 */
final class WorkBudget {
  static final int CHARS_PER_UNIT = 16;
  static final int UNITS_PER_CHAR = 16;
  /** A floor for tiny pages, whose fixed costs (title lookup, a few selectors) dominate their length. */
  private static final long MIN_UNITS = 1 << 20;
  private static final int CHECK_EVERY = 4096;

  /** Why a conversion stopped early. */
  enum Reason {
    /** The work limit was reached: some stage was not linear on this page. */
    WORK,
    /** The time limit passed or the thread was interrupted: nobody waits for the result any more. */
    TIME
  }

  /**
   * Thrown by {@link #spend} to unwind the conversion; never escapes {@link HtmlToMarkdown}. Without a stack
   * trace, since it is control flow.
   */
  static final class Exhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Reason reason;

    Exhausted(Reason reason) {
      super(reason.name(), null, false, false);
      this.reason = reason;
    }
  }

  private final long limit;
  private final long deadline;
  private final boolean timed;
  private long used;
  private long nextCheck;

  private WorkBudget(long limit, long deadlineNanos, boolean timed) {
    this.limit = limit;
    this.deadline = deadlineNanos;
    this.timed = timed;
    this.nextCheck = Math.min(CHECK_EVERY, limit);
  }

  /** The budget for a page of {@code chars} characters, without a time limit (the interrupt flag still counts). */
  static WorkBudget forPage(int chars) {
    return new WorkBudget(limitFor(chars), 0, false);
  }

  /** The budget for a page of {@code chars} characters that must be done within {@code nanos} from now. */
  static WorkBudget forPage(int chars, long nanos) {
    return new WorkBudget(limitFor(chars), System.nanoTime() + Math.max(0, nanos), true);
  }

  /** A budget with an explicit limit, for tests that count work. */
  static WorkBudget ofUnits(long limit) {
    return new WorkBudget(limit, 0, false);
  }

  private static long limitFor(int chars) {
    return Math.max(MIN_UNITS, (long) chars * UNITS_PER_CHAR);
  }

  /**
   * A budget with the same deadline and no work limit: for the plain-text fallback after the work limit was
   * reached, which is one linear walk and must still stop when the time is up.
   */
  WorkBudget withoutLimit() {
    return new WorkBudget(Long.MAX_VALUE, deadline, timed);
  }

  /** Spends {@code units}; throws {@link Exhausted} when the limit, the deadline or an interrupt says stop. */
  void spend(long units) {
    used += units;
    if (used >= nextCheck) {
      check();
    }
  }

  /** Spends for a run of {@code chars} characters of text. */
  void spendChars(int chars) {
    spend(1 + chars / CHARS_PER_UNIT);
  }

  /** Checks the limit, the clock and the interrupt flag now, whatever was spent. */
  void check() {
    nextCheck = used + Math.min(CHECK_EVERY, Math.max(1, limit - used));
    if (used > limit) {
      throw new Exhausted(Reason.WORK);
    }
    if (timed && System.nanoTime() - deadline >= 0 || Thread.currentThread().isInterrupted()) {
      throw new Exhausted(Reason.TIME);
    }
  }

  /** Whether the time is up: for the fallback, which must not start once nobody waits. */
  boolean timeUp() {
    return timed && System.nanoTime() - deadline >= 0 || Thread.currentThread().isInterrupted();
  }

  /** Units spent so far. */
  long used() {
    return used;
  }

  /** Units this budget allows. */
  long limit() {
    return limit;
  }
}
