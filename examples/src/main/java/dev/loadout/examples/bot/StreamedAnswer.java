package dev.loadout.examples.bot;

import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * The console's writer for what arrives from other threads: the model's answer as it streams in (one
 * {@code bot: ...} line), the progress line of running tools, and whole lines (a tool starting, MCP progress). One lock
 * for all three, so nothing lands inside anything else: the progress line is never drawn inside an open answer line
 * (it waits until the line ends), and an answer piece or a whole line first takes the progress line off.
 *
 * <p>On a terminal ({@code inPlace}) the progress line is redrawn where it stands and erased when it goes; otherwise
 * (piped output, a transcript) each new progress text is a line of its own and nothing is erased.
 */
final class StreamedAnswer implements Consumer<String> {
  private final PrintStream out;
  private final boolean inPlace;
  private boolean open;
  /** The progress text, or null; drawn when no answer line is open. */
  private String status;
  /** How many characters of progress the terminal line shows now (in place only). */
  private int shown;
  /** Whether the progress text has had its line (piped output only). */
  private boolean printed;

  StreamedAnswer(PrintStream out, boolean inPlace) {
    this.out = out;
    this.inPlace = inPlace;
  }

  @Override
  public synchronized void accept(String piece) {
    erase();
    if (!open) {
      out.print("bot: ");
      open = true;
    }
    out.print(piece);
    out.flush();
  }

  /** Ends the open answer line, if any, and draws the progress line if there is one. */
  synchronized void endLine() {
    if (open) {
      out.println();
      open = false;
    }
    draw();
  }

  /** Prints a whole line, on a line of its own, then the progress line again if there is one. */
  synchronized void line(String text) {
    erase();
    if (open) {
      out.println();
      open = false;
    }
    out.println(text);
    draw();
  }

  /**
   * Sets the progress text, or takes it off for null. Redrawn at once unless an answer line is open, in which case it
   * shows when that line ends.
   */
  synchronized void status(String text) {
    if (text == null ? status == null : text.equals(status)) {
      return;
    }
    erase();
    status = text;
    printed = false;
    draw();
  }

  private void draw() {
    if (status == null || open || shown > 0 || printed) {
      return;
    }
    if (inPlace) {
      out.print("\r" + status);
      shown = status.length();
    } else {
      out.println(status);
      printed = true;
    }
    out.flush();
  }

  private void erase() {
    if (shown > 0) {
      out.print("\r" + " ".repeat(shown) + "\r");
      out.flush();
      shown = 0;
    }
  }
}
