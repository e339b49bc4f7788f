package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.MutableClock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PerServerTest {
  final MutableClock clock = MutableClock.at("2026-03-01T12:00:00Z");
  final Map<String, String> configured = new ConcurrentHashMap<>(Map.of("cafe", "pastel", "studio", "ink"));
  final AtomicInteger asked = new AtomicInteger();
  final PerServer<String> tags = PerServer.<String>resolving(ctx -> {
    asked.incrementAndGet();
    return ctx.guildId().map(configured::get).orElse(null);
  }).clock(clock).timeToLive(Duration.ofMinutes(1)).build();

  static TurnContext in(String guild) {
    TurnContext.Builder b = TurnContext.builder("openai", "gpt-4o").userId("u1");
    return guild == null ? b.build() : b.guildId(guild).build();
  }

  @Test
  void eachServerIsAskedOnceUntilItsAnswerExpires() {
    assertThat(tags.get(in("cafe"))).contains("pastel");
    assertThat(tags.get(in("studio"))).contains("ink");
    assertThat(tags.get(in("cafe"))).contains("pastel");
    assertThat(asked).hasValue(2);

    configured.put("cafe", "watercolour");
    clock.advance(Duration.ofSeconds(59));
    assertThat(tags.get(in("cafe"))).as("still within the time-to-live").contains("pastel");
    clock.advance(Duration.ofSeconds(1));
    assertThat(tags.get(in("cafe"))).contains("watercolour");
    assertThat(asked).hasValue(3);
  }

  @Test
  void invalidateMakesTheNextTurnAskAgainForThatServerOnly() {
    tags.get(in("cafe"));
    tags.get(in("studio"));
    configured.put("cafe", "watercolour");
    configured.put("studio", "charcoal");

    tags.invalidate("cafe");

    assertThat(tags.get(in("cafe"))).contains("watercolour");
    assertThat(tags.get(in("studio"))).contains("ink");
    tags.invalidateAll();
    assertThat(tags.get(in("studio"))).contains("charcoal");
  }

  @Test
  void nothingConfiguredIsKeptLikeAnAnswerAndDirectMessagesShareOneKey() {
    assertThat(tags.get(in("elsewhere"))).isEmpty();
    assertThat(tags.get(in("elsewhere"))).isEmpty();
    assertThat(tags.get(in(null))).isEmpty();
    assertThat(tags.get(in(null))).isEmpty();
    assertThat(asked).hasValue(2);
  }

  @Test
  void aFailingResolverCountsAsNothingConfiguredIsWarnedOnceAndIsAskedAgain() {
    AtomicInteger calls = new AtomicInteger();
    PerServer<String> failing = PerServer.<String>resolving(ctx -> {
      if (calls.incrementAndGet() < 3) {
        throw new IllegalStateException("database down");
      }
      return "pastel";
    }).build();

    assertThat(failing.get(in("cafe"))).isEmpty();
    assertThat(failing.get(in("cafe"))).isEmpty();
    assertThat(failing.get(in("cafe"))).contains("pastel");
    assertThat(failing.warnings.logged()).isEqualTo(1);
  }

  @Test
  void aKeyOfTheHostsChoiceSeparatesWhatTheGuildAloneWouldNot() {
    PerServer<String> voices = PerServer.<String>resolving(ctx -> ctx.guildId().orElse("") + "/"
            + ctx.personaId().orElse(""))
        .key(ctx -> ctx.guildId().orElse("") + "/" + ctx.personaId().orElse("")).build();

    assertThat(voices.get(TurnContext.builder("openai", "m").guildId("g1").personaId("tomori").build()))
        .contains("g1/tomori");
    assertThat(voices.get(TurnContext.builder("openai", "m").guildId("g1").personaId("anon").build()))
        .contains("g1/anon");
  }

  @Test
  void fixedSettingsAreTheSameOnEveryTurn() {
    PerServer<String> fixed = PerServer.fixed("pastel");
    assertThat(fixed.get(in("cafe"))).contains("pastel");
    assertThat(fixed.get(in(null))).contains("pastel");
    assertThatThrownBy(() -> PerServer.fixed(null)).hasMessage("fixed settings must not be null");
  }

  @Test
  void settersRefuseABadValueNamingTheSetting() {
    PerServer.Builder<String> b = PerServer.resolving(ctx -> "x");
    assertThatThrownBy(() -> b.timeToLive(Duration.ofMillis(10)))
        .hasMessage("timeToLive must be between 1 s and 1 day, but was PT0.01S");
    assertThatThrownBy(() -> b.maximumSize(0)).hasMessage("maximumSize must be positive, but was 0");
    assertThatThrownBy(() -> b.clock(null)).hasMessage("clock must not be null");
    assertThatThrownBy(() -> b.key(null)).hasMessage("key must not be null");
    assertThatThrownBy(() -> PerServer.resolving(null)).hasMessage("resolver must not be null");
  }
}
