package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link ToolChoice} in each provider's documented shape, and {@link PreparedTurn#toolChoice} checking it. */
class ToolChoiceTest {

  @Test
  void openAiChatTakesStringsOrAFunctionObject() {
    assertThat(ToolChoice.auto().render(Dialect.OPENAI_CHAT)).isEqualTo(json("'auto'"));
    assertThat(ToolChoice.none().render(Dialect.OPENAI_CHAT)).isEqualTo(json("'none'"));
    assertThat(ToolChoice.required().render(Dialect.OPENAI_CHAT)).isEqualTo(json("'required'"));
    assertThat(ToolChoice.tool("get_weather").render(Dialect.OPENAI_CHAT))
        .isEqualTo(json("{'type':'function','function':{'name':'get_weather'}}"));
  }

  @Test
  void openAiResponsesNamesTheFunctionAtTheTop() {
    assertThat(ToolChoice.required().render(Dialect.OPENAI_RESPONSES)).isEqualTo(json("'required'"));
    assertThat(ToolChoice.tool("get_weather").render(Dialect.OPENAI_RESPONSES))
        .isEqualTo(json("{'type':'function','name':'get_weather'}"));
  }

  @Test
  void anthropicTakesTypedObjectsWithAnyForRequired() {
    assertThat(ToolChoice.auto().render(Dialect.ANTHROPIC)).isEqualTo(json("{'type':'auto'}"));
    assertThat(ToolChoice.none().render(Dialect.ANTHROPIC)).isEqualTo(json("{'type':'none'}"));
    assertThat(ToolChoice.required().render(Dialect.ANTHROPIC)).isEqualTo(json("{'type':'any'}"));
    assertThat(ToolChoice.tool("get_weather").render(Dialect.ANTHROPIC)).isEqualTo(json("{'type':'tool','name':'get_weather'}"));
  }

  @Test
  void geminiTakesAFunctionCallingConfigWithTheWireName() {
    assertThat(ToolChoice.auto().render(Dialect.GEMINI)).isEqualTo(json("{'functionCallingConfig':{'mode':'AUTO'}}"));
    assertThat(ToolChoice.none().render(Dialect.GEMINI)).isEqualTo(json("{'functionCallingConfig':{'mode':'NONE'}}"));
    assertThat(ToolChoice.required().render(Dialect.GEMINI)).isEqualTo(json("{'functionCallingConfig':{'mode':'ANY'}}"));
    assertThat(ToolChoice.tool("1abc").render(Dialect.GEMINI))
        .isEqualTo(json("{'functionCallingConfig':{'mode':'ANY','allowedFunctionNames':['_1abc']}}"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void theRequestFieldIsToolChoiceExceptForGemini(Dialect dialect) {
    assertThat(ToolChoice.auto().requestField(dialect)).isEqualTo(dialect == Dialect.GEMINI ? "toolConfig" : "tool_choice");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aTurnRendersOnlyAChoiceItCanHonour(Dialect dialect) {
    PreparedTurn turn = turn(echo(spec("get_weather", "Weather", "{'type':'object'}")));
    assertThat(turn.toolChoice(dialect, ToolChoice.tool("get_weather"))).isEqualTo(ToolChoice.tool("get_weather").render(dialect));
    assertThatThrownBy(() -> turn.toolChoice(dialect, ToolChoice.tool("ban_member")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool choice names 'ban_member', which this turn does not show (visible: [get_weather])");
    PreparedTurn empty = turn(List.of());
    assertThatThrownBy(() -> empty.toolChoice(dialect, ToolChoice.required()))
        .hasMessage("tool choice 'required' on a turn that shows no tool");
    assertThat(empty.toolChoice(dialect, ToolChoice.none())).isEqualTo(ToolChoice.none().render(dialect));
  }

  @Test
  void badChoicesAreRefusedNamingTheValue() {
    assertThatThrownBy(() -> ToolChoice.tool("has space")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool choice must name a tool matching ^[a-zA-Z0-9_-]{1,64}$, but was has space");
    assertThatThrownBy(() -> ToolChoice.tool(null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ToolChoice.auto().render(null)).hasMessage("dialect must not be null");
    assertThat(ToolChoice.tool("a")).isEqualTo(ToolChoice.tool("a")).hasSameHashCodeAs(ToolChoice.tool("a"))
        .isNotEqualTo(ToolChoice.tool("b"));
    assertThat(ToolChoice.tool("a").toString()).isEqualTo("ToolChoice{tool a}");
    assertThat(ToolChoice.required().toolName()).isEmpty();
  }
}
