package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The host's MCP server file, as an operator writes it: what each key becomes, and every mistake refused at start-up
 * with a sentence naming the server, the key and what to write instead (never a token or an environment value).
 */
class HostMcpConfigTest {
  static final Map<String, String> NO_ENV = Map.of();

  static List<HostMcpServer> yaml(String text) {
    return HostMcpConfig.fromYaml(text, NO_ENV);
  }

  @Test
  void aStdioServerTakesItsCommandArgumentsEnvironmentAndDirectory() {
    HostMcpServer files = yaml("""
        servers:
          - name: files
            command: npx
            args: [-y, server-filesystem, 8080]
            env: { LOG_LEVEL: warn, DEPTH: 3 }
            directory: /srv
            type: url_fetcher
            enabled: false
            group: storage
        """).get(0);
    assertThat(files.transport()).isEqualTo(HostMcpServer.Transport.STDIO);
    assertThat(files.commandLine()).containsExactly("npx", "-y", "server-filesystem", "8080");
    assertThat(files).isEqualTo(HostMcpServer.stdio("files", "npx", List.of("-y", "server-filesystem", "8080"))
        .env("LOG_LEVEL", "warn").env("DEPTH", "3").directory(Path.of("/srv")).type(ServerType.URL_FETCHER)
        .enabled(false).group("storage").build());
  }

  @Test
  void anHttpServerTakesItsTransportTokenAndTrust() {
    List<HostMcpServer> servers = HostMcpConfig.fromJson("""
        {"servers": [
          {"name": "wiki", "url": "http://10.0.0.7:8080/mcp", "transport": "sse", "token": "t0k",
           "trusted_private": true, "enabled": true, "execution_timeout_ms": 60000},
          {"name": "search", "url": "https://mcp.example.com/s", "token_env": "SEARCH_TOKEN", "type": "web_search"}
        ]}""", Map.of("SEARCH_TOKEN", "from-env"));
    assertThat(servers.get(0)).isEqualTo(HostMcpServer.http("wiki", "http://10.0.0.7:8080/mcp")
        .transport(HostMcpServer.Transport.SSE).token("t0k").trustedPrivate(true).enabled(true)
        .executionTimeout(Duration.ofMinutes(1)).build());
    assertThat(servers.get(1)).isEqualTo(HostMcpServer.http("search", "https://mcp.example.com/s").token("from-env")
        .type(ServerType.WEB_SEARCH).build());
    assertThat(servers.get(1).transport()).as("no transport and no command: auto").isEqualTo(HostMcpServer.Transport.AUTO);
  }

