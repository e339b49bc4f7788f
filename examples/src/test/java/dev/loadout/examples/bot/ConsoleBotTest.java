package dev.loadout.examples.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console bot driven through its input, offline: the scripted model and the bot's own loopback web. */
class ConsoleBotTest {
  @TempDir
  Path workdir;

  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  String run(String input, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of("--workdir", workdir.toString()));
    all.addAll(List.of(args));
    int status = ConsoleBot.run(all.toArray(String[]::new),
        new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), true);
    assertThat(status).as("exit status, stderr: %s", err).isZero();
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theScriptedSessionRunsToolsRefusesTheBadAndTheHiddenCallAndAnswersTheDirectRules() throws Exception {
    String out = run("");

    assertThat(out).contains("alice@cozy-cafe> /tools",
        "the model sees 6 tools",
        "  review_capabilities [core] ~",
        "  fetch_url [web] ~",
        "  web_search [web] ~",
        "  block_user [moderation] ~",
        "hidden: ban_member (/why NAME says why)");
    assertThat(out).containsPattern("about \\d+ tokens \\(4 bytes a token, an estimate\\)");
    assertThat(out).contains("[round 1] review_capabilities {\"capability_type\":\"chat\"} -> ok: ");
    assertThat(out).containsPattern("\\[round 1\\] web_search \\{\"query\":\"java records\",\"count\":2\\} -> ok: "
        + "Search results for \"java records\".*Records in Java http://127\\.0\\.0\\.1:\\d+/records\\.html");
    assertThat(out).containsPattern("\\[round 2\\] fetch_url \\{\"url\":\"http://127\\.0\\.0\\.1:\\d+/records\\.html\"\\}"
        + " -> ok: .*# Records in Java A \\*\\*record\\*\\* is a transparent carrier");
    assertThat(out).contains("roll_dice {\"sides\":1} -> failed [invalid_arguments]: ",
        "/sides: must have a minimum value of 2",
        "bot: A die needs at least two sides");
    assertThat(out).contains("ban_member {\"member\":\"carol\"} -> failed [tool_not_available]");
    assertThat(out).doesNotContain("pretends to ban");
    assertThat(out).contains("alice@cozy-cafe> /why ban_member\nban_member is hidden from alice:\n"
        + "  [missing_permission] the member lacks all of [MODERATOR]");
    assertThat(out).contains("[direct: slash command /roll -> roll_dice {\"sides\":20}, the model was not asked]");
    assertThat(out).containsPattern("\nbot: \\(unverified\\) Rolled a d20: \\d+\n");
    assertThat(out).contains("[direct: keyword rule -> web_search {\"query\":\"sqlite wal mode\"}, the model was not asked]",
        "bot: (unverified) Search results for \"sqlite wal mode\"");
    assertThat(out).contains("mcp add: not_an_mcp_server: ", "no MCP servers in cozy-cafe");
    assertThat(out).contains("bob@cozy-cafe> /why ban_member\nban_member is visible to bob here");
    // Mochi mutes bob through block_user; from then on his messages, a slash command too, get no answer and cost no
    // model call (the scripted model is asked exactly once per line that reaches it).
    assertThat(out).contains("block_user {\"blocked_user\":\"bob\",\"block_type\":\"mute\",\"block_duration_hours\":1,"
        + "\"block_reason\":\"spam links\"} -> ok: bob was muted for the active persona.", "bot: Done: bob is muted for an hour.");
    assertThat(out).contains("bob@cozy-cafe> hello mochi, are you there?\n(Mochi stays silent: bob is muted or blocked by"
        + " Mochi here)", "bob@cozy-cafe> /roll 6\n(Mochi stays silent: bob is muted or blocked by Mochi here)");
    assertThat(out).doesNotContain("roll_dice {\"sides\":6}");
    assertThat(out).contains("bye", "(the scripted model answered 11 requests)");

    Path db = workdir.resolve(BotStores.SCRIPTED_FILE_NAME);
    assertThat(db).isRegularFile();
    List<String> tables = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        ResultSet rs = c.createStatement().executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    assertThat(tables).contains("loadout_mcp_registrations", "loadout_persona_user_blocks", "loadout_tool_tasks");
  }

  @Test
  void aDirectAnswerFromAPageIsShapedToOneShortLineThatKeepsThePagesOpeningAndItsWholeUrl() {
    String out = run("");

    int at = out.indexOf("[direct: slash command /read -> fetch_url");
    assertThat(at).as(out).isPositive();
    String[] after = out.substring(at).split("\n", 4);
    assertThat(after[1]).isEqualTo("  ... calling fetch_url");
    String answer = after[2];
    // The page is Markdown over several lines (a title, paragraphs, a list); the answer is one line of it.
    assertThat(answer).startsWith("bot: (unverified) ").endsWith("…");
    String excerpt = answer.substring("bot: ".length());
    assertThat(excerpt.codePointCount(0, excerpt.length())).isLessThanOrEqualTo(BotWiring.DIRECT.answerChars());
    String shaped = excerpt.substring("(unverified) ".length());
    assertThat(shaped).matches("\\*\\*URL:\\*\\* http://127\\.0\\.0\\.1:\\d+/records\\.html # Records in Java "
        + "A \\*\\*record\\*\\* is a transparent carrier for a…");
    assertThat(shaped).doesNotContain("fixed set of values");
  }

  @Test
  void aSecondRunInTheSameFolderPlaysTheSameSessionSinceItsStoreStartsEmpty() {
    String first = run("").replaceAll("127\\.0\\.0\\.1:\\d+", "LOCAL");
    String second = run("").replaceAll("127\\.0\\.0\\.1:\\d+", "LOCAL");

    assertThat(second).isEqualTo(first).doesNotContain("cooling down").doesNotContain("Duplicate");
  }

  @Test
  void typedLinesDriveTheBotWithoutAGuildThePersonaToolsAreHiddenAndMcpAsksForOne() {
    String out = run("""
        /guild none
        /tools
        /why block_user
        /mcp list
        /why no_such_tool
        /dance now
        /as carol
        /quit
        never read
        """, "--stdin");

    assertThat(out).contains("now in a direct message (no guild, no persona)");
    assertThat(out).contains("alice (direct message)> /tools");
    assertThat(out).containsPattern("hidden: [^\\n]*block_user");
    assertThat(out).contains("block_user is hidden from alice:");
    assertThat(out).contains("/mcp needs a guild: /guild ID first");
    assertThat(out).contains("no tool named no_such_tool on this turn");
    assertThat(out).contains("unknown command /dance; the commands are /tools /why /guild /as /mcp /quit /roll /read");
    assertThat(out).contains("now speaking as carol, permissions []");
    assertThat(out).contains("bye").doesNotContain("never read");
    assertThat(out).contains("(the scripted model answered 0 requests)");
  }

  @Test
  void hostServersComeFromTheYamlFileAndGuildServersAreAddedListedAndRemovedThroughConfigOperations() throws Exception {
    try (McpTestServer docs = McpTestServer.builder().tool("search_docs", "Searches the docs.",
            "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}", args -> McpReply.text("found"))
            .build().start();
        McpTestServer wiki = McpTestServer.builder().tool("wiki_page", "Reads a wiki page.",
            "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"}}}", args -> McpReply.text("page"))
            .build().start()) {
      Path yaml = workdir.resolve("mcp.yaml");
      Files.writeString(yaml, "servers:\n  - name: wiki\n    url: " + wiki.streamableUrl()
          + "\n    trusted_private: true\n");

      String out = run("/mcp add docs " + docs.streamableUrl() + "\n/mcp list\n/tools\n/mcp remove 1\n/mcp list\n"
          + "/tools\n/quit\n", "--stdin", "--mcp-config", yaml.toString());

      assertThat(out).contains("mcp add: added: ");
      assertThat(out).contains("  host wiki", "  #1 docs ");
      assertThat(out).containsPattern("  wiki_page \\[mcp\\] from [^\\n]*wiki");
      assertThat(out).containsPattern("  search_docs \\[mcp\\] from [^\\n]*docs");
      assertThat(out).contains("mcp remove: removed: ");
      int removed = out.indexOf("mcp remove: removed");
      assertThat(out.substring(removed)).contains("  host wiki").doesNotContain("#1 docs").doesNotContain("search_docs");
    }
  }

  @Test
  void aModelWithoutABaseUrlIsAUsageError() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = ConsoleBot.run(new String[] {"--model", "m", "--workdir", workdir.toString()},
        new ByteArrayInputStream(new byte[0]), new PrintStream(out), new PrintStream(err, true, StandardCharsets.UTF_8),
        Map.of(), true);
    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--base-url and --model go together");
    assertThat(Files.exists(workdir.resolve("loadout.db"))).isFalse();
  }
}
