package dev.loadout.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Dialect;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.availability.ToolGroupsConfig;
import dev.loadout.tools.web.HtmlToMarkdown;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The slice of the fuzz suite CI runs (well under a minute): jqwik's own strings as arguments, names, bodies, URLs,
 * HTML and environment values, and short campaigns from random seeds, over the real tools and the fixture. Every
 * property checks the same invariants as the soak (see {@link Outcomes}); the last step closes the bot and checks
 * that no Loadout thread is left.
 */
class FuzzSliceTest {
  private static Set<Thread> before;
  private static FuzzBot bot;
  private static Campaign campaign;
  private static PreparedTurn turn;
  private static final Outcomes OUT = new Outcomes();
  private static long started;

  @BeforeContainer
  static void start() throws Exception {
    before = Set.copyOf(Thread.getAllStackTraces().keySet());
    started = System.nanoTime();
    bot = new FuzzBot();
    campaign = new Campaign(bot, OUT);
    turn = bot.loadout.prepare(FuzzBot.context(0, "search, fetch, draw, speak"));
  }

  @AfterContainer
  static void stop() throws Exception {
    bot.close();
    Soak.threadsLeft(before, OUT);
    System.out.println(OUT.summary((System.nanoTime() - started) / 1e9, 0));
    assertThat(OUT.examples()).isEmpty();
    assertThat(OUT.totalBreaches()).isZero();
  }

  private static void noBreach() {
    assertThat(OUT.examples()).isEmpty();
  }

  @net.jqwik.api.Example
  void theTurnShowsTheRealToolsTheFixtureAndTheGuildsMcpTools() {
    assertThat(turn.visibleNames()).contains("fetch_url", "web_search", "generate_image", "analyze_image",
        "generate_voice_message", "block_user", "unblock_user", "review_capabilities", "read_text_file", "fixture_int_enum");
    assertThat(turn.externalSource("nested")).contains("fuzz-mcp");
    assertThat(turn.externalSource("fails")).contains("fuzz-mcp");
    assertThat(turn.visibleNames().size()).isGreaterThan(100);
  }

  @Provide
  Arbitrary<String> hostileText() {
    return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(200),
        Arbitraries.strings().withChars("{}[]\":,0123456789.-eE nulltrfasx\\u\u0000\uD800").ofMaxLength(120),
        Arbitraries.strings().all().ofMaxLength(60));
  }

  @Property(tries = 400)
  void anyArgumentsTextGetsAResultWithADocumentedCode(@ForAll("hostileText") String arguments,
      @ForAll @IntRange(min = 0, max = 200) int tool, @ForAll Dialect dialect) throws Exception {
    List<String> names = turn.visibleNames();
    String name = names.get(tool % names.size());
    CompletableFuture<ToolResult> stage = turn.execute(ToolCall.of("c", name, arguments, dialect)).toCompletableFuture();
    ToolResult r = stage.get(FuzzBot.DEADLINE.plus(Campaign.SLACK).toMillis(), TimeUnit.MILLISECONDS);
    assertThat(r).isNotNull();
    if (r instanceof ToolResult.Failure) {
      assertThat(DocumentedCodes.isDocumented(((ToolResult.Failure) r).code())).as(((ToolResult.Failure) r).code()).isTrue();
    }
  }

  @Property(tries = 300)
  void anyToolNameOrIdIsAnsweredNotThrown(@ForAll("hostileText") String name, @ForAll("hostileText") String id)
      throws Exception {
    ToolResult r = turn.execute(ToolCall.of(id, name, "{}")).toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertThat(r).isNotNull();
  }

  @Property(tries = 300)
  void anyBodyParsesOrIsRefusedAsNotJson(@ForAll("hostileText") String body, @ForAll Dialect dialect) {
    try {
      assertThat(dialect.parseToolCalls(body)).doesNotContainNull();
    } catch (IllegalArgumentException documented) {
      assertThat(documented).hasMessageContaining(dialect.name());
    }
  }

  @Property(tries = 300)
  void anyUrlGetsAVerdict(@ForAll("hostileText") String url) {
    assertThat(bot.guard.check(url)).isNotNull();
  }

  @Property(tries = 100)
  void anyHtmlConverts(@ForAll("hostileText") String html) {
    assertThat(HtmlToMarkdown.standard().convert(html, null)).isNotNull();
  }

  @Property(tries = 200)
  void anyEnvironmentValueIsReadOrExplained(@ForAll("hostileText") String value,
      @ForAll @IntRange(min = 0, max = 4) int variable) {
    String name = List.of("RUN_ENV", "FETCH_URL_ALLOW_PRIVATE_NETWORK", "MAX_FETCH_SIZE_MB", "GUILD_MCP_CONNECT_TIMEOUT_MS",
        "MAX_MCP_SERVERS_PER_GUILD").get(variable);
    Map<String, String> env = Map.of(name, value);
    for (Runnable reader : List.<Runnable>of(() -> dev.loadout.core.net.NetworkPolicy.fromEnvironment(env),
        () -> dev.loadout.mcp.McpSettings.fromEnvironment(env))) {
      try {
        reader.run();
      } catch (IllegalArgumentException documented) {
        assertThat(documented.getMessage()).isNotBlank();
      }
    }
    assertThat(ToolGroupsConfig.fromMap(Map.of("tool_groups", Map.of(value, Map.of("channels", value))))).isNotNull();
  }

  @Property(tries = 50)
  void shortCampaignsFromAnySeedKeepTheContract(@ForAll long seed) {
    campaign.calls(seed, 300);
    campaign.bodies(seed, 15);
    campaign.urls(seed, 30);
    campaign.pages(seed, 1);
    campaign.configs(seed, 20);
    noBreach();
  }
}
