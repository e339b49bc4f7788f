package dev.loadout.direct;

import static dev.loadout.direct.DirectFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ArgumentTemplateTest {

  static ArgumentTemplate.Values values(String input, String message, String match, String... groups) {
    return new ArgumentTemplate.Values(input, message, match, Arrays.asList(groups));
  }

  @Test
  void everyPlaceholderIsSubstitutedInsideStringValuesOnly() {
    ArgumentTemplate t = ArgumentTemplate.of(
        "{\"q\":\"{{input}}\",\"all\":\"[{{message}}] [{{match}}]\",\"g\":[\"{{1}}-{{2}}\"],\"fixed\":3,\"n\":null}");
    ArgumentTemplate.Expansion e = t.expand(values("cats", "find cats now", "find cats", "cats", "now"));
    assertThat(e.problem()).isNull();
    assertThat(e.arguments()).isEqualTo(json(
        "{\"q\":\"cats\",\"all\":\"[find cats now] [find cats]\",\"g\":[\"cats-now\"],\"fixed\":3,\"n\":null}"));
    assertThat(t.maxGroup()).isEqualTo(2);
    assertThat(t.usesInput()).isTrue();
  }

  @ParameterizedTest(name = "[{0}] becomes {1}")
  @CsvSource(delimiter = '|', value = {
      "21|21", " 21 |21", "-3|-3", "+7|7", "2.50|2.50", "1e3|1E+3", "12345678901|12345678901"})
  void numberPlaceholdersBecomeJsonNumbers(String input, String json) {
    ArgumentTemplate t = ArgumentTemplate.of("{\"value\":\"{{number:input}}\"}");
    assertThat(t.expand(values(input, input, input)).arguments().get("value").isNumber()).isTrue();
    assertThat(t.expand(values(input, input, input)).arguments().get("value").decimalValue())
        .isEqualByComparingTo(new java.math.BigDecimal(json));
  }

  @ParameterizedTest(name = "[{0}] becomes {1}")
  @CsvSource({"true, true", "FALSE, false", "yes, true", "no, false", "1, true", "0, false", "是, true", "否, false"})
  void booleanPlaceholdersBecomeJsonBooleans(String input, boolean expected) {
    ArgumentTemplate t = ArgumentTemplate.of("{\"flag\":\"{{boolean:1}}\"}");
    assertThat(t.expand(values(null, input, input, input)).arguments().get("flag").booleanValue()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{0}] is a type error")
  @CsvSource(delimiter = '|', value = {"twenty", "1,5", "0x10", "NaN", "1e99999"})
  void textThatIsNotANumberIsATypeError(String input) {
    ArgumentTemplate.Expansion e = ArgumentTemplate.of("{\"value\":\"{{number:input}}\"}").expand(values(input, input, input));
    assertThat(e.arguments()).isNull();
    assertThat(e.problem()).isEqualTo("type error: {{input}} must be a number, but was [" + input + "]");
  }

  @Test
  void anEmptyOrAbsentValueIsAMissingParameter() {
    ArgumentTemplate t = ArgumentTemplate.of("{\"q\":\"{{input}}\",\"x\":\"{{2}}\"}");
    assertThat(t.expand(values("  ", "m", "m")).problem()).isEqualTo("missing parameter: {{input}} is empty");
    assertThat(t.expand(values("a", "m", "m", "a")).problem()).isEqualTo("missing parameter: {{2}} is empty");
  }

  @Test
  void messageTextCannotInjectJsonStructure() {
    String evil = "\",\"admin\":true,\"x\":\"{{message}}\\u0000}";
    ArgumentTemplate t = ArgumentTemplate.of("{\"q\":\"{{input}}\"}");
    assertThat(t.expand(values(evil, evil, evil)).arguments()).isEqualTo(
        DirectFixtures.json("{}").put("q", evil));
  }

  @Test
  void theDefaultTemplateNeedsExactlyOneRequiredStringProperty() {
    assertThat(ArgumentTemplate.defaultFor(DirectFixtures.LOOKUP.parameters()))
        .hasValueSatisfying(t -> assertThat(t.text()).isEqualTo("{\"term\":\"{{input}}\"}"));
    assertThat(ArgumentTemplate.defaultFor(DirectFixtures.EXA.parameters())).isEmpty();
    assertThat(ArgumentTemplate.defaultFor(DirectFixtures.CALC.parameters())).isEmpty();
    assertThat(ArgumentTemplate.defaultFor(json("{\"type\":\"object\"}"))).isEmpty();
  }

  @Test
  void malformedTemplatesAreRefusedNamingEveryProblem() {
    assertThatThrownBy(() -> ArgumentTemplate.of("{\"a\":\"{{number:x}}\",\"b\":\"{{date:input}}\"}"))
        .hasMessage("template placeholder [{{number:x}}] at /a is unknown; use input, message, match or 1…9; "
            + "placeholder [{{date:input}}] at /b has an unknown type [date]; use number or boolean");
    assertThatThrownBy(() -> ArgumentTemplate.of("{\"a\":")).hasMessageStartingWith("template must be JSON, but");
    assertThat(List.of(ArgumentTemplate.of("{\"a\":\"{{ input }}\"}").usesInput())).containsExactly(true);
  }

  @Test
  void hostileTemplatesAreRefusedWithAMessageNeverAStackOverflow() {
    String deep = "{\"a\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
    assertThatThrownBy(() -> ArgumentTemplate.of(deep)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("template must be JSON, but").hasMessageContaining("nesting depth");
    String huge = "{\"a\":\"" + "x".repeat(2_000_001) + "\"}";
    assertThatThrownBy(() -> ArgumentTemplate.of(huge)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("template must be JSON, but").hasMessageContaining("Document length");
  }

  @Test
  void manyCopiesOfALongMessageAreAProblemNotAHugeRequest() {
    ArgumentTemplate t = ArgumentTemplate.of("{\"q\":\"" + "{{message}}".repeat(2_000) + "\"}");

    ArgumentTemplate.Expansion e = t.expand(values("x", "m".repeat(4_000), "x"));

    assertThat(e.arguments()).isNull();
    assertThat(e.problem()).isEqualTo("the filled template would substitute more than 4000000 characters");
  }
}
