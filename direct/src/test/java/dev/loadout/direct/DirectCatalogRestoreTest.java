package dev.loadout.direct;

import static dev.loadout.direct.DirectFixtures.CALC;
import static dev.loadout.direct.DirectFixtures.EXA;
import static dev.loadout.direct.DirectFixtures.EXA_TEMPLATE;
import static dev.loadout.direct.DirectFixtures.LOOKUP;
import static dev.loadout.direct.DirectFixtures.WEATHER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DirectCatalogRestoreTest {
  static final List<String> HOST_COMMANDS = List.of("/help", "clear", "mcp-cancel");

  static Function<String, ToolSpec> present(ToolSpec... specs) {
    Map<String, ToolSpec> byName = Stream.of(specs).collect(Collectors.toMap(ToolSpec::name, s -> s));
    return byName::get;
  }

  /** Configs as a host would have stored them: stamped by a save into a catalog. */
  static List<DirectConfig> stored() {
    return DirectFixtures.catalog()
        .save(WEATHER, DirectConfig.builder("weather").command("/weather").rule(KeywordRule.prefix("weather")).build())
        .save(EXA, DirectConfig.builder("web_search_exa").command("/search").template(EXA_TEMPLATE).build())
        .save(LOOKUP, DirectConfig.builder("lookup").command("/find").description("").build())
        .save(CALC, DirectConfig.builder("calc").command("/calc").template("{\"value\":\"{{number:input}}\"}").build())
        .configs();
  }

  @Test
  void unchangedToolsRestoreEveryConfigAsStoredInOrder() {
    DirectCatalog c = DirectCatalog.restore(HOST_COMMANDS, stored(), present(WEATHER, EXA, LOOKUP, CALC));
    assertThat(c.configs()).isEqualTo(stored());
    assertThat(c.restoreProblems()).isEmpty();
    assertThat(c.byCommand("search").spec()).isEqualTo(EXA);
  }

  @Test
  void aConfigOfAnAbsentToolIsSkippedReportedAndStaysInTheStore() {
    DirectConfigStore store = new InMemoryDirectConfigStore();
    store.save("g", 0, stored());
    SavedDirectConfigs saved = store.load("g");

    DirectCatalog c = DirectCatalog.restore(HOST_COMMANDS, saved.configs(), present(WEATHER, LOOKUP, CALC));
    assertThat(c.config("web_search_exa")).isEmpty();
    assertThat(c.byCommand("search")).isNull();
    assertThat(c.restoreProblems()).containsExactly(
        "web_search_exa: skipped, the tool is not present now; its config stays stored");

    // An operator edits another tool meanwhile; the absent tool's config survives the save.
    DirectCatalog next = c.save(WEATHER, c.config("weather").orElseThrow().toBuilder().command("/forecast").build());
    store.save("g", saved.version(), saved.with(next.config("weather").orElseThrow()).configs());
    assertThat(store.load("g").configs()).extracting(DirectConfig::toolName)
        .containsExactly("weather", "web_search_exa", "lookup", "calc");
    assertThat(DirectCatalog.restore(HOST_COMMANDS, store.load("g").configs(), present(WEATHER, EXA, LOOKUP, CALC))
        .byCommand("search").spec()).isEqualTo(EXA);
  }

  @Test
  void aToolWhoseSchemaChangedComesBackDisabledWithTheReason() {
    ToolSpec changed = ToolSpec.builder("lookup", """
        {"type":"object","properties":{"term":{"type":"string"},"lang":{"type":"string"}},"required":["term"]}""").build();
    DirectCatalog c = DirectCatalog.restore(HOST_COMMANDS, stored(), present(WEATHER, EXA, changed, CALC));
    DirectConfig lookup = c.config("lookup").orElseThrow();
    String reason = "the parameters schema of tool [lookup] changed since this config was saved; review it and enable it again";
    assertThat(lookup.enabled()).isFalse();
    assertThat(lookup.disabledReason()).isEqualTo(reason);
    assertThat(lookup.command()).isEqualTo("find");
    assertThat(lookup.description()).isEmpty();
    assertThat(c.byCommand("find")).isNull();
    assertThat(c.restoreProblems()).containsExactly("lookup: disabled, " + reason);
  }

  @Test
  void aCommandANewHostCommandTookComesBackDisabledWithTheProblemAsItsReason() {
    DirectCatalog c = DirectCatalog.restore(List.of("/help", "/search"), stored(), present(WEATHER, EXA, LOOKUP, CALC));
    DirectConfig exa = c.config("web_search_exa").orElseThrow();
    String reason = "it no longer saves: web_search_exa: command [/search] collides with the host's command [/search]";
    assertThat(exa.enabled()).isFalse();
    assertThat(exa.command()).isEqualTo("search");
    assertThat(exa.template()).isEqualTo(EXA_TEMPLATE);
    assertThat(exa.disabledReason()).isEqualTo(reason);
    assertThat(c.byCommand("search")).isNull();
    assertThat(c.restoreProblems()).containsExactly("web_search_exa: disabled, " + reason);
    assertThat(c.configs()).extracting(DirectConfig::toolName).containsExactly("weather", "web_search_exa", "lookup", "calc");
  }

  @Test
  void aConfigThatDoesNotSaveEvenDisabledIsSkippedAndTheRestStillLoads() {
    DirectConfig overLimit = new DirectConfig("calc", "calc", "{\"value\":\"{{number:input}}\"}",
        List.of(KeywordRule.regex("^x{65}$")), null, true, null, null);
    List<DirectConfig> saved = Stream.concat(stored().stream().filter(c -> !c.toolName().equals("calc")),
        Stream.of(overLimit)).toList();
    DirectCatalog c = DirectCatalog.restore(HOST_COMMANDS, saved, present(WEATHER, EXA, LOOKUP, CALC));
    assertThat(c.config("calc")).isEmpty();
    assertThat(c.configs()).hasSize(3);
    assertThat(c.restoreProblems()).singleElement().asString()
        .startsWith("calc: skipped, it does not save even disabled: calc: rules[0].pattern must repeat at most 64 times")
        .endsWith("; its config stays stored");
  }

  @Test
  void aDisabledConfigMayKeepACollidingCommandButEnablingItIsRefused() {
    DirectCatalog c = DirectFixtures.catalog().save(LOOKUP, DirectConfig.builder("lookup").command("/help")
        .enabled(false).build());
    assertThat(c.config("lookup").orElseThrow().command()).isEqualTo("help");
    assertThatThrownBy(() -> c.save(LOOKUP, DirectConfig.builder("lookup").command("/help").build()))
        .isInstanceOf(DirectConfigException.class)
        .hasMessage("lookup: command [/help] collides with the host's command [/help]");
  }

  @Test
  void enablingAConfigWhoseCommandAnotherToolTookBlamesTheToolBeingSaved() {
    DirectCatalog c = DirectFixtures.catalog()
        .save(LOOKUP, DirectConfig.builder("lookup").command("/find").enabled(false).build())
        .save(WEATHER, DirectConfig.builder("weather").command("/find").build());
    assertThat(c.byCommand("find").spec()).isEqualTo(WEATHER);
    assertThatThrownBy(() -> c.save(LOOKUP, DirectConfig.builder("lookup").command("/find").build()))
        .isInstanceOf(DirectConfigException.class)
        .hasMessage("lookup: command [/find] is already used by tool [weather]");
  }

  @Test
  void aCatalogMadeBySavingReportsNoRestoreProblems() {
    DirectCatalog restored = DirectCatalog.restore(HOST_COMMANDS, stored(), present(WEATHER, LOOKUP, CALC));
    assertThat(restored.restoreProblems()).hasSize(1);
    assertThat(restored.save(EXA, stored().get(1)).restoreProblems()).isEmpty();
  }
}
