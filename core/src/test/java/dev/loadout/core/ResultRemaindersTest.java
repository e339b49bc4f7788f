package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The remainder store's configuration and its session rule; the conversations are in the test kit. */
class ResultRemaindersTest {
  @Test
  void aLoadoutWithRemaindersButWithoutTheirReadToolIsRefused() {
    ResultRemainders r = ResultRemainders.builder().build();
    assertThatThrownBy(() -> Loadout.builder(ToolRegistry.builder().build()).resultRemainders(r).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resultRemainders is set but the registry does not hold its read tool; register "
            + "remainders.readTool() so the model can read on");
  }

  @Test
  void settingsOutOfRangeNameTheSettingAndTheValue() {
    assertThatThrownBy(() -> ResultRemainders.builder().timeToLive(Duration.ZERO))
        .hasMessage("timeToLive must be between 1 s and 1 day, but was PT0S");
    assertThatThrownBy(() -> ResultRemainders.builder().windowChars(10))
        .hasMessage("windowChars must be between 256 and 100000, but was 10");
  }

  @Test
  void aTurnWithoutAPlaceOrAUserHasNoSessionSoItsResultsAreOnlyCut() {
    ResultRemainders r = ResultRemainders.builder().build();
    TurnContext nowhere = TurnContext.builder("openai", "m").build();
    assertThat(r.session(nowhere)).isNull();
    assertThat(r.session(Tools.context().guildId("g").channelId("c").build())).isEqualTo("guild:g/channel:c");
    assertThat(r.session(TurnContext.builder("openai", "m").userId("u").build())).isEqualTo("user:u");
    assertThat(r.session(Tools.context().threadId("t").build())).isEqualTo("guild:g1/thread:t");
    ResultRemainders throwing = ResultRemainders.builder().sessionKey(c -> {
      throw new IllegalStateException("boom");
    }).build();
    assertThat(throwing.session(Tools.context().build())).isNull();
    assertThat(r.holdsRemainder(nowhere)).isFalse();
  }
}
