package dev.loadout.benchmarks;

import dev.loadout.core.ToolSpec;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.KeywordRule;
import java.util.ArrayList;
import java.util.List;

/**
 * The keyword-rule catalog of the direct-invocation benchmarks: six tools with four rules each, 24 enabled
 * rules in all (16 prefix, 8 RE2 regex), the most {@link DirectCatalog} allows, and the two 512-character
 * messages they are matched against.
 *
 * <p>The rules are the kind an operator writes: the reference's search regex, a Chinese weather question, a
 * lazy {@code .*?查询} lookup, a translation request, the reference's {@code /calc} regex and an arithmetic one,
 * a {@code wiki:} title. None uses nested unbounded repetition, so the {@code java.util.regex} baseline stays
 * polynomial and finishes (with {@code ((?:\S+\s*)+)} it would not).
 */
final class DirectRules {
  /** The message length: the longest message keyword rules see. */
  static final int MESSAGE_CHARS = 512;

  /** The host's own commands. */
  static final List<String> RESERVED = List.of("/help", "clear", "mcp-cancel");

  /** Tool, slash command, template (null: the default one), rules. */
  record Tool(String name, String schema, String command, String template, List<KeywordRule> rules) {}

  static final List<Tool> TOOLS = List.of(
      new Tool("web_search_exa", """
          {"type":"object","properties":{"query":{"type":"string"},"objective":{"type":"string"},
           "numResults":{"type":"integer","minimum":1,"maximum":10}},"required":["query","objective"]}""",
          "search", "{\"query\":\"{{input}}\",\"objective\":\"Find the latest official news\",\"numResults\":3}",
          List.of(KeywordRule.prefix("帮我搜索"), KeywordRule.prefix("search"), KeywordRule.prefix("搜一下"),
              KeywordRule.regex("^(?:帮我搜索|帮我查一下|搜索)\\s+(.+)$"))),
      new Tool("weather", """
          {"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}""",
          "weather", null,
          List.of(KeywordRule.prefix("天气"), KeywordRule.prefix("weather"),
              KeywordRule.regex("^(.{1,20}?)的?天气怎么样[？?]?$"),
              KeywordRule.regex("^what(?:'s| is) the weather in (.+?)\\??$"))),
      new Tool("lookup", """
          {"type":"object","properties":{"term":{"type":"string","minLength":2}},"required":["term"]}""",
          "define", null,
          List.of(KeywordRule.prefix("查词"), KeywordRule.prefix("define"), KeywordRule.prefix("lookup"),
              KeywordRule.regex("^.*?查询\\s*(.+)$"))),
      new Tool("translate", """
          {"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}""",
          "translate", null,
          List.of(KeywordRule.prefix("翻译"), KeywordRule.prefix("translate"), KeywordRule.prefix("tr"),
              KeywordRule.regex("^把(.+)翻译成英文$"))),
      new Tool("calc", """
          {"type":"object","properties":{"value":{"type":"number","minimum":0}},"required":["value"]}""",
          "calc", "{\"value\":\"{{number:input}}\"}",
          List.of(KeywordRule.prefix("calc"), KeywordRule.prefix("算一下"),
              KeywordRule.regex("^计算 (\\d+)$"),
              KeywordRule.regex("^(\\d{1,12})\\s*[+*/-]\\s*\\d{1,12}$"))),
      new Tool("wiki", """
          {"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}""",
          "wiki", null,
          List.of(KeywordRule.prefix("百科"), KeywordRule.prefix("维基"), KeywordRule.prefix("wiki"),
              KeywordRule.regex("^(?:wiki|百科)\\s*[:：]\\s*(.{1,64})$"))));

  /**
   * An ordinary chat message, 512 characters, Chinese and English: it starts with no prefix and contains the
   * required text of no regex, so it is the common case, "no rule matches".
   */
  static final String BENIGN = fill("今天下午我们在群里聊了一下周末去爬山的计划，大家觉得天气预报说可能会下雨，"
      + "所以想改成去博物馆看展览。 Afterwards we could grab dinner near the station, maybe the noodle place "
      + "that opened last month; let me know what time works for everyone and I'll book a table for eight. ");

  /**
   * A message built to make the regexes work: it contains the required text of every regex (天气怎么样, 查询,
   * 翻译成英文, "the weather in ", "计算 "), so the router's literal filter skips none of them, and long runs of
   * spaces and digits follow each. Two newlines in the middle, which {@code .} cannot cross, make every rule
   * fail only after scanning on. It matches nothing.
   */
  static final String ADVERSARIAL = adversarial();

  private DirectRules() {}

  /** The catalog: every tool saved with its command and rules. */
  static DirectCatalog catalog() {
    DirectCatalog catalog = DirectCatalog.empty(RESERVED);
    for (Tool t : TOOLS) {
      DirectConfig.Builder b = DirectConfig.builder(t.name()).command(t.command()).template(t.template());
      t.rules().forEach(b::rule);
      catalog = catalog.save(spec(t), b.build());
    }
    return catalog;
  }

  static ToolSpec spec(Tool t) {
    return ToolSpec.builder(t.name(), t.schema()).description("benchmark tool " + t.name()).build();
  }

  static List<KeywordRule> rules() {
    List<KeywordRule> out = new ArrayList<>();
    TOOLS.forEach(t -> out.addAll(t.rules()));
    return out;
  }

  private static String fill(String sentence) {
    StringBuilder b = new StringBuilder();
    while (b.codePointCount(0, b.length()) < MESSAGE_CHARS) {
      b.append(sentence);
    }
    return endOn(b.toString(), "。");
  }

  /** The first 511 characters and a last one that is not a space, so the stripped message is still 512 long. */
  private static String endOn(String s, String last) {
    return s.substring(0, s.offsetByCodePoints(0, MESSAGE_CHARS - 1)) + last;
  }

  private static String adversarial() {
    String run = " ".repeat(64);
    String digits = "1234567890".repeat(3);
    String s = "请问能帮我查询" + run + "一下北京" + digits + "的天气怎么样" + run + "\n"
        + "what is the weather in " + run + "把" + digits + "翻译成英文" + run + "\n"
        + "计算 " + digits + " 查询" + run;
    StringBuilder b = new StringBuilder(s);
    while (b.codePointCount(0, b.length()) < MESSAGE_CHARS) {
      b.append("查询 ").append(digits, 0, 7);
    }
    return endOn(b.toString(), "x");
  }
}
