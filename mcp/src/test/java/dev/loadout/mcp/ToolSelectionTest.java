package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ToolSelectionTest {
  static final String CHARSET_RULE = "may contain only ASCII letters, digits, '_', '-', '.', '/' and '*'";

  // ---- globs --------------------------------------------------------------------------------------------

  @ParameterizedTest(name = "[{0}] matches [{1}]: {2}")
  @CsvSource(delimiter = '|', value = {
      "read_file | read_file | true",
      "read_file | read_files | false",
      "read_file | Read_file | false",
      "Read_* | read_file | false",
      "* | '' | true",
      "* | any.thing/at-all_1 | true",
      "read_* | read_ | true",
      "read_* | read_file | true",
      "read_* | rea | false",
      "read_* | xread_file | false",
      "*_file | _file | true",
      "*_file | read_file | true",
      "*_file | read_files | false",
      "*file* | file | true",
      "*file* | my_file.txt | true",
      "*file* | fil | false",
      "a*b*c | abc | true",
      "a*b*c | aXbYc | true",
      "a*b*c | acb | false",
      "a*b*c | abcb | false",
      "a*b*c | abcbc | true",
      "a*b*b | ab | false",
      "a*b*b | abb | true",
      "*x*x | x | false",
      "*x*x | xx | true",
      "a*bc*c | abc | false",
      "a*a | a | false",
      "a*a | aa | true",
      "a*a | aba | true",
      "ab*ba | aba | false",
      "ab*ba | abba | true",
      "*ab*ab* | xabyab | true",
      "*ab*ab* | xaby | false",
      "*ab*ab* | abab | true",
      "*ab*ab* | aba | false",
      "files.read | files.read | true",
      "files.read | filesXread | false",
      "*.* | files.read | true",
      "*.* | files_read | false",
      "fs/* | fs/read | true",
      "fs/* | fs | false",
      "** | x | true",
      "a**b | ab | true",
      "a**b | a | false",
  })
  void globsMatchStarsAsAnyRunAndEverythingElseLiterallyWithExactCase(String pattern, String name, boolean matches) {
    ToolSelection allow = ToolSelection.builder().allow(pattern).build();
    assertThat(allow.decide(name).offered()).isEqualTo(matches);
    ToolSelection deny = ToolSelection.builder().deny(pattern).build();
    assertThat(deny.decide(name).offered()).isEqualTo(!matches);
  }

  @Test
  void globsAgreeWithAQuotedRegexOnEverySmallPatternAndName() {
    // Every pattern over {a, b, *} up to 5 characters against every name over {a, b} up to 6: the reference
    // is a regex with each literal quoted and each star as .*, fine for these tiny inputs.
    List<String> patterns = words("ab*", 5);
    List<String> names = words("ab", 6);
    names.add("");
    for (String p : patterns) {
      Glob g = Glob.of(p);
      StringBuilder regex = new StringBuilder();
      for (char c : p.toCharArray()) {
        regex.append(c == '*' ? ".*" : java.util.regex.Pattern.quote(String.valueOf(c)));
      }
      java.util.regex.Pattern reference = java.util.regex.Pattern.compile(regex.toString());
      for (String n : names) {
        assertThat(g.matches(n)).as("[%s] against [%s]", p, n).isEqualTo(reference.matcher(n).matches());
      }
    }
  }

  static List<String> words(String alphabet, int maxLength) {
    List<String> out = new ArrayList<>();
    List<String> level = List.of("");
    for (int len = 1; len <= maxLength; len++) {
      List<String> next = new ArrayList<>();
      for (String w : level) {
        for (char c : alphabet.toCharArray()) {
          next.add(w + c);
        }
      }
      out.addAll(next);
      level = next;
    }
    return out;
  }

  @Test
  void adversarialPatternsAreDecidedWithoutBacktracking() {
    // A backtracking matcher takes exponential time on these; this one takes each part at its leftmost place
    // once, so the test finishes at once by construction (no timing assertion: speed lives in benchmarks).
    String stars = "*a".repeat(60) + "*b";
    String as = "a".repeat(10_000);
    ToolSelection s = ToolSelection.builder().allow(stars).build();
    assertThat(s.decide(as).offered()).isFalse();
    assertThat(s.decide(as + "b").offered()).isTrue();
    assertThat(s.decide("a".repeat(59) + "b").offered()).isFalse();
    assertThat(s.decide("a".repeat(60) + "b").offered()).isTrue();
  }

  // ---- decisions ----------------------------------------------------------------------------------------

  @Test
  void allOffersEveryToolAndSaysSo() {
    ToolSelection.Decision d = ToolSelection.ALL.decide("anything");
    assertThat(d).isEqualTo(new ToolSelection.Decision(true, "", "[anything] is offered: there is no allowlist or denylist"));
  }

  @Test
  void anAllowlistOffersWhatMatchesAndHidesTheRestNamingTheList() {
    ToolSelection s = ToolSelection.builder().allow("read_*", "list_*").build();
    assertThat(s.decide("read_file")).isEqualTo(new ToolSelection.Decision(true, "",
        "[read_file] matches the allowlist pattern [read_*]"));
    assertThat(s.decide("list_dir").offered()).isTrue();
    assertThat(s.decide("delete_repo")).isEqualTo(new ToolSelection.Decision(false, ToolSelection.TOOL_NOT_ALLOWED,
        "[delete_repo] matches no allowlist pattern [read_*, list_*]"));
  }

  @Test
  void theDenylistWinsOverTheAllowlist() {
    ToolSelection s = ToolSelection.builder().allow("*").deny("delete_*").build();
    assertThat(s.decide("delete_repo")).isEqualTo(new ToolSelection.Decision(false, ToolSelection.TOOL_DENIED,
        "[delete_repo] matches the denylist pattern [delete_*]"));
    assertThat(s.decide("read_repo")).isEqualTo(new ToolSelection.Decision(true, "",
        "[read_repo] matches the allowlist pattern [*] and no denylist pattern"));
    ToolSelection both = ToolSelection.builder().allow("read_*").deny("read_*").build();
    assertThat(both.decide("read_file").code()).isEqualTo(ToolSelection.TOOL_DENIED);
  }

  @Test
  void aDenylistAloneHidesOnlyWhatItMatches() {
    ToolSelection s = ToolSelection.builder().deny("delete_*", "*_admin").build();
    assertThat(s.decide("user_admin").reason()).isEqualTo("[user_admin] matches the denylist pattern [*_admin]");
    assertThat(s.decide("read")).isEqualTo(new ToolSelection.Decision(true, "",
        "[read] matches no denylist pattern [delete_*, *_admin]"));
  }

  @Test
  void theFirstMatchingPatternIsTheOneNamed() {
    ToolSelection s = ToolSelection.builder().allow("*_file", "read_*").deny("x*", "*x").build();
    assertThat(s.decide("read_file").reason()).contains("[*_file]");
    assertThat(s.decide("xax").reason()).isEqualTo("[xax] matches the denylist pattern [x*]");
  }

  @Test
  void aLongListIsCutInTheReason() {
    List<String> patterns = IntStream.range(0, 7).mapToObj(i -> "p" + i).toList();
    ToolSelection s = ToolSelection.builder().allow(patterns).build();
    assertThat(s.decide("q").reason()).isEqualTo("[q] matches no allowlist pattern [p0, p1, p2, p3, p4, … (7 in all)]");
  }

  @Test
  void aServersToolNameIsShownWithoutControlCharactersOrExcess() {
    ToolSelection s = ToolSelection.builder().allow("read_*").build();
    assertThat(s.decide("evil\nname").reason()).isEqualTo("[evil\uFFFDname] matches no allowlist pattern [read_*]");
    assertThat(s.decide("y".repeat(300)).reason()).startsWith("[" + "y".repeat(128) + "…]");
  }

  @Test
  void aNullNameIsAClearError() {
    assertThatThrownBy(() -> ToolSelection.ALL.decide(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the MCP tool name to decide on must not be null");
    assertThatThrownBy(() -> ToolSelection.ALL.modelName(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the MCP tool name to map must not be null");
  }

  @Test
  void aDecisionHasACodeExactlyWhenHidden() {
    assertThatThrownBy(() -> new ToolSelection.Decision(true, "tool_denied", "x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ToolSelection.Decision(false, "", "x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ToolSelection.Decision(true, "", " ")).isInstanceOf(IllegalArgumentException.class);
  }

  // ---- the fail-closed value ----------------------------------------------------------------------------

  @Test
  void theUnreadableSelectionHidesEveryToolWithItsOwnCode() {
    ToolSelection u = ToolSelection.unreadableStored();
    assertThat(u.unreadable()).isTrue();
    assertThat(u.decide("read_file").offered()).isFalse();
    assertThat(u.decide("read_file").code()).isEqualTo(ToolSelection.SELECTION_UNREADABLE);
    assertThat(u.decide("read_file").reason()).startsWith("[read_file] is hidden: the stored tool selection");
    assertThat(u.deny()).containsExactly("*");
    assertThat(u.allow()).isEmpty();
    ToolSelection denyAll = ToolSelection.builder().deny("*").build();
    assertThat(denyAll.unreadable()).isFalse();
    assertThat(u).isNotEqualTo(denyAll);
    assertThat(u.newBuilder().build()).isEqualTo(denyAll);
    assertThat(u).hasToString("ToolSelection{unreadable, hides all}");
    assertThat(ToolSelection.ALL.unreadable()).isFalse();
  }

  // ---- input rules --------------------------------------------------------------------------------------

  @Test
  void aPatternOutsideTheToolNameAlphabetNamesTheListThePatternAndTheCharacter() {
    assertThatThrownBy(() -> ToolSelection.builder().allow("read file")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("allowlist pattern [read file] " + CHARSET_RULE + ", but character 5 is ' '");
    assertThatThrownBy(() -> ToolSelection.parse("read?", null, null))
        .hasMessage("allowlist pattern [read?] " + CHARSET_RULE + ", but character 5 is '?'");
    assertThatThrownBy(() -> ToolSelection.parse(null, "über", null))
        .hasMessage("denylist pattern [über] " + CHARSET_RULE + ", but character 1 is U+00FC");
    assertThatThrownBy(() -> ToolSelection.builder().deny("a\tb"))
        .hasMessage("denylist pattern [a\uFFFDb] " + CHARSET_RULE + ", but character 2 is U+0009");
    assertThatThrownBy(() -> ToolSelection.parse("a[0-9]", null, null)).hasMessageContaining("character 2 is '['");
    // Every character of the alphabet is kept.
    assertThat(ToolSelection.parse("aZ09_-./*", null, null).allow()).containsExactly("aZ09_-./*");
  }

  @Test
  void aPatternIsOneTo128Characters() {
    String max = "x".repeat(128);
    assertThat(ToolSelection.builder().allow(max).build().allow()).containsExactly(max);
    assertThatThrownBy(() -> ToolSelection.builder().deny(max + "y"))
        .hasMessage("denylist pattern [" + max + "…] must be 1 to 128 characters, but had 129");
    assertThatThrownBy(() -> ToolSelection.builder().allow("  "))
        .hasMessage("allowlist pattern [] must be 1 to 128 characters, but had 0");
  }

  @Test
  void aListHoldsAtMostFiftyPatterns() {
    List<String> fifty = new ArrayList<>(IntStream.range(0, 50).mapToObj(i -> "t" + i).toList());
    assertThat(ToolSelection.builder().allow(fifty).build().allow()).hasSize(50);
    fifty.add("t50");
    assertThatThrownBy(() -> ToolSelection.builder().deny(fifty))
        .hasMessage("denylist must have at most 50 patterns, but had 51");
    assertThatThrownBy(() -> ToolSelection.parse(String.join(",", fifty), null, null))
        .hasMessage("allowlist must have at most 50 patterns, but had 51");
  }

  @Test
  void aPatternAppearsOnceInAListAfterTrimming() {
    assertThatThrownBy(() -> ToolSelection.parse("read_*, list_*, read_*", null, null))
        .hasMessage("allowlist pattern [read_*] is listed twice; list each pattern once");
    assertThatThrownBy(() -> ToolSelection.builder().deny(" a", "a "))
        .hasMessage("denylist pattern [a] is listed twice; list each pattern once");
    assertThat(ToolSelection.builder().allow("read_*").deny("read_*").build().deny()).containsExactly("read_*");
  }

  @Test
  void nullsAreClearErrors() {
    assertThatThrownBy(() -> ToolSelection.builder().allow("a", null)).hasMessage("allowlist pattern must not be null");
    assertThatThrownBy(() -> ToolSelection.builder().deny((String[]) null))
        .hasMessage("denylist must not be null; pass no patterns for none");
  }

  @ParameterizedTest
  @CsvSource({"1gh", "_gh", "gh.", "gh/", "g h", "ghé", "abcdefghijklmnopqrstuvwxy"})
  void aBadPrefixNamesItselfAndTheRule(String prefix) {
    assertThatThrownBy(() -> ToolSelection.builder().prefix(prefix)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool-name prefix [" + prefix + "] must match ^[a-zA-Z][a-zA-Z0-9_-]{0,23}$ (an ASCII letter, "
            + "then at most 23 letters, digits, '_' or '-')");
  }

  @ParameterizedTest
  @CsvSource({"a", "gh_", "Jira-", "x1", "abcdefghijklmnopqrstuvwx"})
  void aGoodPrefixIsKept(String prefix) {
    assertThat(ToolSelection.builder().prefix(prefix).build().prefix()).contains(prefix);
  }

  // ---- parse --------------------------------------------------------------------------------------------

  @Test
  void parseReadsCommaAndWhitespaceSeparatedListsAndBlankIsNone() {
    assertThat(ToolSelection.parse(null, "", "  ")).isSameAs(ToolSelection.ALL);
    ToolSelection s = ToolSelection.parse(" read_*, list_*\n\tfiles.read ", ",delete_*,,", " gh_ ");
    assertThat(s.allow()).containsExactly("read_*", "list_*", "files.read");
    assertThat(s.deny()).containsExactly("delete_*");
    assertThat(s.prefix()).contains("gh_");
    assertThat(s).isEqualTo(ToolSelection.builder().allow("read_*", "list_*", "files.read").deny("delete_*")
        .prefix("gh_").build());
    assertThat(ToolSelection.parse(" , ", null, null)).isSameAs(ToolSelection.ALL);
  }

  // ---- value semantics ----------------------------------------------------------------------------------

  @Test
  void selectionsAreValuesWithOrderedListsAndReplacingSetters() {
    ToolSelection a = ToolSelection.builder().allow("x", "y").deny("z").prefix("p_").build();
    ToolSelection same = ToolSelection.builder().allow("old").allow("x", "y").deny("z").prefix("p_").build();
    assertThat(a).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(a).isNotEqualTo(ToolSelection.builder().allow("y", "x").deny("z").prefix("p_").build());
    assertThat(a).isNotEqualTo(a.newBuilder().prefix(null).build());
    assertThat(a.newBuilder().allow().deny().prefix(null).build()).isSameAs(ToolSelection.ALL);
    assertThat(ToolSelection.builder().build()).isSameAs(ToolSelection.ALL);
    assertThat(a).hasToString("ToolSelection{allow=[x, y], deny=[z], prefix=p_}");
    assertThat(ToolSelection.ALL).hasToString("ToolSelection{allow=[], deny=[]}");
    assertThat(a.shortForm()).isEqualTo("allow 2, deny 1, prefix p_");
    assertThat(ToolSelection.ALL.shortForm()).isEqualTo("all");
    assertThat(a.allow()).isUnmodifiable();
  }

  // ---- model names --------------------------------------------------------------------------------------

  @Test
  void modelNamesPutThePrefixBeforeTheProviderSafeName() {
    assertThat(ToolSelection.ALL.modelName("files.read")).isEqualTo(ToolNames.providerSafe("files.read"));
    ToolSelection gh = ToolSelection.builder().prefix("gh_").build();
    assertThat(gh.modelName("search")).isEqualTo("gh_search");
    assertThat(gh.modelName("files.read")).isEqualTo("gh_files_read_601e4eb6");
  }
}
