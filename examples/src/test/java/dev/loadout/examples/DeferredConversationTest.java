package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Runs the deferred-mode example and checks what the bot posted, scene by scene. */
class DeferredConversationTest {
  static final String MARKER = "【使用了工具 - web_search】";

  private static String transcript() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DeferredConversation.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static String scene(String transcript, int index) {
    return transcript.split("\n== ")[index];
  }

  @Test
  void theBookingPostsTheWaitingTextWithTheMarkerAndTheNextMessageGetsTheShortAnswerRunAsTheBookingUser() {
    String booking = scene(transcript(), 0);

    assertThat(booking).contains("alice: When does Frozen 3 come out?\n"
            + "bot: Let me look that up for you.\n"
            + "     " + MARKER + "\n"
            + "bob: lol nice\n"
            + "   (web_search \"Frozen 3 release date\" runs as alice)\n"
            + "bot: Frozen 3 opens in cinemas on 24 November 2027.\n"
            + "     " + MARKER + "\n"
            + "alice: thanks!\n"
            + "bot: You're welcome!\n");
  }

  @Test
  void aCancelCommandCancelsTheBookingAndNothingRuns() {
    String cancel = scene(transcript(), 1);

    assertThat(cancel).startsWith("A booking cancelled before it runs\n")
        .contains("bot: Looking it up…\n     " + MARKER + "\n")
        .contains("alice: /mcp-cancel\nbot: Cancelled the pending web_search call.\n")
        .contains("alice: never mind\nbot: No problem, ask me anytime.\n")
        .contains("(the booked task is cancelled)")
        .doesNotContain("runs as");
  }

  @Test
  void anUnclaimedBookingExpiresAndNeverRuns() {
    String expiry = scene(transcript(), 2);

    assertThat(expiry).contains("bot: Checking.\n     " + MARKER + "\n")
        .contains("bob: hi\nbot: Hi Bob, what's up?\n")
        .contains("(the booked task is expired)")
        .doesNotContain("runs as");
  }

  @Test
  void withAutoContinueTheBookingIsAnsweredWithoutAnotherMessage() {
    String auto = scene(transcript(), 3);

    assertThat(auto).endsWith("alice: And Lisbon's population?\n"
        + "bot: One moment.\n"
        + "     " + MARKER + "\n"
        + "   (web_search \"Lisbon population\" runs as alice)\n"
        + "bot: Lisbon has about 545,000 inhabitants.\n"
        + "     " + MARKER + "\n");
  }
}
