package dev.loadout.direct;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a message's text triggers, before anything is claimed: a slash command (a tool's, or one of the clear and
 * cancel commands) or the keyword rules that match. Shared by routing and the trigger preview, so the two can
 * never disagree. Immutable.
 */
final class TriggerMatcher {
  private final DirectCatalog catalog;
  private final DirectSettings settings;

  TriggerMatcher(DirectCatalog catalog, DirectSettings settings) {
    for (String c : settings.cancelCommands()) {
      CompiledTool taken = catalog.byCommand(c);
      if (taken != null) {
        throw new IllegalArgumentException("cancel command [/" + c + "] is also the command of tool ["
            + taken.spec().name() + "]; reserve it in DirectCatalog.empty(...) or choose other cancelCommands");
      }
    }
    this.catalog = catalog;
    this.settings = settings;
  }

  /** The slash command's name (without the slash) at the start of the text, or null. */
  private static String commandName(String stripped) {
    if (!stripped.startsWith("/")) {
      return null;
    }
    int end = 1;
    while (end < stripped.length() && !Character.isWhitespace(stripped.charAt(end))) {
      end++;
    }
    return end > 1 ? stripped.substring(1, end) : null;
  }

  /** Whether the text is one of the clear and cancel commands, matched like any slash command. */
  boolean isCancelCommand(String text) {
    return settings.isCancelCommand(commandName(text.strip()));
  }

  /** The tool command the text starts with, or null. */
  Hit command(String stripped, String original) {
    String name = commandName(stripped);
    CompiledTool tool = name == null ? null : catalog.byCommand(name);
    if (tool == null) {
      return null;
    }
    String input = stripped.substring(name.length() + 1).strip();
    return new Hit(tool, "/" + tool.config().command(), new ArgumentTemplate.Values(input, original, stripped, List.of()));
  }

  /** Every enabled rule that matches, in tool and rule order. */
  List<Hit> ruleHits(String text, boolean mentioned) {
    List<Hit> hits = new ArrayList<>();
    for (CompiledTool tool : catalog.tools()) {
      if (!tool.config().enabled() || tool.template() == null) {
        continue;
      }
      for (CompiledRule rule : tool.rules()) {
        ArgumentTemplate.Values values = rule.match(text, mentioned);
        if (values != null) {
          hits.add(new Hit(tool, rule.toString(), values));
        }
      }
    }
    return hits;
  }

  /** The hits with distinct tool and arguments (or problem), first of each kept. */
  static Map<String, Hit> distinct(List<Hit> hits) {
    Map<String, Hit> distinct = new LinkedHashMap<>();
    for (Hit h : hits) {
      ArgumentTemplate.Expansion e = h.expansion();
      distinct.putIfAbsent(h.tool.spec().name() + "\u0000" + (e.arguments() != null ? e.arguments() : e.problem()), h);
    }
    return distinct;
  }

  static DirectDecision ambiguous(Iterable<Hit> hits) {
    Map<String, DirectDecision.Candidate> byTool = new LinkedHashMap<>();
    for (Hit h : hits) {
      byTool.putIfAbsent(h.tool.spec().name(), new DirectDecision.Candidate(h.tool.spec().name(), h.tool.config().command()));
    }
    List<String> names = new ArrayList<>();
    byTool.values().forEach(c -> names.add(c.command() != null ? "/" + c.command() : c.toolName()));
    String reply = "This message matches several tools (" + String.join(", ", names)
        + "). Send the slash command of the one you mean.";
    return new DirectDecision.Ambiguous(new ArrayList<>(byTool.values()), reply);
  }

  /** A command or rule that matched, with its values; expanded on demand. */
  static final class Hit {
    final CompiledTool tool;
    final String trigger;
    final ArgumentTemplate.Values values;
    private ArgumentTemplate.Expansion expansion;

    Hit(CompiledTool tool, String trigger, ArgumentTemplate.Values values) {
      this.tool = tool;
      this.trigger = trigger;
      this.values = values;
    }

    ArgumentTemplate.Expansion expansion() {
      if (expansion == null) {
        expansion = tool.template().expand(values);
      }
      return expansion;
    }

    TriggerPreview.Hit preview() {
      ArgumentTemplate.Expansion e = expansion();
      return new TriggerPreview.Hit(tool.spec().name(), trigger, e.arguments(), e.problem());
    }
  }
}
