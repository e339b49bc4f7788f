package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads the host's bot-wide MCP servers from a small YAML or JSON file:
 *
 * <pre>{@code
 * servers:
 *   - name: github
 *     url: https://mcp.example.com/github     # transport: auto (default), streamable_http or sse
 *     token_env: GITHUB_MCP_TOKEN             # the token comes from this variable; or token: ...
 *     tools: { deny: ["delete_*"], prefix: gh_ }
 *   - name: files
 *     transport: stdio
 *     command: npx
 *     args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv/shared"]
 *     env: { LOG_LEVEL: warn }
 *   - name: wiki
 *     url: http://10.0.0.7:8080/mcp
 *     trusted_private: true                   # the host's own server on a private address
 *     type: general                           # general, web_search or url_fetcher
 *     enabled: true
 *     execution_timeout_ms: 60000
 * }</pre>
 *
 * <p>Keys per server: {@code name} (required), {@code transport}, {@code url} (HTTP), {@code command},
 * {@code args}, {@code env} and {@code directory} (stdio), {@code token} or {@code token_env}, {@code trusted_private},
 * {@code type}, {@code enabled}, {@code execution_timeout_ms}, {@code group} (the tool group of its tools, for
 * {@code ToolGroupsConfig} rules; {@code mcp} unless set), and {@code tools} with {@code allow}, {@code deny} and
 * {@code prefix} (see {@link ToolSelection}). A missing {@code transport} means {@code stdio} when a
 * {@code command} is given, else {@code auto}.
 *
 * <p>Strict, because a typo in a security setting must not pass silently: an unknown key, a value of the wrong
 * type, a duplicate name, a {@code token_env} naming a variable that is not set, or any rule of
 * {@link HostMcpServer.Builder} fails with an {@link IllegalArgumentException} that names the server, the key and
 * the value (never a token or an environment value). An empty document, or one without {@code servers}, has no
 * servers.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HostMcpConfig {
  private static final ObjectMapper YAML = YAMLMapper.builder().build();
  private static final ObjectMapper JSON = JsonMapper.builder().build();
  private static final Set<String> KEYS = Set.of("name", "transport", "url", "command", "args", "env", "directory",
      "token", "token_env", "trusted_private", "type", "enabled", "execution_timeout_ms", "tools", "group");
  private static final Set<String> TOOL_KEYS = Set.of("allow", "deny", "prefix");

  private HostMcpConfig() {}

  /**
   * The servers of a YAML document.
   *
   * @param yaml the document; never null
   * @param environment where {@code token_env} variables are looked up (usually {@link System#getenv()}); never null
   * @throws IllegalArgumentException if the document is not YAML or breaks a rule, naming what to fix
   */
  public static List<HostMcpServer> fromYaml(String yaml, Map<String, String> environment) {
    return read(YAML, yaml, "YAML", environment);
  }

  /**
   * The servers of a JSON document; see {@link #fromYaml(String, Map)}.
   *
   * @throws IllegalArgumentException if the document is not JSON or breaks a rule, naming what to fix
   */
  public static List<HostMcpServer> fromJson(String json, Map<String, String> environment) {
    return read(JSON, json, "JSON", environment);
  }

  private static List<HostMcpServer> read(ObjectMapper mapper, String text, String format, Map<String, String> env) {
    if (text == null || env == null) {
      throw new IllegalArgumentException("host MCP config: the " + format + " text and the environment must not be null");
    }
    JsonNode root;
    try {
      root = text.isBlank() ? null : mapper.readTree(text);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("host MCP config is not valid " + format + ": " + e.getOriginalMessage(), e);
    }
    if (root == null || root.isNull() || root.isMissingNode()) {
      return List.of();
    }
    if (!root.isObject()) {
      throw new IllegalArgumentException("host MCP config must be a mapping with a 'servers' list, but is "
          + root.getNodeType());
    }
    for (String key : root.propertyNames()) {
      if (!key.equals("servers")) {
        throw new IllegalArgumentException("host MCP config: unknown top-level key [" + key + "]; the servers go under "
            + "'servers'");
      }
    }
    JsonNode servers = root.get("servers");
    if (servers == null || servers.isNull()) {
      return List.of();
    }
    if (!servers.isArray()) {
      throw new IllegalArgumentException("host MCP config: 'servers' must be a list, but is " + servers.getNodeType());
    }
    List<HostMcpServer> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < servers.size(); i++) {
      HostMcpServer s = server(servers.get(i), "servers[" + i + "]", env);
      if (!names.add(s.name().toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException("host MCP config: servers[" + i + "] repeats the name '" + s.name()
            + "'; names are unique ignoring case");
      }
      out.add(s);
    }
    return List.copyOf(out);
  }

  private static HostMcpServer server(JsonNode n, String where, Map<String, String> env) {
    if (!n.isObject()) {
      throw new IllegalArgumentException("host MCP config: " + where + " must be a mapping, but is " + n.getNodeType());
    }
    String name = text(n, "name", where, true);
    String at = where + " ('" + name + "')";
    for (String key : n.propertyNames()) {
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException("host MCP config: " + at + " has an unknown key [" + key + "]; the keys are "
            + new java.util.TreeSet<>(KEYS));
      }
    }
    String command = text(n, "command", at, false);
    String transportText = text(n, "transport", at, false);
    HostMcpServer.Transport transport = transportText == null
        ? (command != null ? HostMcpServer.Transport.STDIO : HostMcpServer.Transport.AUTO)
        : HostMcpServer.Transport.parse(transportText).orElseThrow(() -> new IllegalArgumentException("host MCP config: "
            + at + " has transport [" + transportText + "]; it must be auto, streamable_http, sse or stdio"));
    HostMcpServer.Builder b;
    try {
      if (transport == HostMcpServer.Transport.STDIO) {
        refuse(n, at, "url", "stdio");
        refuse(n, at, "token", "stdio");
        refuse(n, at, "token_env", "stdio");
        refuse(n, at, "trusted_private", "stdio");
        if (command == null) {
          throw new IllegalArgumentException("host MCP config: " + at + " runs over stdio and needs a 'command'");
        }
        b = HostMcpServer.stdio(name, command, strings(n, "args", at));
        JsonNode vars = n.get("env");
        if (vars != null && !vars.isNull()) {
          if (!vars.isObject()) {
            throw new IllegalArgumentException("host MCP config: " + at + " 'env' must be a mapping of names to values");
          }
          for (Map.Entry<String, JsonNode> v : vars.properties()) {
            if (!v.getValue().isValueNode() || v.getValue().isNull()) {
              throw new IllegalArgumentException("host MCP config: " + at + " env variable [" + v.getKey()
                  + "] must have a plain value");
            }
            b.env(v.getKey(), v.getValue().asString());
          }
        }
        String directory = text(n, "directory", at, false);
        if (directory != null) {
          b.directory(Path.of(directory));
        }
      } else {
        refuse(n, at, "command", transport.wireName());
        refuse(n, at, "args", transport.wireName());
        refuse(n, at, "env", transport.wireName());
        refuse(n, at, "directory", transport.wireName());
        String url = text(n, "url", at, true);
        b = HostMcpServer.http(name, url).transport(transport).token(token(n, at, env));
        if (n.has("trusted_private")) {
          b.trustedPrivate(bool(n, "trusted_private", at));
        }
      }
      String type = text(n, "type", at, false);
      if (type != null) {
        b.type(ServerType.parse(type).orElseThrow(() -> new IllegalArgumentException("host MCP config: " + at
            + " has type [" + type + "]; it must be general, web_search or url_fetcher")));
      }
      if (n.has("enabled")) {
        b.enabled(bool(n, "enabled", at));
      }
      if (n.has("execution_timeout_ms")) {
        JsonNode t = n.get("execution_timeout_ms");
        if (!t.canConvertToLong()) {
          throw new IllegalArgumentException("host MCP config: " + at + " execution_timeout_ms must be a whole number "
              + "of milliseconds, but was [" + t + "]");
        }
        b.executionTimeout(Duration.ofMillis(t.asLong()));
      }
      b.toolSelection(tools(n.get("tools"), at));
      String group = text(n, "group", at, false);
      if (group != null) {
        b.group(group);
      }
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("host MCP config")) {
        throw e;
      }
      throw new IllegalArgumentException("host MCP config: " + at + ": " + e.getMessage(), e);
    }
    return b.build();
  }

  private static String token(JsonNode n, String at, Map<String, String> env) {
    String literal = text(n, "token", at, false);
    String variable = text(n, "token_env", at, false);
    if (literal != null && variable != null) {
      throw new IllegalArgumentException("host MCP config: " + at + " has both 'token' and 'token_env'; give one");
    }
    if (variable == null) {
      return literal;
    }
    String value = env.get(variable);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("host MCP config: " + at + " reads its token from [" + variable
          + "], which is not set");
    }
    return value;
  }

  private static ToolSelection tools(JsonNode t, String at) {
    if (t == null || t.isNull()) {
      return ToolSelection.ALL;
    }
    if (!t.isObject()) {
      throw new IllegalArgumentException("host MCP config: " + at + " 'tools' must be a mapping with allow, deny, prefix");
    }
    for (String key : t.propertyNames()) {
      if (!TOOL_KEYS.contains(key)) {
        throw new IllegalArgumentException("host MCP config: " + at + " 'tools' has an unknown key [" + key
            + "]; the keys are [allow, deny, prefix]");
      }
    }
    ToolSelection.Builder b = ToolSelection.builder().allow(strings(t, "allow", at)).deny(strings(t, "deny", at));
    String prefix = text(t, "prefix", at, false);
    if (prefix != null) {
      b.prefix(prefix);
    }
    return b.build();
  }

  private static void refuse(JsonNode n, String at, String key, String transport) {
    if (n.has(key)) {
      throw new IllegalArgumentException("host MCP config: " + at + " has '" + key + "', which a " + transport
          + " server does not take");
    }
  }

  private static String text(JsonNode n, String key, String at, boolean required) {
    JsonNode v = n.get(key);
    if (v == null || v.isNull()) {
      if (required) {
        throw new IllegalArgumentException("host MCP config: " + at + " needs '" + key + "'");
      }
      return null;
    }
    if (!v.isString() && !v.isNumber()) {
      throw new IllegalArgumentException("host MCP config: " + at + " '" + key + "' must be text, but is "
          + v.getNodeType());
    }
    return v.asString();
  }

  private static boolean bool(JsonNode n, String key, String at) {
    JsonNode v = n.get(key);
    if (!v.isBoolean()) {
      throw new IllegalArgumentException("host MCP config: " + at + " '" + key + "' must be true or false, but was ["
          + v + "]");
    }
    return v.asBoolean();
  }

  private static List<String> strings(JsonNode n, String key, String at) {
    JsonNode v = n.get(key);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (!v.isArray()) {
      throw new IllegalArgumentException("host MCP config: " + at + " '" + key + "' must be a list");
    }
    List<String> out = new ArrayList<>();
    for (JsonNode e : v) {
      if (!e.isString() && !e.isNumber()) {
        throw new IllegalArgumentException("host MCP config: " + at + " '" + key + "' must hold text, but holds "
            + e.getNodeType());
      }
      out.add(e.asString());
    }
    return out;
  }
}
