package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DemoTest {
  private static String transcript() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Demo.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void eachConversationSeesItsOwnToolsAndEveryHiddenToolSaysWhy() {
    String out = transcript();
    assertThat(out).contains("Model sees, in order: roll_dice, generate_image\n")
        .contains("Hidden: web_search [feature_flag_off] feature flag [web_search] is off")
        .contains("Hidden: ban_member [missing_permission] the member lacks all of [MODERATOR]")
        .contains("Model sees, in order: roll_dice, web_search, generate_image, ban_member\n");
  }

  @Test
  void thePerContextVariantNarrowsTheImageToolWithoutTouchingTheFullOne() {
    String out = transcript();
    assertThat(out).contains("Cozy Cafe: {\"type\":\"object\",\"properties\":{\"prompt\":{\"type\":\"string\",\"description\":\"What to draw.\"},"
        + "\"size\":{\"type\":\"string\",\"enum\":[\"512\"]}},\"required\":[\"prompt\"]}");
    assertThat(out).contains("\"size\":{\"type\":\"string\",\"enum\":[\"512\",\"1024\",\"2048\"]}");
    assertThat(out).contains("Preparing Cozy Cafe again renders the same bytes: true");
  }

  @Test
  void scriptedCallsShowSuccessAndEachKindOfRefusal() {
    String out = transcript();
    assertThat(out).contains("call_1 roll_dice {\"sides\":20}\n  -> ok: Rolled a d20: ")
        .contains("call_2 roll_dice {\"sides\":\"twenty\"}\n  -> failed [invalid_arguments]")
        .contains("call_3 ban_member {\"member\":\"carol\"}\n  -> failed [tool_not_available]")
        .contains("call_4 generate_image {\"prompt\":\"a cat\",\"size\":\"1024\"}\n  -> failed [invalid_arguments]")
        .contains("/size")
        .contains("call_5 generate_image {\"prompt\": \"a cat\n  -> failed [invalid_arguments]: Arguments for 'generate_image' are not valid JSON");
    assertThat(out).contains("{\"role\":\"tool\",\"tool_call_id\":\"call_1\",\"content\":\"Rolled a d20: ");
  }

  @Test
  void webSearchRunsAgainstTheFakeSearxngTheDemoStartsAndShowsWhatTheModelSaw() {
    String out = transcript();
    assertThat(out).contains("== web_search against a fake SearXNG on 127.0.0.1\n"
        + "Category enum the model saw: [\"text\",\"image\",\"video\",\"news\",\"science\",\"it\",\"files\",\"music\"]")
        .contains("Search results for \"java records\" (text, via SearXNG):\n1. JEP 395: Records\n   https://openjdk.org/jeps/395")
        .doesNotContain("<b>");
  }
}
