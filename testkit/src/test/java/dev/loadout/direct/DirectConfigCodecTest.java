package dev.loadout.direct;

import dev.loadout.testkit.stores.DirectConfigStoreContract;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.StoreException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DirectConfigCodecTest {

  @Test
  void theStoredFormatNamesEveryFieldAndKeepsNulls() {
    DirectConfig c = new DirectConfig("calc", "calc", null, List.of(KeywordRule.prefix("calc").mentionRequired()), "",
        true, "fp", null);
    assertThat(DirectConfigCodec.encode(List.of(c))).isEqualTo("{\"plan\":1,\"configs\":[{\"toolName\":\"calc\","
        + "\"command\":\"calc\",\"template\":null,\"rules\":[{\"kind\":\"prefix\",\"pattern\":\"calc\","
        + "\"requireMention\":true,\"enabled\":true}],\"description\":\"\",\"enabled\":true,\"reviewedSchema\":\"fp\","
        + "\"disabledReason\":null}]}");
  }

  @Test
  void everyFieldRoundTrips() {
    List<DirectConfig> configs = DirectConfigStoreContract.everyField();
    assertThat(DirectConfigCodec.decode("g", 3, DirectConfigCodec.encode(configs)))
        .isEqualTo(new SavedDirectConfigs("g", 3, configs));
  }

  @Test
  void aPayloadUnderANewerPlanIsRefused() {
    assertThatThrownBy(() -> DirectConfigCodec.decode("g", 1, "{\"plan\":2,\"configs\":[]}"))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("saved under config plan 2, but this Loadout knows plan 1");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "not JSON | {\"plan\":1, | direct configs of scope [g] could not be read: ",
      "not an object | [] | direct configs of scope [g] could not be read: the payload must be a JSON object",
      "empty | '' | direct configs of scope [g] could not be read: the payload must be a JSON object",
      "no plan | {\"configs\":[]} | direct configs of scope [g] could not be read: /plan must be an integer, but was null",
      "plan zero | {\"plan\":0,\"configs\":[]} | direct configs of scope [g] could not be read: /plan must be between 1 and 1",
      "configs not a list | {\"plan\":1,\"configs\":{}} | direct configs of scope [g] could not be read: /configs must be an array",
      "a null config | {\"plan\":1,\"configs\":[null]} | direct configs of scope [g] could not be read: /configs/0 must be an object, but was NULL",
      "no rules | {\"plan\":1,\"configs\":[{\"toolName\":\"t\",\"enabled\":true}]} | direct configs of scope [g] could not be read: /configs/0/rules must be an array, but was null",
      "no tool name | {\"plan\":1,\"configs\":[{\"rules\":[],\"enabled\":true}]} | direct configs of scope [g] could not be read: toolName must not be blank, but was null",
      "enabled as text | {\"plan\":1,\"configs\":[{\"toolName\":\"t\",\"rules\":[],\"enabled\":\"yes\"}]} | direct configs of scope [g] could not be read: /configs/0/enabled must be true or false, but was \"yes\"",
      "unknown kind | {\"plan\":1,\"configs\":[{\"toolName\":\"t\",\"enabled\":true,\"rules\":[{\"kind\":\"glob\",\"pattern\":\"x\",\"requireMention\":false,\"enabled\":true}]}]} | direct configs of scope [g] could not be read: /configs/0/rules/0/kind must be \"prefix\" or \"regex\", but was glob",
      "command a number | {\"plan\":1,\"configs\":[{\"toolName\":\"t\",\"command\":7,\"rules\":[],\"enabled\":true}]} | direct configs of scope [g] could not be read: /configs/0/command must be a string, but was NUMBER",
      "unknown field | {\"plan\":1,\"configs\":[{\"toolName\":\"t\",\"rules\":[],\"enabled\":true,\"aliases\":[]}]} | direct configs of scope [g] could not be read: /configs/0/aliases is not a field of config plan 1; refusing it rather than dropping it on the next save",
      "two configs of one tool | {\"plan\":1,\"configs\":[{\"toolName\":\"t\",\"rules\":[],\"enabled\":true},{\"toolName\":\"t\",\"rules\":[],\"enabled\":false}]} | direct configs of scope [g] could not be read: configs must hold one config per tool, but tool [t] had two"})
  void aMalformedPayloadIsAStoreErrorNamingTheScopeAndThePlace(String what, String json, String message) {
    assertThatThrownBy(() -> DirectConfigCodec.decode("g", 1, json)).isInstanceOf(StoreException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void aNullPayloadIsAStoreErrorNotANullPointer() {
    assertThatThrownBy(() -> DirectConfigCodec.decode("g", 1, null)).isInstanceOf(StoreException.class)
        .hasMessage("direct configs of scope [g] could not be read: the payload must be a JSON object");
  }
}
