package dev.loadout.examples.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.direct.DirectPrompts;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  String run(String input, Map<String, String> env, String... extra) {
    List<String> args = new ArrayList<>(List.of("--base-url", server.baseUrl(), "--model", "local-llama",
        "--key-env", "BOT_KEY", "--workdir", workdir.toString()));
    args.addAll(List.of(extra));
    int status = ConsoleBot.run(args.toArray(String[]::new),
        new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), env,
        true);
    assertThat(status).as("stderr: %s", err).isZero();
    return out.toString(StandardCharsets.UTF_8);
  }

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void aTypedMessageRunsTheCallStreamedInPiecesThroughTheSdkAndItsResultGoesBackInTheSecondRequest() {
    List<String> call = new ArrayList<>(List.of("{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,"
        + "\"delta\":{\"role\":\"assistant\",\"content\":\"Let me roll. \"}}]}"));
    call.addAll(FakeChatServer.rollDiceCall("call_live"));
    server.answers.add(call);
    server.answers.add(FakeChatServer.text("Mochi rolled ", "for you."));

    String text = run("roll a die for me\n/tools\n/quit\n", Map.of("BOT_KEY", "sk-live-secret"));

    assertThat(text).contains("model local-llama at " + server.baseUrl() + " (key from BOT_KEY)");
    // The text streamed before the call ends its line before the tool's lines; the answer streams on a line of its own.
    assertThat(text).containsPattern("\nbot: Let me roll. \n  \\.\\.\\. calling roll_dice\n"
        + "  \\[round 1\\] roll_dice \\{\"sides\": 6\\} -> ok: Rolled a d6: \\d\n"
        + "bot: Mochi rolled for you.\n");
    assertThat(text).contains("alice@cozy-cafe> /tools", "the model sees 6 tools", "bye");
    assertThat(text + err).doesNotContain("sk-live-secret");
    assertThat(server.authorizations()).containsOnly("Bearer sk-live-secret");
    assertThat(workdir.resolve(BotStores.FILE_NAME)).isRegularFile();

    assertThat(server.requests()).hasSize(2);
    JsonNode first = ChatSession.JSON.readTree(server.requests().get(0));
    assertThat(first.get("model").asString()).isEqualTo("local-llama");
    assertThat(first.get("stream").asBoolean()).isTrue();
    assertThat(first.at("/messages/0/content").asString()).isEqualTo(ChatSession.PERSONA_PROMPT);
    assertThat(first.at("/messages/1/content").asString()).isEqualTo("roll a die for me");
    assertThat(first.get("tools").findValuesAsString("name")).containsExactly("review_capabilities", "roll_dice",
        "fetch_url", "web_search", "block_user", "unblock_user");
    assertThat(first.at("/tools/1/function/parameters/properties/sides/minimum").asInt()).isEqualTo(2);

    JsonNode messages = ChatSession.JSON.readTree(server.requests().get(1)).get("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(2).get("role").asString()).isEqualTo("assistant");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Let me roll. ");
    assertThat(messages.get(2).at("/tool_calls/0/id").asString()).isEqualTo("call_live");
    assertThat(messages.get(2).at("/tool_calls/0/function/name").asString()).isEqualTo("roll_dice");
    assertThat(messages.get(2).at("/tool_calls/0/function/arguments").asString()).isEqualTo("{\"sides\": 6}");
    assertThat(messages.get(3).get("role").asString()).isEqualTo("tool");
    assertThat(messages.get(3).get("tool_call_id").asString()).isEqualTo("call_live");
    assertThat(messages.get(3).get("content").asString()).matches("Rolled a d6: [1-6]");
  }

  @Test
  void theNextMessageCarriesTheWholeConversationAndAFailedCallEndsTheMessageNotTheSession() {
    server.answers.add(FakeChatServer.text("Hello ", "alice."));
    // The second message finds nothing scripted: the server answers HTTP 500 (the client retries once).
    String text = run("hi\nhow are you?\n/quit\n", Map.of());

    assertThat(text).contains("(no key: BOT_KEY is not set)", "\nbot: Hello alice.\n");
    assertThat(text).containsPattern("\\[the model call failed: [^\\n]*500[^\\n]*\\]\n");
    assertThat(text).contains("alice@cozy-cafe> /quit", "bye");
    JsonNode second = ChatSession.JSON.readTree(server.requests().get(1));
    assertThat(second.get("messages")).extracting(m -> m.get("role").asString() + ": " + m.get("content").asString())
        .containsExactly("system: " + ChatSession.PERSONA_PROMPT, "user: hi", "assistant: Hello alice.",
            "user: how are you?");
  }

  @Test
  void aSlashCommandRunsWithoutTheModelChoosingItAndTheModelsOneShortAnswerIsShapedToItsFirstSentence() {
    server.completions.add(FakeChatServer.completion("{\"answer\": \"You rolled the die and got a fine number. "
        + "Here is more:\\n- a list\\n- that must not be posted\"}", "stop"));

    String text = run("/roll 6\n/quit\n", Map.of());

    assertThat(text).contains("[direct: slash command /roll -> roll_dice {\"sides\":6}, the model only words the answer]",
        "  ... calling roll_dice\nbot: You rolled the die and got a fine number.\nalice@cozy-cafe> /quit");
    assertThat(text).doesNotContain("that must not be posted");
    assertThat(server.requests()).hasSize(1);
    JsonNode sent = ChatSession.JSON.readTree(server.requests().get(0));
    assertThat(sent.has("tools")).as("the model only words the result").isFalse();
    assertThat(sent.path("stream").asBoolean(false)).isFalse();
    assertThat(sent.get("max_tokens").asInt()).isEqualTo(BotWiring.DIRECT.answerTokens());
    assertThat(sent.at("/messages/1/content").asString()).startsWith("/roll 6\n\nThe tool roll_dice returned:\nRolled a d6: ")
        .endsWith(DirectPrompts.answerInstruction(BotWiring.DIRECT));
  }

  @Test
  void aShortAnswerCutOffByTheTokenCapFallsBackToTheResultsExcerptWithoutASecondCall() {
    server.completions.add(FakeChatServer.completion("{\"answer\": \"You rolled the die and", "length"));

    String text = run("/roll 6\n/quit\n", Map.of());

    assertThat(text).containsPattern("\nbot: \\(unverified\\) Rolled a d6: [1-6]\n");
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void aBaseUrlThatIsNotHttpIsAUsageErrorAndCredentialsInItAreNeverPrinted() {
    int status = ConsoleBot.run(new String[] {"--base-url", "ftp://bob:hunter2@example.com/v1?key=k1", "--model", "m",
            "--workdir", workdir.toString()}, new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        Map.of(), true);

    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--base-url must be an http or https URL, but was ftp://***@example.com/v1?***")
        .doesNotContain("hunter2").doesNotContain("k1");
    assertThat(workdir.resolve(BotStores.FILE_NAME)).doesNotExist();
  }
}
