package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.util.Optional;
import org.apiguardian.api.API;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible {@code POST {baseUrl}/audio/speech} endpoint. It sends {@code instructions} only
 * when configured to support them. Requests go through the host's {@link SafeHttpClient}, whose policy
 * is the deadline; the API key travels only in the {@code Authorization} header.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenAiSpeechEndpoint implements SpeechEndpoint {

  private final SafeHttpClient client;
  private final String baseUrl;
  private final String model;
  private final String apiKey;
  private final String label;
  private final ScriptMarkup markup;
  private final boolean instructions;

  private OpenAiSpeechEndpoint(Builder b) {
    this.client = b.client;
    this.baseUrl = b.baseUrl;
    this.model = b.model;
    this.apiKey = b.apiKey;
    this.label = b.label;
    this.markup = b.markup;
    this.instructions = b.instructions;
  }

  /**
   * Starts an endpoint.
   *
   * @param client the pinned client; never null, not closed by the endpoint. For a speech server the host runs on
   *     a private or loopback address, pass {@link SafeHttpClient#forTrustedBackend() client.forTrustedBackend()}
   * @param baseUrl the API root including its version, e.g. {@code https://api.openai.com/v1}
   * @param model the model id, e.g. {@code gpt-4o-mini-tts}
   */
  public static Builder builder(SafeHttpClient client, String baseUrl, String model) {
    if (client == null) {
      throw new IllegalArgumentException("client must not be null");
    }
    String base = SpeechHttp.url("baseUrl", baseUrl);
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank, but was " + model);
    }
    return new Builder(client, base, model);
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public ScriptMarkup markup() {
    return markup;
  }

  /** Preset voice names only. */
  @Override
  public java.util.Set<VoiceShape> voiceShapes() {
    return java.util.EnumSet.of(VoiceShape.VOICE_ID);
  }

  @Override
  public boolean supportsInstructions() {
    return instructions;
  }

  @Override
  public SpeechAudio synthesize(SpeechRequest request) throws SpeechException {
    ObjectNode body = SpeechHttp.JSON.createObjectNode();
    String voice = request.voice().voiceId().orElseThrow(() -> new SpeechException(label + " accepts voice ids only", false));
    body.put("model", model).put("input", request.script()).put("voice", voice).put("response_format", "mp3");
    request.instructions().ifPresent(i -> body.put("instructions", i));
    SafeHttpRequest.Builder http = SafeHttpRequest.builder("POST", baseUrl + "/audio/speech")
        .maxBodyBytes(SpeechHttp.MAX_AUDIO_BYTES).rejectOversizedBody(true).header("Accept", "audio/mpeg")
        .body(SpeechHttp.JSON.writeValueAsBytes(body), "application/json");
    if (apiKey != null) {
      http.header("Authorization", "Bearer " + apiKey);
    }
    SafeHttpResponse response = SpeechHttp.exchange(client, http.build());
    String type = SpeechHttp.type(response).filter(t -> t.startsWith("audio/")).orElse("audio/mpeg");
    return new SpeechAudio(response.body(), type, Optional.empty());
  }

  /** Names the label and model, never the key. */
  @Override
  public String toString() {
    return "OpenAiSpeechEndpoint[" + label + ", model=" + model + ", key=" + (apiKey == null ? "none" : "***") + "]";
  }

  /**
   * Configures an {@link OpenAiSpeechEndpoint}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final SafeHttpClient client;
    private final String baseUrl;
    private final String model;
    private String apiKey;
    private String label = "OpenAI speech";
    private ScriptMarkup markup = ScriptMarkup.PLAIN;
    private boolean instructions;

    private Builder(SafeHttpClient client, String baseUrl, String model) {
      this.client = client;
      this.baseUrl = baseUrl;
      this.model = model;
    }

    /** The API key, sent as a bearer token; default none. */
    public Builder apiKey(String apiKey) {
      this.apiKey = SafeHttpRequest.checkedCredential("apiKey", apiKey);
      return this;
    }

    /** How descriptions name the endpoint; default {@code "OpenAI speech"}. */
    public Builder label(String label) {
      this.label = SpeechHttp.label(label);
      return this;
    }

    /** What scripts may contain; default {@link ScriptMarkup#PLAIN}. */
    public Builder markup(ScriptMarkup markup) {
      if (markup == null) {
        throw new IllegalArgumentException("markup must not be null");
      }
      this.markup = markup;
      return this;
    }

    /** Whether the model takes {@code instructions} (as {@code gpt-4o-mini-tts} does); default false. */
    public Builder supportsInstructions(boolean supported) {
      this.instructions = supported;
      return this;
    }

    /** The endpoint. */
    public OpenAiSpeechEndpoint build() {
      return new OpenAiSpeechEndpoint(this);
    }
  }
}
