package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A filter's decision as hosts compare and log it: equal exactly when availability, code and reason are. */
class AvailabilityDecisionTest {

  @Test
  void decisionsAreEqualExactlyWhenAvailabilityCodeAndReasonAre() {
    AvailabilityDecision hidden = AvailabilityDecision.hidden("muted", "the channel is muted");

    assertThat(hidden).isEqualTo(AvailabilityDecision.hidden("muted", "the channel is muted"))
        .hasSameHashCodeAs(AvailabilityDecision.hidden("muted", "the channel is muted"));
    assertThat(hidden).isNotEqualTo(AvailabilityDecision.hidden("muted", "another reason"));
    assertThat(hidden).isNotEqualTo(AvailabilityDecision.hidden("other", "the channel is muted"));
    assertThat(hidden).isNotEqualTo(AvailabilityDecision.available());
    assertThat(hidden).isNotEqualTo("muted");
    assertThat(AvailabilityDecision.available()).isEqualTo(AvailabilityDecision.available());
    assertThat(hidden.hashCode()).isNotEqualTo(AvailabilityDecision.available().hashCode());
  }

  @Test
  void aDecisionDescribesItselfByCodeAndReason() {
    assertThat(AvailabilityDecision.available()).hasToString("available");
    assertThat(AvailabilityDecision.hidden("muted", "the channel is muted")).hasToString("hidden [muted]: the channel is muted");
  }

  @Test
  void aLoadoutDescribesHowManyToolsFiltersAndInterceptorsItHas() {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("a"))).build())
        .addFilter((spec, context) -> AvailabilityDecision.available())
        .addInterceptor(chain -> chain.proceed(chain.call())).addToolInterceptor(chain -> chain.proceed(chain.call()))
        .addToolInterceptor(chain -> chain.proceed(chain.call())).build()) {
      assertThat(loadout.toString()).startsWith("Loadout{tools=1, filters=")
          .endsWith(", interceptors=1, toolInterceptors=2}").doesNotContain("filters=0");
    }
  }
}
