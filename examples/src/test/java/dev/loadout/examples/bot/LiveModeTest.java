package dev.loadout.examples.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The bot with {@code --base-url}: typed lines go to a fake OpenAI-compatible endpoint on 127.0.0.1. */
class LiveModeTest {
  @TempDir
  Path workdir;

  final FakeChatServer server = new FakeChatServer();

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void aTypedMessageStreamsTheAnswerAfterTheToolRoundAndTheKeyIsSentButNeverPrinted() {
    server.answers.add(FakeChatServer.rollDiceCall("call_live"));
    server.answers.add(FakeChatServer.text("Mochi rolled ", "for you."));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = ConsoleBot.run(new String[] {"--base-url", server.baseUrl(), "--model", "local-llama",
            "--key-env", "BOT_KEY", "--workdir", workdir.toString()},
        new ByteArrayInputStream("roll a die for me\n/tools\n/quit\n".getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        Map.of("BOT_KEY", "sk-live-secret"), true);

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("stderr: %s", err).isZero();
    assertThat(text).contains("model local-llama at " + server.baseUrl() + " (key from BOT_KEY)");
    assertThat(text).contains("  ... calling roll_dice");
    assertThat(text).containsPattern("\\[round 1\\] roll_dice \\{\"sides\": 6\\} -> ok: Rolled a d6: \\d");
    assertThat(text).contains("\nbot: Mochi rolled for you.\n");
    assertThat(text).contains("alice@cozy-cafe> /tools", "the model sees 6 tools", "bye");
    assertThat(text + err).doesNotContain("sk-live-secret");
    assertThat(server.authorizations).containsOnly("Bearer sk-live-secret");
    assertThat(workdir.resolve(BotStores.FILE_NAME)).isRegularFile();

    JsonNode first = ChatSession.JSON.readTree(server.requests.get(0));
    assertThat(first.get("model").asString()).isEqualTo("local-llama");
    assertThat(first.at("/messages/0/content").asString()).isEqualTo(ChatSession.PERSONA_PROMPT);
    assertThat(first.at("/messages/1/content").asString()).isEqualTo("roll a die for me");
    assertThat(first.get("tools").findValuesAsString("name")).contains("review_capabilities", "fetch_url", "web_search",
        "roll_dice", "block_user");
  }
}
