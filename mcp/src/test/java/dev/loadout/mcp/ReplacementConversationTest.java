package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.availability.DeliberateSettings;
import dev.loadout.core.availability.DeliberateToolMode;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A guild registers a {@code url_fetcher} server and a member asks the bot to read a link, in deliberate tool mode:
 * the prompt's {@code {url_fetch_tool}} macro, the {@code tool_family:url_fetch} predicate, the tools deliberate
 * mode admits for the URL intent, and the tool the scripted model then calls all follow one resolution, for a
 * replacement with zero tools, one tool of its own name, and a tool named {@code fetch_url} itself.
 */
@Timeout(60)
class ReplacementConversationTest {
  static final String PROMPT = "To read a link, call {url_fetch_tool}.";
  static final String URL = "http://127.0.0.1:9/page";

  @RegisterExtension
  static final McpTestServerExtension EMPTY = McpTestServerExtension.of(McpTestServer.builder().name("empty"));
  @RegisterExtension
  static final McpTestServerExtension OWN_NAME = McpTestServerExtension.of(McpTestServer.builder().name("reader")
      .tool("read_page", "Reads a page.", TestServers.URL_SCHEMA, args -> McpReply.text("reader: " + args.get("url"))));
  @RegisterExtension
  static final McpTestServerExtension SAME_NAME = McpTestServerExtension.of(McpTestServer.builder().name("fetcher")
      .tool("fetch_url", "Fetches a page.", TestServers.URL_SCHEMA, args -> McpReply.text("mcp: " + args.get("url"))));

  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(4))
          .executionTimeout(Duration.ofSeconds(4)).build()).build();
  final ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
  final Loadout loadout;

  ReplacementConversationTest() {
    ToolSpec fetchUrl = ToolSpec.builder("fetch_url", TestServers.URL_SCHEMA).description("Reads a page.")
        .family("url_fetch").build();
    ToolRegistry registry = ToolRegistry.builder()
        .register(BaseTool.of(fetchUrl, (c, ctx) -> ToolResult.text("built-in: " + c.argumentsJson().get("url").stringValue())))
        .register(BaseTool.of(ToolSpec.builder("roll_dice", "{\"type\":\"object\"}").build(), (c, ctx) -> ToolResult.text("4")))
        .build();
    Loadout.Builder b = Loadout.builder(registry).externalTools(manager);
    AvailabilityFilters.standard().forEach(b::addFilter);
    b.addFilter(AvailabilityFilters.deliberateToolMode(DeliberateToolMode.defaults()));
    loadout = b.build();
  }

  @AfterEach
  void close() {
    loadout.close();
    manager.close();
  }

  void register(McpTestServerExtension server) {
    store.insert(McpRegistration.draft("g1", server.server().toolNames().isEmpty() ? "empty" : "reader-server",
        server.server().streamableUrl(), null, ServerType.URL_FETCHER, null)).orElseThrow();
  }

  static TurnContext turn(String text, Boolean replacementSwitch) {
    TurnContext.Builder b = TurnContext.builder("openai", "gpt-test").guildId("g1").userId("alice").messageText(text)
        .attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true));
    if (replacementSwitch != null) {
      b.flag(GuildMcpManager.REPLACEMENT_FLAG, replacementSwitch);
    }
    return b.build();
  }

  /** One exchange: the request the bot sends, the model calling {@code tool} on the link, the result it gets. */
  record Exchange(PreparedTurn turn, String request, ToolResult result) {}

  Exchange ask(String text, Boolean replacementSwitch, String tool) throws Exception {
    PreparedTurn t = loadout.prepare(turn(text, replacementSwitch));
    String request = "{\"messages\":[{\"role\":\"system\",\"content\":\"" + t.expandMacros(PROMPT) + "\"},"
        + "{\"role\":\"user\",\"content\":\"" + text + "\"}],\"tools\":" + t.render(Dialect.OPENAI_CHAT).json() + "}";
    model.enqueueToolCalls(ToolCall.of("call_1", tool, "{\"url\":\"" + URL + "\"}"));
    List<ToolCall> calls = Dialect.OPENAI_CHAT.parseToolCalls(model.respond(request));
    ToolResult result = t.execute(calls.get(0)).toCompletableFuture().get(10, TimeUnit.SECONDS);
    return new Exchange(t, request, result);
  }

  static String text(ToolResult r) {
    return ((ToolResult.Success) r).summary().orElse(((ToolResult.Success) r).data().toString());
  }

  @Test
  void aReplacementWithNoToolsLeavesTheBuiltInAndEveryResolutionNamesIt() throws Exception {
    register(EMPTY);
    Exchange e = ask("please read " + URL, null, "fetch_url");

    assertThat(e.turn().visibleNames()).containsExactly("fetch_url");
    assertThat(e.turn().hasFamily("url_fetch")).isTrue();
    assertThat(e.request()).contains("To read a link, call fetch_url.");
    assertThat(text(e.result())).isEqualTo("built-in: " + URL);
  }

  @Test
  void aReplacementWithItsOwnToolReplacesTheBuiltInInThePromptTheToolsAndTheCall() throws Exception {
    register(OWN_NAME);
    Exchange e = ask("please read " + URL, null, "read_page");

    assertThat(e.turn().visibleNames()).containsExactly("read_page");
    assertThat(e.turn().hidden("fetch_url").orElseThrow().hasReason("replaced_by_source")).isTrue();
    assertThat(e.turn().familyToolNames("url_fetch")).containsExactly("read_page");
    assertThat(e.request()).contains("To read a link, call read_page.").doesNotContain("\"fetch_url\"");
    assertThat(text(e.result())).isEqualTo("reader: " + URL);
  }

  @Test
  void aReplacementOfferingAToolNamedFetchUrlReplacesTheBuiltInOfThatName() throws Exception {
    register(SAME_NAME);
    Exchange e = ask("please read " + URL, null, "fetch_url");

    assertThat(e.turn().visibleNames()).containsExactly("fetch_url");
    assertThat(e.turn().externalSource("fetch_url")).contains("reader-server");
    assertThat(e.turn().hidden()).noneMatch(h -> h.hasReason("name_reserved"));
    assertThat(e.request()).contains("To read a link, call fetch_url.");
    assertThat(text(e.result())).isEqualTo("mcp: " + URL);
  }

  @Test
  void withTheReplacementSwitchedOffTheBuiltInComesBackRatherThanLeavingTheGuildWithoutUrlReading() throws Exception {
    register(OWN_NAME);
    Exchange off = ask("please read " + URL, false, "fetch_url");

    assertThat(off.turn().visibleNames()).containsExactly("fetch_url");
    assertThat(off.turn().hidden("read_page").orElseThrow().hasReason(AvailabilityFilters.FEATURE_FLAG_OFF)).isTrue();
    assertThat(off.request()).contains("To read a link, call fetch_url.");
    assertThat(text(off.result())).isEqualTo("built-in: " + URL);
  }

  @Test
  void withoutAUrlIntentDeliberateModeShowsNoToolOfTheFamilyWhicheverResolves() {
    register(SAME_NAME);
    PreparedTurn hello = loadout.prepare(turn("hello there", null));
    assertThat(hello.visibleNames()).isEmpty();
    assertThat(hello.hasFamily("url_fetch")).isFalse();
    assertThat(hello.expandMacros(PROMPT)).isEqualTo("To read a link, call fetch_url.");
  }
}
