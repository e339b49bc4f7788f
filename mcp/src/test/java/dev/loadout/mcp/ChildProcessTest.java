package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How a stdio server's words reach a log or a failure message ({@link ChildProcess#printable}): a server's stderr
 * line, a skipped stdout line, the JDK's reason a program did not start.
 */
class ChildProcessTest {
  @Test
  void aLineOfExactlyTheLimitIsKeptWholeAndOneCharacterMoreIsCutAndMarked() {
    String limit = "a".repeat(199) + "z";

    assertThat(ChildProcess.printable(limit, 200)).isEqualTo(limit);
    assertThat(ChildProcess.printable(limit + "!", 200)).isEqualTo(limit + "…");
    assertThat(ChildProcess.printable("", 200)).isEmpty();
  }

  @Test
  void controlCharactersAreReplacedSoAServerCannotForgeLogLinesButTabsStay() {
    assertThat(ChildProcess.printable("one\r\nfake log line\u001b[31m red\tcol", 200))
        .isEqualTo("one??fake log line?[31m red\tcol");
  }
}
