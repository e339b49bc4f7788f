package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link Dialect#historyMessages(List)}: the exact entries each provider reads results from. */
class HistoryWriterTest {
  static final ToolMedia CAT_URL = ToolMedia.url("image/png", "https://img.example/cat.png");
  static final ToolMedia CAT_INLINE = ToolMedia.base64("image/jpeg", "AAAA");

  static final ToolOutcome SUMMARY = outcome("call_1", "get_weather", ToolResult.success(json("{'temp':21}"), "21 C and sunny"));
  static final ToolOutcome DATA = outcome("call_2", "get_weather", ToolResult.success(json("{'temp':21,'unit':'C'}")));
  static final ToolOutcome FAILURE = outcome("call_3", "get_weather",
      ToolResult.failure("timeout", "The weather service did not answer.", true));
  static final ToolOutcome IMAGES = outcome("call_4", "draw",
      ToolResult.success(json("{'count':2}"), "Two cats").withMedia(List.of(CAT_URL, CAT_INLINE)));
  static final ToolOutcome AUDIO = outcome("call_5", "speak",
      ToolResult.success(json("null"), "Spoken").withMedia(List.of(ToolMedia.url("audio/ogg", "https://a.example/x.ogg"))));

  static ToolOutcome outcome(String id, String name, ToolResult result) {
    return new ToolOutcome(ToolCall.of(id, name, "{}"), result);
  }

  // ---- OpenAI Chat Completions

  @Test
  void openAiChatGetsOneToolMessagePerCallWithSummaryDataOrError() {
    assertThat(Dialect.OPENAI_CHAT.historyMessages(List.of(SUMMARY, DATA, FAILURE))).isEqualTo(json("["
        + "{'role':'tool','tool_call_id':'call_1','content':'21 C and sunny'},"
        + "{'role':'tool','tool_call_id':'call_2','content':'{\\'temp\\':21,\\'unit\\':\\'C\\'}'},"
        + "{'role':'tool','tool_call_id':'call_3','content':'Error (timeout): The weather service did not answer.'}]"
        .replace("\\'", "\\\"")));
  }

  @Test
  void openAiChatCarriesImagesInOneUserMessageAfterTheToolMessages() {
    assertThat(Dialect.OPENAI_CHAT.historyMessages(List.of(IMAGES, SUMMARY))).isEqualTo(json("["
        + "{'role':'tool','tool_call_id':'call_4','content':'Two cats'},"
        + "{'role':'tool','tool_call_id':'call_1','content':'21 C and sunny'},"
        + "{'role':'user','content':[{'type':'text','text':'Images returned by tool draw (call call_4):'},"
        + "{'type':'image_url','image_url':{'url':'https://img.example/cat.png'}},"
        + "{'type':'image_url','image_url':{'url':'data:image/jpeg;base64,AAAA'}}]}]"));
  }

  @Test
  void openAiChatAddsNoUserMessageWithoutImages() {
    assertThat(Dialect.OPENAI_CHAT.historyMessages(List.of(SUMMARY, AUDIO))).isEqualTo(json("["
        + "{'role':'tool','tool_call_id':'call_1','content':'21 C and sunny'},"
        + "{'role':'tool','tool_call_id':'call_5','content':'Spoken'}]"));
  }

  // ---- OpenAI Responses

  @Test
  void openAiResponsesGetsOneFunctionCallOutputPerCall() {
    assertThat(Dialect.OPENAI_RESPONSES.historyMessages(List.of(SUMMARY, DATA, FAILURE))).isEqualTo(json("["
        + "{'type':'function_call_output','call_id':'call_1','output':'21 C and sunny'},"
        + "{'type':'function_call_output','call_id':'call_2','output':'{\\'temp\\':21,\\'unit\\':\\'C\\'}'},"
        + "{'type':'function_call_output','call_id':'call_3','output':'Error (timeout): The weather service did not answer.'}]"
        .replace("\\'", "\\\"")));
  }

  @Test
  void openAiResponsesCarriesImagesAsInputImagesInOneUserMessage() {
    assertThat(Dialect.OPENAI_RESPONSES.historyMessages(List.of(IMAGES))).isEqualTo(json("["
        + "{'type':'function_call_output','call_id':'call_4','output':'Two cats'},"
        + "{'role':'user','content':[{'type':'input_text','text':'Images returned by tool draw (call call_4):'},"
        + "{'type':'input_image','image_url':'https://img.example/cat.png'},"
        + "{'type':'input_image','image_url':'data:image/jpeg;base64,AAAA'}]}]"));
    assertThat(Dialect.OPENAI_RESPONSES.historyMessages(List.of(AUDIO))).hasSize(1);
  }

  // ---- Anthropic

  @Test
  void anthropicGetsOneUserMessageOfToolResultBlocksWithIsErrorOnFailure() {
    assertThat(Dialect.ANTHROPIC.historyMessages(List.of(SUMMARY, DATA, FAILURE))).isEqualTo(json("[{'role':'user','content':["
        + "{'type':'tool_result','tool_use_id':'call_1','content':[{'type':'text','text':'21 C and sunny'}]},"
        + "{'type':'tool_result','tool_use_id':'call_2','content':[{'type':'text','text':'{\\'temp\\':21,\\'unit\\':\\'C\\'}'}]},"
        + "{'type':'tool_result','tool_use_id':'call_3','content':[{'type':'text',"
        + "'text':'Error (timeout): The weather service did not answer.'}],'is_error':true}]}]"
        .replace("\\'", "\\\"")));
  }

