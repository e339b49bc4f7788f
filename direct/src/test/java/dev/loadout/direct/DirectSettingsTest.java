package dev.loadout.direct;

import dev.loadout.core.store.MutableClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class DirectSettingsTest {
  final DirectSettings d = DirectSettings.defaults();

  @Test
  void theDefaultsAreTheReferences() {
    assertThat(d.mode()).isEqualTo(TriggerMode.DEFERRED);
    assertThat(d.cooldown()).isEqualTo(Duration.ofSeconds(60));
    assertThat(d.eventDeadline()).isEqualTo(Duration.ofSeconds(25));
    assertThat(d.toolBudget()).isEqualTo(Duration.ofSeconds(8));
    assertThat(d.answerChars()).isEqualTo(120);
    assertThat(d.answerTokens()).isEqualTo(256);
    assertThat(d.showMarker()).isTrue();
    assertThat(d.ignoreToolAnswers()).isTrue();
    assertThat(d.markerTemplate()).isEqualTo("【使用了工具 - {server}/{tool}】");
  }

  @Test
  void valuesOutOfRangeAreRefusedNamingSettingAndValue() {
    assertThatThrownBy(() -> d.withCooldown(Duration.ofSeconds(601)))
        .hasMessage("cooldown must be between 1000 ms and 600000 ms, but was 601000 ms");
    assertThatThrownBy(() -> d.withCooldown(Duration.ZERO))
        .hasMessage("cooldown must be between 1000 ms and 600000 ms, but was 0 ms");
    assertThatThrownBy(() -> d.withToolBudget(Duration.ofSeconds(13)))
        .hasMessage("toolBudget must be between 1000 ms and 12000 ms, but was 13000 ms");
    assertThatThrownBy(() -> d.withAnswerCaps(39, 256)).hasMessage("answerChars must be between 40 and 240, but was 39");
    assertThatThrownBy(() -> d.withAnswerCaps(120, 513)).hasMessage("answerTokens must be between 64 and 512, but was 513");
    assertThatThrownBy(() -> d.withNegationWords(List.of(" "))).hasMessage("negationWords must be a list of non-blank words, but was [ ]");
    assertThatThrownBy(() -> d.withMarker("【工具】", true)).hasMessage("markerTemplate must contain {tool}, but was 【工具】");
  }

  @Test
  void switchingTheModeStartsANewGeneration() {
    assertThat(d.withMode(TriggerMode.DEFERRED).generation()).isZero();
    assertThat(d.withMode(TriggerMode.KEYWORD).generation()).isEqualTo(1);
  }

  @Test
  void theGenerationCanBeSetFromAStoredConfigVersionAndNeverNegative() {
    assertThat(d.withGeneration(7).generation()).isEqualTo(7);
    assertThat(d.withGeneration(7).mode()).isEqualTo(d.mode());
    assertThatThrownBy(() -> d.withGeneration(-1)).hasMessage("generation must be at least 0, but was -1");
  }

  @Test
  void theNegationListIsConfigurable() {
    DirectSettings s = d.withNegationWords(List.of("nicht")).withMode(TriggerMode.KEYWORD);
    DirectCatalog c = DirectFixtures.catalog().save(DirectFixtures.LOOKUP,
        DirectConfig.builder("lookup").rule(KeywordRule.regex("^.*?suche\\s+(.+)$")).build());
    DirectRouter r = DirectRouter.of(c, new InMemoryToolTaskStore(), s, new MutableClock(DirectFixtures.T0));
    assertThat(r.route(IncomingMessage.of("s", "1", "nicht suche Katzen"))).isEqualTo(new DirectDecision.NotMatched());
    assertThat(r.route(IncomingMessage.of("s", "2", "bitte suche Katzen"))).isInstanceOf(DirectDecision.Invoke.class);
  }
}
