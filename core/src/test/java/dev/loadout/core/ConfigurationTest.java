package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConfigurationTest {
  private static final ToolRegistry REGISTRY = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("ping"))).build();

  @Test
  void loadoutSettersNameTheSettingAndTheValue() {
    Loadout.Builder b = Loadout.builder(REGISTRY);
    assertThatThrownBy(() -> b.defaultTimeout(Duration.ofSeconds(-1))).hasMessage("defaultTimeout must be from 1 ms to 1 day, but was PT-1S");
    assertThatThrownBy(() -> b.maxResultChars(10)).hasMessage("maxResultChars must be at least 256, but was 10");
    assertThatThrownBy(() -> b.groupOrder(Arrays.asList("media", null))).hasMessageContaining("without nulls");
    assertThatThrownBy(() -> b.groupOrder(List.of("media", "  "))).hasMessageContaining("blank group name");
    assertThatThrownBy(() -> Loadout.builder(null)).hasMessage("registry must not be null");
  }

  @Test
  void turnContextSettersRejectNonsense() {
    assertThatThrownBy(() -> TurnContext.builder(" ", "m")).hasMessage("provider must not be blank, but was ' '");
    assertThatThrownBy(() -> TurnContext.builder("openai", null)).hasMessage("model must not be blank, but was null");
    assertThatThrownBy(() -> Tools.context().capability("vision", List.of())).hasMessageContaining("must be a String, Boolean or Number");
    assertThatThrownBy(() -> Tools.context().permissions(new java.util.HashSet<>(Arrays.asList("A", null))))
        .hasMessage("permissions must not contain null");
  }

  @Test
  void turnContextReadsAsDocumented() {
    AttributeKey<Integer> tier = AttributeKey.of("tier", Integer.class);
    TurnContext ctx = TurnContext.builder("OpenAI", "m").permissions(Set.of("ADMIN")).flag("x", true)
        .attribute(tier, 3).build();
    assertThat(ctx.provider()).isEqualTo("openai");
    assertThat(ctx.flag("x")).isTrue();
    assertThat(ctx.flag("missing")).isFalse();
    assertThat(ctx.hasPermission("ADMIN")).isTrue();
    assertThat(ctx.attribute(tier)).contains(3);
    assertThat(ctx.attribute(AttributeKey.of("tier", Integer.class))).isEmpty();
    TurnContext unknown = ctx.toBuilder().permissions(null).userId("u-secret").build();
    assertThat(unknown.hasPermission("ADMIN")).isFalse();
    assertThat(unknown.permissions()).isEmpty();
    assertThat(unknown.toString()).doesNotContain("u-secret");
  }

  @Test
  void aClosedLoadoutAnswersWithARetryableFailureNotAnException() {
    Loadout loadout = Loadout.builder(REGISTRY).build();
    PreparedTurn turn = loadout.prepare(Tools.context().build());
    loadout.close();
    ToolResult r = turn.execute(ToolCall.of("c", "ping", "{}")).toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join();
    assertThat(r).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
      assertThat(f.code()).isEqualTo(ToolResult.TOOL_ERROR);
      assertThat(f.retryable()).isTrue();
    });
  }

  @Test
  void failureCodesAndMessagesAreChecked() {
    assertThatThrownBy(() -> ToolResult.failure("Bad Code", "m", false)).hasMessageContaining("lower_snake_case");
    assertThatThrownBy(() -> ToolResult.failure("ok_code", " ", false)).hasMessageContaining("must not be blank");
    assertThatThrownBy(() -> AvailabilityDecision.hidden("x", "")).hasMessageContaining("needs a lower_snake_case code and a reason");
    assertThatThrownBy(() -> ToolMedia.url("png", "https://cdn.example/x.png")).hasMessageContaining("must look like 'image/png'");
    assertThat(ToolMedia.url("image/png", "https://cdn.example/x.png?token=abc").toString()).doesNotContain("token");
  }
}