  @Test
  void anthropicPutsImagesInsideTheToolResultBlock() {
    assertThat(Dialect.ANTHROPIC.historyMessages(List.of(IMAGES, AUDIO))).isEqualTo(json("[{'role':'user','content':["
        + "{'type':'tool_result','tool_use_id':'call_4','content':[{'type':'text','text':'Two cats'},"
        + "{'type':'image','source':{'type':'url','url':'https://img.example/cat.png'}},"
        + "{'type':'image','source':{'type':'base64','media_type':'image/jpeg','data':'AAAA'}}]},"
        + "{'type':'tool_result','tool_use_id':'call_5','content':[{'type':'text','text':'Spoken'}]}]}]"));
  }

  @Test
  void anthropicLeavesOutAnEmptyTextBlockWhichItWouldRefuse() {
    ToolOutcome empty = outcome("toolu_1", "noop", ToolResult.success(json("null"), ""));
    ToolOutcome emptyWithImage = outcome("toolu_2", "draw", ToolResult.success(json("null"), "").withMedia(List.of(CAT_URL)));
    assertThat(Dialect.ANTHROPIC.historyMessages(List.of(empty, emptyWithImage))).isEqualTo(json("[{'role':'user','content':["
        + "{'type':'tool_result','tool_use_id':'toolu_1'},"
        + "{'type':'tool_result','tool_use_id':'toolu_2','content':[{'type':'image','source':{'type':'url',"
        + "'url':'https://img.example/cat.png'}}]}]}]"));
  }

  // ---- Gemini

  @Test
  void geminiGetsFunctionResponsePartsWithResultOrError() {
    assertThat(Dialect.GEMINI.historyMessages(List.of(SUMMARY, DATA, FAILURE))).isEqualTo(json("[{'role':'user','parts':["
        + "{'functionResponse':{'id':'call_1','name':'get_weather','response':{'result':'21 C and sunny'}}},"
        + "{'functionResponse':{'id':'call_2','name':'get_weather','response':{'result':{'temp':21,'unit':'C'}}}},"
        + "{'functionResponse':{'id':'call_3','name':'get_weather','response':{'error':{'code':'timeout',"
        + "'message':'The weather service did not answer.'}}}}]}]"));
  }

  @Test
  void geminiSendsBackOnlyIdsGeminiGaveAndTheWireNameOfTheTool() {
    List<ToolCall> calls = Dialect.GEMINI.parseToolCalls(json("{'candidates':[{'content':{'parts':["
        + "{'functionCall':{'name':'_1abc','args':{}}},{'functionCall':{'id':'fc-7','name':'ping','args':{}}}]}}]}").toString());
    ToolResult ok = ToolResult.success(json("null"), "done");
    assertThat(Dialect.GEMINI.historyMessages(List.of(new ToolOutcome(calls.get(0), ok), new ToolOutcome(calls.get(1), ok))))
        .isEqualTo(json("[{'role':'user','parts':["
            + "{'functionResponse':{'name':'_1abc','response':{'result':'done'}}},"
            + "{'functionResponse':{'id':'fc-7','name':'ping','response':{'result':'done'}}}]}]"));
  }

  @Test
  void geminiPutsImagePartsAfterAllFunctionResponses() {
    assertThat(Dialect.GEMINI.historyMessages(List.of(IMAGES, AUDIO))).isEqualTo(json("[{'role':'user','parts':["
        + "{'functionResponse':{'id':'call_4','name':'draw','response':{'result':'Two cats'}}},"
        + "{'functionResponse':{'id':'call_5','name':'speak','response':{'result':'Spoken'}}},"
        + "{'fileData':{'mimeType':'image/png','fileUri':'https://img.example/cat.png'}},"
        + "{'inlineData':{'mimeType':'image/jpeg','data':'AAAA'}}]}]"));
  }

  // ---- every dialect

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void anImmutableListOfOutcomesIsAccepted(Dialect dialect) {
    // List.of(...).contains(null) throws NullPointerException; the null check must not ask that.
    assertThat(dialect.historyMessages(List.of(SUMMARY))).isNotEmpty();
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void noOutcomesGiveNoEntriesAndNullsAreRefused(Dialect dialect) {
    assertThat(dialect.historyMessages(List.of())).isEmpty();
    assertThatThrownBy(() -> dialect.historyMessages(null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> dialect.historyMessages(Arrays.asList(SUMMARY, null)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void theArrayIsNewAndOwnedByTheCaller(Dialect dialect) {
    var first = dialect.historyMessages(List.of(DATA));
    first.removeAll();
    assertThat(dialect.historyMessages(List.of(DATA))).isNotEmpty();
    assertThat(((ToolResult.Success) DATA.result()).data()).isEqualTo(json("{'temp':21,'unit':'C'}"));
  }
}