  @Test
  void anEmptyDocumentOrOneWithoutServersHasNone() {
    assertThat(yaml("")).isEmpty();
    assertThat(yaml("   \n")).isEmpty();
    assertThat(yaml("servers:\n")).isEmpty();
    assertThat(yaml("null\n")).isEmpty();
    assertThat(HostMcpConfig.fromJson("{}", NO_ENV)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      not a mapping              | [a, b]                                                   | host MCP config must be a mapping with a 'servers' list, but is ARRAY
      unknown top-level key      | server: []                                               | host MCP config: unknown top-level key [server]; the servers go under 'servers'
      servers not a list         | 'servers: {name: a}'                                     | host MCP config: 'servers' must be a list, but is OBJECT
      server not a mapping       | 'servers: [github]'                                      | host MCP config: servers[0] must be a mapping, but is STRING
      no name                    | 'servers: [{url: ''https://a.example''}]'                 | host MCP config: servers[0] needs 'name'
      name not text              | 'servers: [{name: [a]}]'                                 | host MCP config: servers[0] 'name' must be text, but is ARRAY
      unknown key                | 'servers: [{name: a, url: ''https://a.example'', tokn: x}]' | host MCP config: servers[0] ('a') has an unknown key [tokn]; the keys are [args, command, directory, enabled, env, execution_timeout_ms, group, name, token, token_env, tools, transport, trusted_private, type, url]
      unknown transport          | 'servers: [{name: a, transport: websocket}]'             | host MCP config: servers[0] ('a') has transport [websocket]; it must be auto, streamable_http, sse or stdio
      stdio with a url           | 'servers: [{name: a, command: x, url: ''https://a.example''}]' | host MCP config: servers[0] ('a') has 'url', which a stdio server does not take
      stdio with a token         | 'servers: [{name: a, command: x, token: t}]'             | host MCP config: servers[0] ('a') has 'token', which a stdio server does not take
      stdio with token_env       | 'servers: [{name: a, command: x, token_env: T}]'         | host MCP config: servers[0] ('a') has 'token_env', which a stdio server does not take
      stdio with trust           | 'servers: [{name: a, command: x, trusted_private: true}]' | host MCP config: servers[0] ('a') has 'trusted_private', which a stdio server does not take
      stdio without a command    | 'servers: [{name: a, transport: stdio}]'                 | host MCP config: servers[0] ('a') runs over stdio and needs a 'command'
      http with a command        | 'servers: [{name: a, transport: sse, command: x}]'       | host MCP config: servers[0] ('a') has 'command', which a sse server does not take
      http with args             | 'servers: [{name: a, url: ''https://a.example'', args: [x]}]' | host MCP config: servers[0] ('a') has 'args', which a auto server does not take
      http with env              | 'servers: [{name: a, url: ''https://a.example'', env: {A: b}}]' | host MCP config: servers[0] ('a') has 'env', which a auto server does not take
      http with a directory      | 'servers: [{name: a, url: ''https://a.example'', directory: /x}]' | host MCP config: servers[0] ('a') has 'directory', which a auto server does not take
      http without a url         | 'servers: [{name: a}]'                                   | host MCP config: servers[0] ('a') needs 'url'
      env not a mapping          | 'servers: [{name: a, command: x, env: [A]}]'             | host MCP config: servers[0] ('a') 'env' must be a mapping of names to values
      env value not plain        | 'servers: [{name: a, command: x, env: {A: [b]}}]'        | host MCP config: servers[0] ('a') env variable [A] must have a plain value
      env value null             | 'servers: [{name: a, command: x, env: {A: null}}]'          | host MCP config: servers[0] ('a') env variable [A] must have a plain value
      args not a list            | 'servers: [{name: a, command: x, args: y}]'              | host MCP config: servers[0] ('a') 'args' must be a list
      args holding a mapping     | 'servers: [{name: a, command: x, args: [{b: c}]}]'       | host MCP config: servers[0] ('a') 'args' must hold text, but holds OBJECT
      unknown type               | 'servers: [{name: a, url: ''https://a.example'', type: images}]' | host MCP config: servers[0] ('a') has type [images]; it must be general, web_search or url_fetcher
      enabled not a boolean      | 'servers: [{name: a, url: ''https://a.example'', enabled: yes please}]' | host MCP config: servers[0] ('a') 'enabled' must be true or false, but was ["yes please"]
      trust not a boolean        | 'servers: [{name: a, url: ''https://a.example'', trusted_private: 1}]' | host MCP config: servers[0] ('a') 'trusted_private' must be true or false, but was [1]
      timeout not a number       | 'servers: [{name: a, url: ''https://a.example'', execution_timeout_ms: soon}]' | host MCP config: servers[0] ('a') execution_timeout_ms must be a whole number of milliseconds, but was ["soon"]
      tools not a mapping        | 'servers: [{name: a, url: ''https://a.example'', tools: [x]}]' | host MCP config: servers[0] ('a') 'tools' must be a mapping with allow, deny, prefix
      tools with an unknown key  | 'servers: [{name: a, url: ''https://a.example'', tools: {only: [x]}}]' | host MCP config: servers[0] ('a') 'tools' has an unknown key [only]; the keys are [allow, deny, prefix]
      token and token_env        | 'servers: [{name: a, url: ''https://a.example'', token: t, token_env: T}]' | host MCP config: servers[0] ('a') has both 'token' and 'token_env'; give one
      token_env not set          | 'servers: [{name: a, url: ''https://a.example'', token_env: GH_TOKEN}]' | host MCP config: servers[0] ('a') reads its token from [GH_TOKEN], which is not set
      a name repeated            | 'servers: [{name: Wiki, url: ''https://a.example''}, {name: wiki, url: ''https://b.example''}]' | host MCP config: servers[1] repeats the name 'wiki'; names are unique ignoring case
      """)
  void eachMistakeIsRefusedNamingTheServerTheKeyAndWhatToWrite(String mistake, String document, String message) {
    assertThatThrownBy(() -> yaml(document)).as(mistake).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void aTokenVariableThatIsBlankIsNotSetAndNoTokenOrValueIsEverQuoted() {
    String doc = "servers: [{name: a, url: 'https://a.example', token_env: GH_TOKEN}]";
    assertThatThrownBy(() -> HostMcpConfig.fromYaml(doc, Map.of("GH_TOKEN", "  ")))
        .hasMessage("host MCP config: servers[0] ('a') reads its token from [GH_TOKEN], which is not set");
    assertThatThrownBy(() -> HostMcpConfig.fromYaml(
        "servers: [{name: a, url: 'https://a.example', token: s3cret, token_env: T}]", NO_ENV))
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void aRuleOfTheServerBuilderIsReportedWithTheServerItBroke() {
    assertThatThrownBy(() -> yaml("servers: [{name: a, url: 'https://a.example', tools: {prefix: '9lives'}}]"))
        .hasMessageStartingWith("host MCP config: servers[0] ('a'): ");
    assertThatThrownBy(() -> yaml("servers: [{name: a, url: 'ftp://a.example'}]"))
        .hasMessageStartingWith("host MCP config: servers[0] ('a'): ");
  }

  @Test
  void textThatIsNotTheFormatIsRefusedSaying() {
    assertThatThrownBy(() -> HostMcpConfig.fromJson("{\"servers\": [", NO_ENV))
        .hasMessageStartingWith("host MCP config is not valid JSON: ");
    assertThatThrownBy(() -> HostMcpConfig.fromYaml("servers: [a, b", NO_ENV))
        .hasMessageStartingWith("host MCP config is not valid YAML: ");
    assertThatThrownBy(() -> HostMcpConfig.fromYaml(null, NO_ENV))
        .hasMessage("host MCP config: the YAML text and the environment must not be null");
    assertThatThrownBy(() -> HostMcpConfig.fromJson("{}", null))
        .hasMessage("host MCP config: the JSON text and the environment must not be null");
  }
}
