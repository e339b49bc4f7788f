package dev.loadout.fuzz;

import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Hostile inputs other than arguments: names, ids, provider bodies, URLs, HTML and settings. */
final class Inputs {
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
  private static final String[] SCHEMES = {"http", "https", "HTTP", "ftp", "file", "javascript", "data", "gopher", "", "ws"};
  private static final String[] HOSTS = {"fuzz.test", "page.fuzz.test", "127.0.0.1", "127.1", "0x7f.1", "0177.0.0.1",
      "2130706433", "[::1]", "[::ffff:127.0.0.1]", "[fe80::1%25eth0]", "169.254.169.254", "metadata.google.internal",
      "10.0.0.1", "192.168.1.1", "100.64.0.1", "0.0.0.0", "[::]", "93.184.216.34", "8.8.8.8", "[2001:4860::8888]",
      "xn--nxasmq6b.test", "bücher.test", "ex ample.test", "%66uzz.test", "fuzz.test.", "a." + "b".repeat(70) + ".test",
      "unknown.invalid", "localhost", "", "user:pass@fuzz.test", "fuzz.test:80@evil.test", "fuzz.test\\evil.test",
      "[::ffff:169.254.169.254]", "[fd00:ec2::254]", "168.63.129.16"};
  private static final String[] PORTS = {"", ":80", ":0", ":65535", ":65536", ":99999", ":-1", ":abc", ":8080", ":"};
  private static final String[] PATHS = {"/", "/page", "/page?n=1", "/img", "/search?q=x&format=json", "/%2e%2e/etc",
      "/a\\b", "/\u0000", "/#frag", "/" + "p".repeat(5_000), "?only=query", "/redir", "/%zz", "/ü"};

  private Inputs() {}

