package dev.loadout.core.availability;

import static dev.loadout.core.availability.DeliberateFixtures.deliberate;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The built-in English phrases, family by family. */
class IntentDetectionTest {
  private final DeliberateToolMode mode = DeliberateToolMode.defaults();

  @ParameterizedTest(name = "[{0}] shows {1} and admits {2}")
  @CsvSource(delimiter = '|', value = {
      "can you search the web for TypeScript news?   | search         | web_search",
      "look up today's AI news                       | search         | web_search",
      "google the release date                        | search         | fetch_url",
      "summarize https://example.com/post             | url-reading    | fetch_url",
      "read this link for me                          | url-reading    | fetch_url",
      "remember that my cat is called Miso            | memory         | create_long_term_memory",
      "please forget what I said about my job         | memory         | update_long_term_memory",
      "can you look at this picture?                  | media-analysis | analyze_image",
      "what's in this attachment                      | media-analysis | analyze_image",
      "draw me a cat in a hat                         | image          | generate_image",
      "generate an image of a sunset                  | image          | generate_image",
      "could I get a picture of a fox                 | image          | generate_image",
      "make a short video of waves                    | video          | generate_video",
      "send me a voice message                        | voice          | generate_voice_message",
      "say it as a voice message                      | voice          | generate_voice_message",
      "remind me in 10 minutes to stretch             | reminder       | create_task",
      "set a timer for 5 minutes                      | reminder       | create_task",
      "cancel reminder ID:42                          | reminder       | update_task",
      "reschedule that task for tomorrow              | reminder       | update_task",
      "pin that message                               | message-action | manage_message",
      "who sent that?                                 | message-action | reveal_message_metadata",
      "post this in <#123456>                         | cross-channel  | cross_channel_message",
      "send a sticker                                 | sticker        | select_sticker_for_response",
      "start a thread about the raid                  | thread         | create_thread",
      "what can you do?                               | capabilities   | review_capabilities",
      "mute Alice for one hour                        | user-blocking  | block_user",
      "remove the user block for Alice                | user-blocking  | unblock_user",
      "call me Sparrow                                | user-info      | update_user_info",
      "change my pronouns to they/them                | user-info      | update_user_info",
      "set my UTC offset to 8                         | user-info      | update_user_info",
      "clear my honorific                             | user-info      | update_user_info",
  })
  void builtInPhrasesShowTheirFamily(String message, String family, String tool) {
    DeliberateIntent intent = mode.intent(deliberate(message));

    assertThat(intent.families()).containsKey(IntentFamily.of(family));
    assertThat(intent.toolNames()).contains(tool);
  }

  @ParameterizedTest(name = "[{0}] shows no intent")
  @ValueSource(strings = {"hello there", "lol that's funny", "good night everyone", "nice pictures", "block of text",
      "I had pasta for dinner", "", "   "})
  void smallTalkShowsNoIntent(String message) {
    DeliberateIntent intent = mode.intent(deliberate(message));

    assertThat(intent.isActive()).isTrue();
    assertThat(intent.hasIntent()).isFalse();
    assertThat(intent.toolNames()).isEmpty();
  }

  @ParameterizedTest(name = "[{0}] is self-diagnostic")
  @ValueSource(strings = {"What model are you currently using?", "Is web search enabled for you?",
      "Why can't you generate images?", "Why can\u2019t you generate images?", "Why do you forget conversations?",
      "How does TomoriBot memory work?", "why didn't you search for it?"})
  void selfDiagnosticQuestionsAdmitCapabilitiesAndUrlReadingButNotSearch(String message) {
    DeliberateIntent intent = mode.intent(deliberate(message));

    assertThat(intent.families()).containsOnlyKeys(IntentFamily.SELF_DIAGNOSIS, IntentFamily.URL_READING);
    assertThat(intent.toolNames()).contains("review_capabilities", "fetch_url").doesNotContain("web_search",
        "generate_image", "create_long_term_memory");
    assertThat(intent.families().get(IntentFamily.URL_READING)).isEqualTo("implied by self-diagnosis");
  }

  @ParameterizedTest(name = "[{0}] asks for image but not video")
  @ValueSource(strings = {"draw a dragon", "generate a picture of my dog", "I want a pic of a sunset"})
  void generationFamiliesStayApart(String message) {
    DeliberateIntent intent = mode.intent(deliberate(message));

    assertThat(intent.toolNames()).contains("generate_image").doesNotContain("generate_video", "generate_voice_message");
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"look up the weather", "search for cheap flights"})
  void searchAlsoAdmitsUrlReading(String message) {
    DeliberateIntent intent = mode.intent(deliberate(message));

    assertThat(intent.families()).containsEntry(IntentFamily.URL_READING, "implied by search");
    assertThat(intent.toolNames()).contains("web_search", "fetch_url", "fetch", "fetch-url");
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"https://example.com", "I wrote https://example.com yesterday"})
  void aBareUrlIsNotARequestToReadIt(String message) {
    assertThat(mode.intent(deliberate(message)).hasIntent()).isFalse();
  }
}
