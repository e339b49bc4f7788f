package dev.loadout.examples.bot;

import dev.loadout.core.ToolLoop;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.McpSettings;
import dev.loadout.testkit.ScriptedModel;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * The reference console bot. Without options it plays a scripted session offline (the README's first command);
 * with {@code --base-url URL --model NAME} it talks to any OpenAI-compatible endpoint, reading what you type.
 *
 * <pre>
 * --base-url URL      the API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1
 * --model NAME        the model
 * --key-env VAR       the environment variable holding the API key (default OPENAI_API_KEY); never printed
 * --workdir DIR       where the SQLite file lives (default target/loadout-bot): loadout.db, kept across runs; the
 *                     scripted model's session uses scripted-session.db, emptied at each start
 * --mcp-config FILE   the host's MCP servers, YAML as HostMcpConfig reads it
 * --stdin             with the scripted model, read the lines from standard input instead of the script
 * --echo              print each line read from standard input after the prompt (for piped input)
 * </pre>
 *
 * Commands: {@code /tools}, {@code /why NAME}, {@code /guild ID}, {@code /as USER}, {@code /mcp add|list|remove},
 * {@code /quit}; {@code /roll N} and {@code look up ...} are direct-invocation rules.
 */
public final class ConsoleBot {
  static final String USAGE = "usage: ConsoleBot [--base-url URL --model NAME [--key-env VAR]] [--workdir DIR]"
      + " [--mcp-config FILE] [--stdin] [--echo]";

  private ConsoleBot() {}

  public static void main(String[] args) {
    // Typed lines are on the terminal already; --echo prints them again, for transcripts of piped input.
    System.exit(run(args, System.in, System.out, System.err, System.getenv(), false));
  }

  /**
   * Runs the bot until {@code /quit} or the end of the input.
   *
   * @param echo whether to print each line read from the input after the prompt, as {@code --echo} does (the
   *     scripted session's own lines are always printed)
   * @return the exit status: 0, or 2 for a usage error
   */
  static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Map<String, String> env,
      boolean echo) {
    String baseUrl = null;
    String model = null;
    String keyEnv = "OPENAI_API_KEY";
    Path workdir = Path.of("target", "loadout-bot");
    Path mcpConfig = null;
    boolean stdin = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--stdin") || a.equals("--scripted") || a.equals("--echo")) {
        stdin |= a.equals("--stdin");
        echo |= a.equals("--echo");
        continue;
      }
      if (!a.startsWith("--") || i + 1 >= args.length) {
        return usage(err, a.startsWith("--") ? a + " needs a value" : "unexpected argument " + a);
      }
      String v = args[++i];
      switch (a) {
        case "--base-url" -> baseUrl = v;
        case "--model" -> model = v;
        case "--key-env" -> keyEnv = v;
        case "--workdir" -> workdir = Path.of(v);
        case "--mcp-config" -> mcpConfig = Path.of(v);
        default -> {
          return usage(err, "unknown option " + a);
        }
      }
    }
    if ((baseUrl == null) != (model == null)) {
      return usage(err, "--base-url and --model go together");
    }
    String hostMcp;
    try {
      hostMcp = mcpConfig == null ? null : Files.readString(mcpConfig);
    } catch (IOException e) {
      return usage(err, "cannot read --mcp-config " + mcpConfig + ": " + e.getMessage());
    }
    BotStores stores = baseUrl == null ? BotStores.openFresh(workdir) : BotStores.open(workdir);
    out.println("Loadout console bot; store: " + stores.file());
    if (baseUrl == null) {
      return scripted(stores, hostMcp, env, stdin ? in : null, out, echo || !stdin);
    }
    String key = env.get(keyEnv);
    out.println("model " + model + " at " + baseUrl + (key == null || key.isBlank()
        ? " (no key: " + keyEnv + " is not set)" : " (key from " + keyEnv + ")"));
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    StreamedAnswer streamed = new StreamedAnswer(out);
    ToolLoop.Model client = new OpenAiCompatibleClient(http, baseUrl, model, key, streamed);
    try (BotWiring bot = new BotWiring(stores, NetworkPolicy.fromEnvironment(env), McpSettings.fromEnvironment(env), env, null, hostMcp,
        Clock.systemUTC(), out)) {
      converse(new ChatSession(bot, client, streamed, "openai", model, Clock.systemUTC(), out), in, out, echo);
    }
    return 0;
  }

  private static int scripted(BotStores stores, String hostMcp, Map<String, String> env, InputStream in,
      PrintStream out, boolean echo) {
    // The session talks only to its own loopback servers, so it runs with the development network policy and
    // lets MCP servers be reached over plain http.
    try (LocalWeb web = LocalWeb.start()) {
      SessionClock clock = new SessionClock();
      ScriptedModel model = ScriptedConversation.model(web.pageUrl());
      InputStream lines = in != null ? in : new ByteArrayInputStream(
          String.join("\n", ScriptedConversation.lines(web.baseUrl())).getBytes(StandardCharsets.UTF_8));
      out.println("model: the scripted model (offline); run with --base-url URL --model NAME for a real one");
      try (BotWiring bot = new BotWiring(stores, NetworkPolicy.development(),
          McpSettings.fromEnvironment(env).toBuilder().requireHttps(false).build(), env, web.searchEngine(), hostMcp,
          clock, out)) {
        converse(new ChatSession(bot, ScriptedConversation.asLoopModel(model), null, "openai", "scripted", clock, out),
            lines, out, echo);
      }
      out.println("(the scripted model answered " + model.requestCount() + " requests)");
    }
    return 0;
  }

  private static void converse(ChatSession session, InputStream in, PrintStream out, boolean echo) {
    try {
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      while (true) {
        out.print(session.prompt());
        String line = reader.readLine();
        if (line == null) {
          out.println();
          return;
        }
        if (echo) {
          out.println(line);
        }
        if (!session.handle(line)) {
          return;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the input", e);
    }
  }

  private static int usage(PrintStream err, String problem) {
    err.println("console bot: " + problem);
    err.println(USAGE);
    return 2;
  }
}
