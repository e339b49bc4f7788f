package dev.loadout.examples.bot;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import dev.loadout.core.ToolLoop;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.McpSettings;
import dev.loadout.openai.OpenAiChatLoopModel;
import dev.loadout.testkit.ScriptedModel;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The reference console bot. Without options it plays a scripted session offline (the README's first command);
 * with {@code --base-url URL --model NAME} it talks to any OpenAI-compatible endpoint through loadout-openai
 * ({@link OpenAiChatLoopModel} on the official SDK), streaming each answer as it arrives, reading what you type.
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
 * {@code /quit}; {@code /roll N}, {@code /read URL} and {@code look up ...} are direct-invocation rules, whose
 * answers {@link dev.loadout.direct.AnswerShaper} cuts to one short line.
 */
public final class ConsoleBot {
  static final String USAGE = "usage: ConsoleBot [--base-url URL --model NAME [--key-env VAR]] [--workdir DIR]"
      + " [--mcp-config FILE] [--stdin] [--echo]";

  private ConsoleBot() {}

  public static void main(String[] args) {
    // Typed lines are on the terminal already; --echo prints them again, for transcripts of piped input. On a
    // terminal the progress line is redrawn in place; piped, each update is a line.
    System.exit(run(args, System.in, System.out, System.err, System.getenv(), false, onTerminal()));
  }

  /**
   * Whether standard output is a terminal. Up to JDK 21 that is a console being there; from JDK 22 the console is
   * there even when output is piped, and {@code Console.isTerminal()} (looked up, since the bot compiles for 17) tells.
   */
  private static boolean onTerminal() {
    java.io.Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return true;
    }
  }

  static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Map<String, String> env,
      boolean echo) {
    return run(args, in, out, err, env, echo, false);
  }

  /**
   * Runs the bot until {@code /quit} or the end of the input.
   *
   * @param echo whether to print each line read from the input after the prompt, as {@code --echo} does (the
   *     scripted session's own lines are always printed)
   * @param inPlace whether the progress line is redrawn in place (a terminal) rather than printed as lines
   * @return the exit status: 0, or 2 for a usage error
   */
  static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Map<String, String> env,
      boolean echo, boolean inPlace) {
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
    URI endpoint = baseUrl == null ? null : endpoint(baseUrl);
    if (baseUrl != null && endpoint == null) {
      return usage(err, "--base-url must be an http or https URL, but was " + shown(baseUrl));
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
    boolean keyed = key != null && !key.isBlank();
    out.println("model " + model + " at " + shown(baseUrl) + (keyed ? " (key from " + keyEnv + ")"
        : " (no key: " + keyEnv + " is not set)"));
    // A local server without keys takes any bearer; the SDK wants one.
    OpenAIClient sdk = OpenAIOkHttpClient.builder().baseUrl(endpoint.toString()).apiKey(keyed ? key : "no-key")
        .maxRetries(1).build();
    // The progress line's seconds; ToolProgressTest drives the same class on a scheduler it moves by hand.
    ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "console-bot-progress");
      t.setDaemon(true);
      return t;
    });
    StreamedAnswer console = new StreamedAnswer(out, inPlace);
    ToolLoop.Model client = OpenAiChatLoopModel.builder(sdk, model).onText(console).build();
    try (BotWiring bot = new BotWiring(stores, NetworkPolicy.fromEnvironment(env), McpSettings.fromEnvironment(env), env,
        null, hostMcp, Clock.systemUTC(), console, new ToolProgress(ticks, console))) {
      converse(new ChatSession(bot, client, console, new ShortAnswers(sdk, model), "openai", model, Clock.systemUTC(),
          out), in, out, echo);
    } finally {
      ticks.shutdownNow();
      sdk.close();
    }
    return 0;
  }

  /** The API root as a URI, or null when it is not an absolute http or https URL. */
  private static URI endpoint(String baseUrl) {
    try {
      URI uri = new URI(baseUrl.replaceAll("/+$", ""));
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
      return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null ? uri : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /** A URL as printed: without user info or query, which may hold credentials. */
  static String shown(String url) {
    return url.replaceAll("(?<=://)[^/@]*@", "***@").replaceAll("\\?.*$", "?***");
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
      // Its tools answer at once, and its transcript must not depend on the machine's speed: no progress line.
      StreamedAnswer console = new StreamedAnswer(out, false);
      try (BotWiring bot = new BotWiring(stores, NetworkPolicy.development(),
          McpSettings.fromEnvironment(env).toBuilder().requireHttps(false).build(), env, web.searchEngine(), hostMcp,
          clock, console, new ToolProgress(null, console))) {
        converse(new ChatSession(bot, ScriptedConversation.asLoopModel(model), null, null, "openai", "scripted", clock,
            out),
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
