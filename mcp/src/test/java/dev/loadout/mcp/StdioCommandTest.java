package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command, its arguments and environment: what is refused, and what the child's environment becomes. */
class StdioCommandTest {
  static final Map<String, String> PARENT = Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/bot", "LANG", "C.UTF-8",
      "DATABASE_PASSWORD", "db-s3cret", "OPENAI_API_KEY", "sk-s3cret", "path", "lower-case twin");

  @Test
  void aBlankOrMissingCommandIsRefusedNamingWhatItGot() {
    assertThatThrownBy(() -> StdioCommand.of(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stdio command must not be blank, got ' '");
    assertThatThrownBy(() -> new StdioCommand(null, List.of(), Map.of(), null))
        .hasMessage("stdio command must not be blank, got null");
  }

  @Test
  void aCommandWithSurroundingWhitespaceOrControlCharactersIsRefused() {
    assertThatThrownBy(() -> StdioCommand.of(" npx"))
        .hasMessage("stdio command must not start or end with whitespace, got ' npx'");
    assertThatThrownBy(() -> StdioCommand.of("np\0x")).hasMessageContaining("control characters");
    assertThatThrownBy(() -> StdioCommand.of("npx\nrm")).hasMessageContaining("control characters");
  }

  @Test
  void argumentsMustBeNonNullAndFreeOfNulsAndTheMessageGivesTheIndexNotTheValue() {
    List<String> withNull = new ArrayList<>(List.of("-y"));
    withNull.add(null);
    assertThatThrownBy(() -> new StdioCommand("npx", withNull, Map.of(), null))
        .hasMessage("stdio argument 1 is null");
    assertThatThrownBy(() -> new StdioCommand("npx", List.of("--token=s3cret\0"), Map.of(), null))
        .hasMessage("stdio argument 0 contains a NUL character");
    assertThatThrownBy(() -> new StdioCommand("npx", null, Map.of(), null))
        .hasMessageContaining("args must not be null");
  }

  @Test
  void emptyArgumentsAreKept() {
    assertThat(StdioCommand.of("server", "", "x").commandLine()).containsExactly("server", "", "x");
  }

  @Test
  void variablesAreCheckedByNameAndNoMessageShowsAValue() {
    assertThatThrownBy(() -> new StdioCommand("npx", List.of(), Map.of("", "v"), null))
        .hasMessage("stdio env variable names must not be empty");
    assertThatThrownBy(() -> new StdioCommand("npx", List.of(), Map.of("A=B", "v"), null))
        .hasMessageContaining("'A=B' must not contain '='");
    assertThatThrownBy(() -> new StdioCommand("npx", List.of(), Map.of("API_KEY", "s3cret\0"), null))
        .hasMessage("stdio env variable 'API_KEY' has a value with a NUL character");
    Map<String, String> nullValue = new HashMap<>();
    nullValue.put("API_KEY", null);
    assertThatThrownBy(() -> new StdioCommand("npx", List.of(), nullValue, null))
        .hasMessage("stdio env variable 'API_KEY' has a null value");
    assertThatThrownBy(() -> new StdioCommand("npx", List.of(), null, null))
        .hasMessageContaining("env must not be null");
  }

  @Test
  void theCommandIsImmutable() {
    List<String> args = new ArrayList<>(List.of("-y"));
    Map<String, String> env = new HashMap<>(Map.of("K", "v"));
    StdioCommand c = new StdioCommand("npx", args, env, null);
    args.add("more");
    env.put("L", "w");

    assertThat(c.args()).containsExactly("-y");
    assertThat(c.env()).containsOnlyKeys("K");
  }

  @Test
  void toStringShowsTheProgramTheArgumentCountAndVariableNamesButNoArgumentOrValue() {
    StdioCommand c = new StdioCommand("npx", List.of("-y", "--token=arg-s3cret"), Map.of("API_KEY", "env-s3cret"),
        Path.of("/srv/mcp"));

    assertThat(c.toString()).isEqualTo("StdioCommand{npx, 2 args, env [API_KEY], in " + Path.of("/srv/mcp") + "}")
        .doesNotContain("s3cret");
  }

  @Test
  void theChildInheritsOnlyTheMinimumAndTheAdditionsWin() {
    StdioCommand c = new StdioCommand("npx", List.of(), Map.of("LANG", "en_US.UTF-8", "GITHUB_TOKEN", "gh"), null);

    assertThat(c.environment(PARENT, false)).containsOnly(Map.entry("PATH", "/usr/bin:/bin"),
        Map.entry("HOME", "/home/bot"), Map.entry("LANG", "en_US.UTF-8"), Map.entry("GITHUB_TOKEN", "gh"));
  }

  @Test
  void onWindowsNamesMatchWithoutRegardToCaseAndTheWindowsListApplies() {
    Map<String, String> parent = Map.of("Path", "C:\\Windows", "SYSTEMROOT", "C:\\Windows", "APPDATA", "C:\\a",
        "HOME", "C:\\h", "AWS_SECRET_ACCESS_KEY", "s3cret");
    StdioCommand c = new StdioCommand("npx.cmd", List.of(), Map.of("PATH", "C:\\node"), null);

    Map<String, String> env = c.environment(parent, true);

    assertThat(env).containsOnlyKeys("Path", "SYSTEMROOT", "APPDATA");
    assertThat(env.get("path")).isEqualTo("C:\\node");
    assertThat(env.get("SystemRoot")).isEqualTo("C:\\Windows");
  }
}
