package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.net.NetworkPolicy;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Every duration setting has a range, checked when it is set, and the message names the setting. */
class DurationRangesTest {
  private static final Duration OVERFLOWING = Duration.ofMillis(Long.MAX_VALUE);

  private static void refused(Consumer<Duration> setter, Duration value, String setting) {
    assertThatThrownBy(() -> setter.accept(value)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(setting).hasMessageContaining("from 1 ms to 1 day").hasMessageContaining("but was");
  }

  @Test
  void aToolTimeoutIsFromOneMillisecondToOneDay() {
    ToolSpec.Builder b = ToolSpec.builder("slow", "{\"type\":\"object\"}");
    refused(b::timeout, OVERFLOWING, "timeout of tool 'slow'");
    refused(b::timeout, Duration.ofDays(1).plusMillis(1), "timeout of tool 'slow'");
    refused(b::timeout, Duration.ofNanos(999_999), "timeout of tool 'slow'");
    refused(b::timeout, null, "timeout of tool 'slow'");
    assertThat(b.timeout(Duration.ofDays(1)).build().timeout()).contains(Duration.ofDays(1));
    assertThat(b.timeout(Duration.ofMillis(1)).build().timeout()).contains(Duration.ofMillis(1));
  }

  @Test
  void theDefaultTimeoutHasTheSameRange() {
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().build());
    refused(b::defaultTimeout, OVERFLOWING, "defaultTimeout");
    refused(b::defaultTimeout, Duration.ZERO, "defaultTimeout");
    b.defaultTimeout(Duration.ofDays(1)).build().close();
  }

  @Test
  void aToolWithTheLongestDeadlineRunsWithoutOverflow() {
    ToolSpec longest = Tools.spec("longest").toBuilder().timeout(Duration.ofDays(1)).build();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.of(longest,
        (c, ctx) -> CompletableFuture.completedFuture(ToolResult.text("done")))).build()).build()) {
      ToolResult r = loadout.prepare(Tools.context().build()).execute(ToolCall.of("c1", "longest", "{}"))
          .toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
      assertThat(r.isSuccess()).isTrue();
    }
  }

  @Test
  void networkDeadlinesHaveTheSameRange() {
    NetworkPolicy.Builder b = NetworkPolicy.builder();
    refused(b::connectTimeout, OVERFLOWING, "connectTimeout");
    refused(b::readTimeout, Duration.ofDays(2), "readTimeout");
    refused(b::callTimeout, Duration.ofSeconds(-1), "callTimeout");
    assertThat(b.callTimeout(Duration.ofDays(1)).build().callTimeout()).isEqualTo(Duration.ofDays(1));
  }

  @Test
  void theMessageShowsTheValueInReadableUnits() {
    assertThatThrownBy(() -> ToolSpec.builder("t", "{}").timeout(Duration.ofDays(3)))
        .hasMessage("timeout of tool 't' must be from 1 ms to 1 day, but was 3 days");
    assertThatThrownBy(() -> ToolSpec.builder("t", "{}").timeout(OVERFLOWING))
        .hasMessageEndingWith("but was " + OVERFLOWING);
  }
}
