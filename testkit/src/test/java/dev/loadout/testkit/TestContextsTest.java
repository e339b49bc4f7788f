package dev.loadout.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.TurnContext;
import java.time.Instant;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestContextsTest {

  @Test
  void turnIsAMemberWithoutPermissionsInAGuildChannel() {
    TurnContext context = TestContexts.turn().build();

    assertThat(context.provider()).isEqualTo("openai");
    assertThat(context.model()).isEqualTo("test-model");
    assertThat(context.capabilities()).isEqualTo(Map.of("function_calling", true));
    assertThat(context.guildId()).contains("guild-1");
    assertThat(context.channelId()).contains("channel-1");
    assertThat(context.userId()).contains("user-1");
    assertThat(context.threadId()).isEmpty();
    assertThat(context.personaId()).isEmpty();
    assertThat(context.permissions()).contains(Set.of());
    assertThat(context.featureFlags()).isEmpty();
    assertThat(context.locale()).isEqualTo(Locale.ROOT);
  }

  @Test
  void turnClockIsFixedAtTheStartOf2026InUtc() {
    TurnContext context = TestContexts.turn().build();

    assertThat(context.clock().instant()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(context.clock().instant()).isEqualTo(context.clock().instant());
    assertThat(context.clock().getZone().getId()).isEqualTo("Z");
  }

  @Test
  void eachCallReturnsAFreshBuilder() {
    TurnContext.Builder first = TestContexts.turn();
    first.permissions(Collections.singleton("BAN_MEMBERS")).flag("nsfw", true);

    TurnContext second = TestContexts.turn().build();

    assertThat(first).isNotSameAs(TestContexts.turn());
    assertThat(second.permissions()).contains(Set.of());
    assertThat(second.flag("nsfw")).isFalse();
  }

  @Test
  void directMessageHasNoGuildButKeepsTheOtherDefaults() {
    TurnContext context = TestContexts.directMessage().build();

    assertThat(context.guildId()).isEmpty();
    assertThat(context.channelId()).contains(TestContexts.CHANNEL_ID);
    assertThat(context.userId()).contains(TestContexts.USER_ID);
    assertThat(context.permissions()).contains(Set.of());
    assertThat(context.clock()).isEqualTo(TestContexts.CLOCK);
  }

  @Test
  void presetsCanBeOverriddenLikeAnyBuilder() {
    TurnContext context = TestContexts.turn()
        .locale(Locale.GERMAN)
        .permissions(null)
        .build();

    assertThat(context.locale()).isEqualTo(Locale.GERMAN);
    assertThat(context.permissions()).isEmpty();
    assertThat(context.hasPermission("BAN_MEMBERS")).isFalse();
  }
}
