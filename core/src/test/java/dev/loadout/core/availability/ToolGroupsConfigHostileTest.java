package dev.loadout.core.availability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a host's own config reader may hand over: cyclic structures (YAML anchors), keys that are not strings,
 * values whose {@code toString} misbehaves. None of it may crash the reader; each turns its group off with a
 * warning that still reads well.
 */
class ToolGroupsConfigHostileTest {
  private static ToolGroupsConfig read(Map<String, ?> config, List<String> warnings) {
    return ToolGroupsConfig.builder().warningListener(warnings::add).fromMap(config);
  }

  @Test
  void aListThatContainsItselfTurnsItsGroupOffWithAWarning() {
    List<Object> ids = new ArrayList<>();
    ids.add(List.of(ids));
    ids.add(ids);
    List<String> warnings = new ArrayList<>();
    ToolGroupsConfig config = read(Map.of("tool_groups", Map.of("games", Map.of("channels", ids))), warnings);
    assertThat(config.rule("games").orElseThrow().isOff()).isTrue();
    assertThat(warnings).singleElement().asString().contains("Tool group [games] is turned off").contains("channels");
    assertThat(warnings.get(0)).hasSizeLessThan(400);
  }

  @Test
  void aMappingThatContainsItselfIsReadAsFarAsItMakesSense() {
    Map<String, Object> groups = new LinkedHashMap<>();
    groups.put("games", groups);
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("tool_groups", groups);
    document.put("self", document);
    List<String> warnings = new ArrayList<>();
    ToolGroupsConfig config = read(document, warnings);
    assertThat(config.rule("games").orElseThrow().isOff()).isTrue();
    assertThat(warnings).singleElement().asString().contains("unknown setting [games]");
    assertThat(config.toString()).contains("games");
  }

  @Test
  void keysThatAreNotStringsAreEchoedShortly() {
    Object hostileKey = new Object() {
      @Override
      public String toString() {
        throw new IllegalStateException("boom");
      }
    };
    Map<Object, Object> settings = new LinkedHashMap<>();
    settings.put(hostileKey, true);
    settings.put(List.of("x".repeat(500), List.of(List.of(List.of(1)))), true);
    Map<Object, Object> groups = new LinkedHashMap<>();
    groups.put("games", settings);
    List<String> warnings = new ArrayList<>();
    @SuppressWarnings("unchecked")
    Map<String, ?> document = (Map<String, ?>) (Map<?, ?>) Map.of("tool_groups", groups);
    ToolGroupsConfig config = read(document, warnings);
    assertThat(config.rule("games").orElseThrow().isOff()).isTrue();
    assertThat(warnings).singleElement().asString().contains("unknown setting").hasSizeLessThan(400);
  }

  @Test
  void aValueWhoseToStringThrowsIsNamedByItsType() {
    Object hostile = new Object() {
      @Override
      public String toString() {
        throw new IllegalStateException("boom");
      }
    };
    List<String> warnings = new ArrayList<>();
    ToolGroupsConfig config = read(Map.of("tool_groups", Map.of("games", Map.of("enabled", hostile, "channels",
        List.of(hostile)))), warnings);
    assertThat(config.rule("games").orElseThrow().isOff()).isTrue();
    assertThat(warnings).singleElement().asString().contains("enabled").contains("channels");
  }

  @Test
  void anOrdinaryConfigIsReadAsBefore() {
    List<String> warnings = new ArrayList<>();
    ToolGroupsConfig config = read(Map.of("tool_groups", Map.of("games", Map.of("channels", List.of(123L)))), warnings);
    assertThat(config.rule("games").orElseThrow().channels()).containsExactly("123");
    assertThat(warnings).isEmpty();
  }
}
