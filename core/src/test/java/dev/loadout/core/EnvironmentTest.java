package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one reading of RUN_ENV: development only when it names it; everything else fails safe to production. */
class EnvironmentTest {
  @Test
  void unsetBlankAndUnknownWordsAreProduction() {
    assertThat(Environment.fromVariables(Map.of())).isEqualTo(Environment.PRODUCTION);
    assertThat(Environment.fromVariables(Map.of("RUN_ENV", ""))).isEqualTo(Environment.PRODUCTION);
    assertThat(Environment.fromVariables(Map.of("RUN_ENV", "staging"))).isEqualTo(Environment.PRODUCTION);
    assertThat(Environment.fromVariables(Map.of("RUN_ENV", "production"))).isEqualTo(Environment.PRODUCTION);
  }

  @Test
  void theFourDevelopmentWordsAreDevelopmentInAnyCase() {
    for (String word : new String[] {"development", "dev", "local", "test", " DEV ", "Local"}) {
      assertThat(Environment.fromVariables(Map.of("RUN_ENV", word))).as(word).isEqualTo(Environment.DEVELOPMENT);
    }
    assertThat(Environment.DEVELOPMENT_WORDS).containsExactlyInAnyOrder("development", "dev", "local", "test");
  }

  @Test
  void theExplanationSaysWhy() {
    assertThat(Environment.explain(Map.of()))
        .isEqualTo("RUN_ENV is not set, and only development, dev, local or test select development");
    assertThat(Environment.explain(Map.of("RUN_ENV", "staging")))
        .isEqualTo("RUN_ENV is 'staging', and only development, dev, local or test select development");
    assertThat(Environment.explain(Map.of("RUN_ENV", " Dev"))).isEqualTo("RUN_ENV is 'dev'");
    assertThat(Environment.explain(Map.of("RUN_ENV", "x".repeat(100) + "\n"))).hasSizeLessThan(120).doesNotContain("\n");
  }

  @Test
  void nullVariablesAreRefused() {
    assertThatThrownBy(() -> Environment.fromVariables(null)).isInstanceOf(IllegalArgumentException.class);
  }
}
