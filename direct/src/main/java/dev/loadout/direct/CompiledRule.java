package dev.loadout.direct;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.List;

/** A saved keyword rule, ready to match: the prefix, or the compiled RE2 pattern. */
final class CompiledRule {
  final KeywordRule rule;
  final int index;
  private final Pattern regex;
  /** Text every match contains; a message without it is skipped before the regex engine runs. */
  private final String literal;
  /** Answers "cannot match" in one table-driven pass before RE2J's slower NFA runs; null when not modelled. */
  private final RegexDfa dfa;

  CompiledRule(KeywordRule rule, int index, Pattern regex) {
    this.rule = rule;
    this.index = index;
    this.regex = regex;
    RegexSyntax.Node tree = regex == null ? null : RegexSyntax.parse(rule.pattern());
    this.literal = RequiredLiteral.of(tree);
    this.dfa = RegexDfa.of(tree);
  }

  /**
   * The regex's capture groups; -1 for a prefix rule or a regex that did not compile (its problem is
   * already reported, so nothing here recompiles it).
   */
  int groupCount() {
    return regex == null ? -1 : regex.groupCount();
  }

  /** The template values when the rule matches the message, else null. */
  ArgumentTemplate.Values match(String text, boolean mentioned) {
    if (!rule.enabled() || (rule.requireMention() && !mentioned)) {
      return null;
    }
    return regex == null ? matchPrefix(text) : matchRegex(text);
  }

  private ArgumentTemplate.Values matchPrefix(String text) {
    String prefix = rule.pattern();
    if (!text.regionMatches(true, 0, prefix, 0, prefix.length())) {
      return null;
    }
    int end = prefix.length();
    // "帮我搜索功能怎么用" must not match the prefix 帮我搜索: a prefix ends at a space, a colon or the end.
    if (end < text.length() && !isSeparator(text.charAt(end))) {
      return null;
    }
    int start = end;
    while (start < text.length() && isSeparator(text.charAt(start))) {
      start++;
    }
    return new ArgumentTemplate.Values(text.substring(start).strip(), text, text, List.of());
  }

  static boolean isSeparator(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == ':' || c == '：';
  }

  private ArgumentTemplate.Values matchRegex(String text) {
    if (literal != null && !text.contains(literal)) {
      return null;
    }
    if (dfa != null && !dfa.mayMatch(text)) {
      return null;
    }
    Matcher m = regex.matcher(text);
    if (!m.matches()) {
      return null;
    }
    List<String> groups = new ArrayList<>(m.groupCount());
    for (int g = 1; g <= m.groupCount(); g++) {
      groups.add(m.group(g));
    }
    String input = m.groupCount() >= 1 ? m.group(1) : m.group();
    return new ArgumentTemplate.Values(input == null ? null : input.strip(), text, m.group(), groups);
  }

  @Override
  public String toString() {
    return "rules[" + index + "] " + rule.kind() + " [" + rule.pattern() + "]";
  }
}