  static String word(Random r, int length) {
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      b.append(LETTERS.charAt(r.nextInt(LETTERS.length())));
    }
    return b.toString();
  }

  /** A URL a model might send: mostly broken, refused or unresolvable; sometimes our loopback site. */
  static String url(Random r) {
    if (r.nextInt(10) == 0) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < r.nextInt(80); i++) {
        b.append((char) (0x20 + r.nextInt(0x60)));
      }
      return b.toString();
    }
    String scheme = SCHEMES[r.nextInt(SCHEMES.length)];
    String sep = r.nextInt(12) == 0 ? ":/" : "://";
    return scheme + sep + HOSTS[r.nextInt(HOSTS.length)] + PORTS[r.nextInt(PORTS.length)] + PATHS[r.nextInt(PATHS.length)];
  }

  /** A tool name: usually one the turn shows, else hidden, unknown, empty, huge or control characters. */
  static String name(List<String> visible, Random r) {
    int k = r.nextInt(20);
    if (k < 16 && !visible.isEmpty()) {
      return visible.get(r.nextInt(visible.size()));
    }
    return List.of("", "nope", "FETCH_URL", "fetch_url ", "_1abc", "\u0000", "x".repeat(10_000), "block_user\n",
        "generate_image", "../../etc", "\uD800").get(r.nextInt(11));
  }

  static String id(Random r) {
    return List.of("call_1", "", "\u0000", "x".repeat(r.nextInt(5_000)), "toolu_" + r.nextInt(), "\uD83D\uDE00")
        .get(r.nextInt(6));
  }

  /** Reads any JSON document whatever its depth or number lengths: for deciding whether text can go in raw. */
  private static final tools.jackson.databind.json.JsonMapper RELAXED = tools.jackson.databind.json.JsonMapper.builder(
      tools.jackson.core.json.JsonFactory.builder().streamReadConstraints(tools.jackson.core.StreamReadConstraints.builder()
          .maxNestingDepth(100_000).maxNumberLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).build()).build())
      .build();

  /**
   * A provider body holding these calls in a dialect's shape, then perhaps damaged. Anthropic's and Gemini's
   * arguments go in as the raw JSON text when it is one JSON value (however deep), else as a string, so the body
   * carries exactly what the mutation made.
   */
  static String body(Dialect dialect, List<ToolCall> calls, Random r) {
    ObjectNode root = Instances.NODES.objectNode();
    ArrayNode list = Instances.NODES.arrayNode();
    List<String> raw = new ArrayList<>();
    for (ToolCall c : calls) {
      ObjectNode item = Instances.NODES.objectNode();
      String placeholder = "@@args" + raw.size() + "@@";
      boolean inline = r.nextBoolean() && isJson(c.arguments());
      raw.add(inline ? c.arguments() : null);
      switch (dialect) {
        case OPENAI_CHAT:
          item.put("id", c.id()).put("type", "function").putObject("function").put("name", c.name())
              .put("arguments", c.arguments());
          break;
        case OPENAI_RESPONSES:
          item.put("type", "function_call").put("call_id", c.id()).put("name", c.name()).put("arguments", c.arguments());
          break;
        case ANTHROPIC:
          item.put("type", "tool_use").put("id", c.id()).put("name", c.name()).put("input", inline ? placeholder : c.arguments());
          break;
        default:
          item.putObject("functionCall").put("name", dialect.wireName(safeName(c.name())))
              .put("args", inline ? placeholder : c.arguments());
      }
      list.add(item);
    }
    switch (dialect) {
      case OPENAI_CHAT:
        root.putArray("choices").addObject().putObject("message").set("tool_calls", list);
        break;
      case OPENAI_RESPONSES:
        root.set("output", list);
        break;
      case ANTHROPIC:
        root.set("content", list);
        break;
      default:
        root.putArray("candidates").addObject().putObject("content").set("parts", list);
    }
    String text = Mutations.JSON.writeValueAsString(root);
    for (int i = 0; i < raw.size(); i++) {
      if (raw.get(i) != null) {
        text = text.replace("\"@@args" + i + "@@\"", raw.get(i));
      }
    }
    return r.nextInt(3) == 0 ? Mutations.textual(text, r) : text;
  }

  private static boolean isJson(String text) {
    try {
      return !text.isBlank() && RELAXED.readTree(text) != null;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static String safeName(String name) {
    return name.isEmpty() ? "x" : name;
  }

  /** Tag soup, deep nesting and the structure that makes jsoup's own parser throw. */
  static String html(Random r) {
    String[] pieces = {"<b>", "</b>", "<p>", "</p>", "<div>", "</div>", "<table>", "<tr>", "<td>", "</td>", "<pre>",
        "</pre>", "<a href='x'>", "</a>", "<ul>", "<li>", "<h1>", "</h1>", "<img src='//'>", "<base href='::'>",
        "<template>", "<svg>", "<math>", "<select>", "<frameset>", "<br>", "<code>", "<title>", "</title>", "text, more. ",
        "&amp;", "&#0;", "\u0000", "\uD800", "<!--", "<script>", "</script>", "<ol start='-9999999999'>", "<meta charset=x>"};
    switch (r.nextInt(5)) {
      case 0:
        return "<b>".repeat(400 + r.nextInt(200)) + "<p><b><div>x</div>".repeat(20);
      case 1:
        int depth = 500 + r.nextInt(4_000);
        return "<div>".repeat(depth) + "deep" + "</div>".repeat(depth);
      default:
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < r.nextInt(400); i++) {
          b.append(pieces[r.nextInt(pieces.length)]);
        }
        return b.toString();
    }
  }

  private static final String[] VARIABLES = {"RUN_ENV", "FETCH_URL_ALLOW_PRIVATE_NETWORK", "MAX_FETCH_SIZE_MB",
      "GUILD_MCP_CONNECT_TIMEOUT_MS", "GUILD_MCP_EXECUTION_TIMEOUT_MS", "GUILD_MCP_FAILURE_COOLDOWN_MS",
      "GUILD_MCP_CONNECTION_TTL_MINUTES", "MAX_MCP_SERVERS_PER_GUILD", "MCP_TOOL_SNAPSHOT_MAX_NAMES",
      "MCP_TOOL_SNAPSHOT_NAME_MAX_CHARS", "FETCH_URL_ENGINE_ORDER", "FETCH_URL_MAX_CONTENT_LENGTH", "CRAWL4AI_BASE_URL",
      "CRAWL4AI_API_TOKEN", "SEARXNG_URL", "SEARXNG_ALLOW_PRIVATE_NETWORK", "BRAVE_API_KEY", "WEB_SEARCH_DUCKDUCKGO",
      "WEB_SEARCH_ENGINE_ORDER", "IMAGE_REFERENCE_MAX_COUNT", "IMAGE_REFERENCE_MAX_SINGLE_BYTES",
      "IMAGE_REFERENCE_MAX_TOTAL_BYTES", "VISION_ANALYSIS_TIMEOUT_MS", "IMAGE_GENERATION_TIMEOUT_MS",
      "DELIBERATE_TOOL_CONTEXT_TURNS"};
  private static final String[] VALUES = {"", " ", "true", "FALSE", "yes", "maybe", "0", "1", "-1", "42", "1500",
      "9223372035855", "9223372036854775807", "99999999999999999999", "90s", "5 min", "2h", "1d", "5 fortnights",
      "12 MiB", "3GiB", "0.5", "1e3", "development", "production", "staging", "searxng,duckduckgo", "bing",
      "http://127.0.0.1:1/", "ftp://x/", "tok en", "\u0000", "\uD800", "é", "x".repeat(300)};

  /** Environment variables as a host might set them. */
  static Map<String, String> environment(Random r) {
    Map<String, String> env = new LinkedHashMap<>();
    for (int i = 0; i < r.nextInt(6); i++) {
      env.put(VARIABLES[r.nextInt(VARIABLES.length)], VALUES[r.nextInt(VALUES.length)]);
    }
    return env;
  }

  /** A configuration mapping as a host's YAML reader hands it over: nested, odd keys, sometimes cyclic. */
  static Map<String, Object> toolGroups(Random r) {
    Map<String, Object> document = new LinkedHashMap<>();
    Map<Object, Object> groups = new LinkedHashMap<>();
    for (int i = 0; i < r.nextInt(5); i++) {
      Map<Object, Object> settings = new LinkedHashMap<>();
      for (int j = 0; j < r.nextInt(4); j++) {
        settings.put(List.of("enabled", "channels", "exclude_channels", "Channels", "channel", " enabled ").get(r.nextInt(6)),
            anyValue(r, 0));
      }
      groups.put(r.nextInt(8) == 0 ? (Object) r.nextInt() : List.of("games", "Games", "music", "", " fun ").get(r.nextInt(5)),
          r.nextInt(6) == 0 ? anyValue(r, 0) : settings);
    }
    if (r.nextInt(6) == 0) {
      groups.put("self", groups);
    }
    document.put("tool_groups", r.nextInt(10) == 0 ? anyValue(r, 0) : groups);
    if (r.nextInt(6) == 0) {
      document.put("loop", document);
    }
    return document;
  }

  private static Object anyValue(Random r, int depth) {
    switch (r.nextInt(depth > 2 ? 6 : 9)) {
      case 0: return null;
      case 1: return r.nextBoolean();
      case 2: return (long) r.nextInt();
      case 3: return new java.math.BigInteger("123456789012345678901234567890");
      case 4: return r.nextDouble();
      case 5: return VALUES[r.nextInt(VALUES.length)];
      case 6: {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < r.nextInt(4); i++) {
          list.add(anyValue(r, depth + 1));
        }
        if (r.nextInt(5) == 0) {
          list.add(list);
        }
        return list;
      }
      case 7: {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(word(r, 3), anyValue(r, depth + 1));
        return map;
      }
      default:
        return new Object() {
          @Override
          public String toString() {
            throw new IllegalStateException("a value whose toString throws");
          }
        };
    }
  }

  /** One of a small set of hostile strings, for config parts. */
  static String part(Random r) {
    return r.nextInt(5) == 0 ? null : VALUES[r.nextInt(VALUES.length)];
  }
}
