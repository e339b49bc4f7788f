package dev.loadout.springai;

import dev.loadout.core.Dialect;
import dev.loadout.core.ToolOutcome;
import java.net.URI;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.content.Media;
import org.springframework.util.MimeType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * The results' images as the user message core's OpenAI Chat dialect writes after the tool messages (its wording, its
 * order), in Spring AI's types: a {@code ToolResponse} holds text only.
 */
final class ResultImages {
  private static final String BASE64 = ";base64,";

  private ResultImages() {}

  static Optional<UserMessage> message(List<ToolOutcome> outcomes) {
    ArrayNode history = Dialect.OPENAI_CHAT.historyMessages(outcomes);
    JsonNode last = history.isEmpty() ? null : history.get(history.size() - 1);
    if (last == null || !"user".equals(last.path("role").asString(""))) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    List<Media> media = new ArrayList<>();
    for (JsonNode part : last.path("content")) {
      String type = part.path("type").asString("");
      if (type.equals("text")) {
        text.append(text.length() == 0 ? "" : "\n").append(part.path("text").asString(""));
      } else if (type.equals("image_url")) {
        media.add(media(part.path("image_url").path("url").asString("")));
      }
    }
    return Optional.of(UserMessage.builder().text(text.toString()).media(media).build());
  }

  private static Media media(String url) {
    int at = url.indexOf(BASE64);
    if (url.startsWith("data:") && at > 0) {
      return Media.builder().mimeType(MimeType.valueOf(url.substring("data:".length(), at)))
          .data(Base64.getDecoder().decode(url.substring(at + BASE64.length()))).build();
    }
    // Core writes a URL image as the URL itself; the MIME type is not in it, and OpenAI reads the image's own.
    return Media.builder().mimeType(MimeType.valueOf("image/*")).data(URI.create(url)).build();
  }
}
