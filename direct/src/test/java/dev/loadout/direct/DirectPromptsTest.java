package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DirectPromptsTest {
  @Test
  void theAnswerInstructionCarriesTheCharacterCapAndTheJsonShapeTheShaperReads() {
    assertThat(DirectPrompts.answerInstruction(DirectSettings.defaults().withAnswerCaps(80, 128)))
        .contains("ONE sentence of at most 80 characters").endsWith("{\"answer\": \"...\"}");
  }

  @Test
  void theBookingInstructionMarksTheCurrentMessage() {
    assertThat(DirectPrompts.bookingInstruction("m42")).contains("only for the current message [m42]")
        .contains("never repeat a search");
    assertThatThrownBy(() -> DirectPrompts.bookingInstruction(" ")).hasMessage("messageId must not be blank, but was  ");
  }
}
