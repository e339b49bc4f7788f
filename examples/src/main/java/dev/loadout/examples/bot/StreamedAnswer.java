package dev.loadout.examples.bot;

import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * Prints a streamed answer as it arrives, as one {@code bot: ...} line, and tells the session whether a line is
 * still open, so a tool round or the end of the answer starts on a line of its own.
 */
final class StreamedAnswer implements Consumer<String> {
  private final PrintStream out;
  private boolean open;

  StreamedAnswer(PrintStream out) {
    this.out = out;
  }

  @Override
  public synchronized void accept(String piece) {
    if (!open) {
      out.print("bot: ");
      open = true;
    }
    out.print(piece);
    out.flush();
  }

  /** Ends the open line, if any. */
  synchronized void endLine() {
    if (open) {
      out.println();
      open = false;
    }
  }
}
