package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SavedDirectConfigsTest {
  static DirectConfig config(String tool, String command) {
    return DirectConfig.builder(tool).command(command).build();
  }

  final SavedDirectConfigs saved = new SavedDirectConfigs("g", 5,
      List.of(config("a", "/a"), config("b", "/b"), config("c", "/c")));

  @Test
  void withReplacesAToolsConfigInItsPlace() {
    SavedDirectConfigs edited = saved.with(config("b", "/bee"));
    assertThat(edited.configs()).containsExactly(config("a", "/a"), config("b", "/bee"), config("c", "/c"));
    assertThat(edited.version()).isEqualTo(5);
  }

  @Test
  void withAppendsANewTool() {
    assertThat(saved.with(config("d", "/d")).configs()).extracting(DirectConfig::toolName).containsExactly("a", "b", "c", "d");
  }

  @Test
  void withoutRemovesOnlyThatTool() {
    assertThat(saved.without("b").configs()).containsExactly(config("a", "/a"), config("c", "/c"));
    assertThat(saved.without("zzz")).isSameAs(saved);
  }
}
