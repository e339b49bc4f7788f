package dev.loadout.examples.bot;

import dev.loadout.core.Dialect;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.RenderedTools;
import dev.loadout.core.ToolSpec;
import dev.loadout.mcp.ConfigOutcome;
import dev.loadout.mcp.McpRegistration;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * The console's own commands: {@code /tools}, {@code /why NAME}, {@code /guild ID}, {@code /as USER},
 * {@code /mcp add|list|remove} and {@code /quit}. Everything else starting with a slash goes on to the direct rules.
 */
final class BotCommands {
  /**
   * Bytes of rendered tool JSON per token, for the {@code /tools} estimate. JSON schemas tokenize densely (quotes,
   * braces, short keys): about 4 bytes a token with the GPT-4o and Llama 3 tokenizers; the provider's usage numbers
   * are the real count.
   */
  static final int BYTES_PER_TOKEN = 4;

  private final ChatSession session;
  private final PrintStream out;

  BotCommands(ChatSession session, PrintStream out) {
    this.session = session;
    this.out = out;
  }

  static boolean isCommand(String text) {
    String word = text.split("\\s+", 2)[0];
    return BotWiring.RESERVED.contains(word);
  }

  /** Runs a command line; false for {@code /quit}. */
  boolean run(String text) {
    String[] words = text.split("\\s+");
    switch (words[0]) {
      case "/quit":
        out.println("bye");
        return false;
      case "/tools":
        tools();
        break;
      case "/why":
        if (words.length != 2) {
          out.println("usage: /why TOOL_NAME");
        } else {
          why(words[1]);
        }
        break;
      case "/guild":
        session.guildId = words.length < 2 || words[1].equals("none") ? null : words[1];
        out.println(session.guildId == null ? "now in a direct message (no guild, no persona)"
            : "now in guild " + session.guildId);
        break;
      case "/as":
        if (words.length != 2) {
          out.println("usage: /as USER");
        } else {
          session.userId = words[1];
          out.println("now speaking as " + words[1] + ", permissions "
              + ChatSession.MEMBERS.getOrDefault(words[1], java.util.Set.of()).stream().sorted().toList());
        }
        break;
      default:
        mcp(words);
    }
    return true;
  }

  private void tools() {
    PreparedTurn turn = session.prepare(null);
    RenderedTools rendered = turn.render(Dialect.OPENAI_CHAT);
    out.println("the model sees " + turn.visible().size() + " tools, " + rendered.size() + " bytes of OpenAI tools JSON,"
        + " about " + tokens(rendered.size()) + " tokens (" + BYTES_PER_TOKEN + " bytes a token, an estimate):");
    for (ToolSpec spec : turn.visible()) {
      int bytes = spec.name().length() + spec.description().length() + spec.parameters().toString().length();
      Optional<String> source = turn.externalSource(spec.name());
      out.println("  " + spec.name() + " [" + spec.group().orElse("core") + "]"
          + source.map(s -> " from " + s).orElse("") + " ~" + tokens(bytes) + " tokens");
    }
    List<String> hidden = turn.hidden().stream().map(HiddenTool::name).toList();
    out.println("hidden: " + (hidden.isEmpty() ? "none" : String.join(", ", hidden) + " (/why NAME says why)"));
  }

  private static int tokens(int bytes) {
    return (bytes + BYTES_PER_TOKEN - 1) / BYTES_PER_TOKEN;
  }

  private void why(String name) {
    PreparedTurn turn = session.prepare(null);
    Optional<HiddenTool> hidden = turn.hidden(name);
    if (hidden.isPresent()) {
      out.println(name + " is hidden from " + session.userId + ":");
      for (HiddenTool.Reason r : hidden.get().reasons()) {
        out.println("  [" + r.code() + "] " + r.message());
      }
    } else if (turn.variant(name).isPresent()) {
      out.println(name + " is visible to " + session.userId + " here");
    } else {
      out.println("no tool named " + name + " on this turn");
    }
  }

  private void mcp(String[] words) {
    String guild = session.guildId;
    if (guild == null) {
      out.println("/mcp needs a guild: /guild ID first");
      return;
    }
    String action = words.length > 1 ? words[1] : "";
    if (action.equals("list") && words.length == 2) {
      List<McpRegistration> list = session.bot.stores.mcp().list(guild);
      session.bot.hostServers.forEach(h -> out.println("  host " + h.name() + (h.enabled() ? "" : " (disabled)")));
      list.forEach(r -> out.println("  #" + r.id() + " " + r.name() + " " + r.type() + (r.enabled() ? "" : " (disabled)")
          + " tools " + r.toolNames().map(Object::toString).orElse("(unknown)")));
      if (list.isEmpty() && session.bot.hostServers.isEmpty()) {
        out.println("no MCP servers in " + guild);
      }
    } else if (action.equals("add") && (words.length == 4 || words.length == 5)) {
      // A token would come from the guild admin's private command form; the console adds servers without one.
      ConfigOutcome o = session.bot.mcp.configOperations().add(guild, words[2], words[3], null,
          words.length == 5 ? words[4] : null);
      out.println("mcp add: " + o.code() + ": " + o.message());
    } else if (action.equals("remove") && words.length == 3 && words[2].matches("#?\\d+")) {
      ConfigOutcome o = session.bot.mcp.configOperations().remove(guild, Long.parseLong(words[2].replace("#", "")));
      out.println("mcp remove: " + o.code() + ": " + o.message());
    } else {
      out.println("usage: /mcp list | /mcp add NAME URL [general|web_search|url_fetcher] | /mcp remove ID");
    }
  }
}
