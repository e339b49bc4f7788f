package dev.loadout.examples.bot;

import com.openai.client.OpenAIClient;
import com.openai.core.JsonValue;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.loadout.direct.AnswerModel;
import java.util.concurrent.CompletionStage;

/**
 * The live bot's one model call after a direct rule ran: the library's {@link AnswerModel}, on the SDK's plain (not
 * streamed) Chat Completions, so the reply's {@code finish_reason} says whether the token cap cut it off. No tools are
 * sent: the model only words the result; {@link dev.loadout.direct.AnswerShaper#answer} then enforces the shape.
 */
final class ShortAnswers implements AnswerModel {
  private final OpenAIClient client;
  private final String model;

  ShortAnswers(OpenAIClient client, String model) {
    this.client = client;
    this.model = model;
  }

  @Override
  public CompletionStage<Reply> answer(Request request) {
    String prompt = request.question() + "\n\nThe tool " + request.toolName() + " returned:\n" + request.toolResult()
        + "\n\n" + request.instruction();
    // max_tokens rather than max_completion_tokens: local OpenAI-compatible servers know the older name.
    ChatCompletionCreateParams params = ChatCompletionCreateParams.builder().model(model)
        .addSystemMessage(ChatSession.PERSONA_PROMPT).addUserMessage(prompt)
        .putAdditionalBodyProperty("max_tokens", JsonValue.from(request.maxTokens())).build();
    return client.async().chat().completions().create(params).thenApply(ShortAnswers::reply);
  }

  private static Reply reply(ChatCompletion completion) {
    if (completion.choices().isEmpty()) {
      return new Reply(null, false);
    }
    ChatCompletion.Choice choice = completion.choices().get(0);
    boolean cutOff = choice._finishReason().asKnown().map(ChatCompletion.Choice.FinishReason.LENGTH::equals)
        .orElse(false);
    return new Reply(choice.message().content().orElse(null), cutOff);
  }
}
