package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A host's own text-to-speech service, or an ElevenLabs-style API, behind a small contract. Its script markup
 * and whether it takes one-off instructions are declared in configuration, since the service cannot say.
 *
 * <p><b>Request</b>: {@code POST {url}}, where a {@code {voice_id}} in the URL is replaced by the voice id
 * (URL-encoded), as in {@code https://api.elevenlabs.io/v1/text-to-speech/{voice_id}}; body:
 * <pre>{@code
 * {"text": "...", "markup": "plain",
 *  "voice_id": "...",                                             // a voice id (VoiceShape.VOICE_ID)
 *  "ref_audio": "<base64>", "ref_audio_mime_type": "audio/wav",
 *  "ref_text": "...",                                             // a cloned voice (VoiceShape.CLONE)
 *  "instruct": "...",                                             // a designed voice (VoiceShape.DESIGN)
 *  "model_id": "...",                                             // when configured
 *  "instructions": "..."}      // when declared supported (or for a designed voice) and given
 * }</pre>
 * Which voice shapes the service accepts is declared with {@link Builder#voiceShapes(VoiceShape...)}: voice ids
 * only by default (ElevenLabs-style), clone and/or design for a cloning server ({@code voice_mode} clone,
 * voice-design or auto).
 * The key goes in {@code Authorization: Bearer …}, or raw in another header such as ElevenLabs'
 * {@code xi-api-key} ({@link Builder#apiKey(String, String)}).
 *
 * <p><b>Response</b>: {@code 200} with the audio itself ({@code Content-Type: audio/…}), or JSON
 * {@code {"audio_base64": "...", "mime_type": "audio/ogg", "duration_ms": 1800}}.
 *
 * <p><b>Voice ids.</b> A persona's voice id is sent as it is, unless {@link Builder#voiceId(String, String)}
 * maps it to the service's own id (an ElevenLabs voice id for the name the host stores). Requests go
 * through the host's {@link SafeHttpClient}, whose policy is the deadline.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CustomSpeechEndpoint implements SpeechEndpoint {
  private static final String VOICE_PLACEHOLDER = "{voice_id}";

  private final SafeHttpClient client;
  private final String url;
  private final String label;
  private final ScriptMarkup markup;
  private final boolean instructions;
  private final String model;
  private final String keyHeader;
  private final String apiKey;
  private final Map<String, String> voiceIds;
  private final Set<VoiceShape> shapes;

  private CustomSpeechEndpoint(Builder b) {
    this.client = b.client;
    this.url = b.url;
    this.label = b.label;
    this.markup = b.markup;
    this.instructions = b.instructions;
    this.model = b.model;
    this.keyHeader = b.keyHeader;
    this.apiKey = b.apiKey;
    this.voiceIds = Map.copyOf(b.voiceIds);
    this.shapes = b.shapes != null ? b.shapes
        : Collections.unmodifiableSet(EnumSet.of(b.markup == ScriptMarkup.VOICE_DESIGN ? VoiceShape.DESIGN : VoiceShape.VOICE_ID));
  }

  /**
   * Starts an endpoint.
   *
   * @param client the pinned client; never null, not closed by the endpoint. For a speech server the host runs on
   *     a private or loopback address, pass {@link SafeHttpClient#forTrustedBackend() client.forTrustedBackend()}
   * @param url the synthesis URL, optionally with a {@code {voice_id}} placeholder
   */
  public static Builder builder(SafeHttpClient client, String url) {
    if (client == null) {
      throw new IllegalArgumentException("client must not be null");
    }
    return new Builder(client, SpeechHttp.url("url", url));
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public ScriptMarkup markup() {
    return markup;
  }

  @Override
  public Set<VoiceShape> voiceShapes() {
    return shapes;
  }

  @Override
  public boolean supportsInstructions() {
    return instructions;
  }

  @Override
  public SpeechAudio synthesize(SpeechRequest request) throws SpeechException {
    VoiceSelection selected = request.voice();
    if (!shapes.contains(selected.shape())) {
      throw new SpeechException(label + " does not accept a " + selected.shape() + " voice", false);
    }
    ObjectNode body = SpeechHttp.JSON.createObjectNode();
    body.put("text", request.script()).put("markup", markup.id());
    String voice = selected.voiceId().map(id -> voiceIds.getOrDefault(id, id)).orElse("");
    if (!voice.isEmpty()) {
      body.put("voice_id", voice);
    }
    selected.sample().ifPresent(sample -> body.put("ref_audio", Base64.getEncoder().encodeToString(sample.audio()))
        .put("ref_audio_mime_type", sample.mimeType()).put("ref_text", sample.transcript()));
    selected.designPrompt().ifPresent(prompt -> body.put("instruct", prompt));
    if (model != null) {
      body.put("model_id", model);
    }
    if (instructions || selected.shape() == VoiceShape.DESIGN) {
      request.instructions().ifPresent(i -> body.put("instructions", i));
    }
    String target = url.replace(VOICE_PLACEHOLDER, URLEncoder.encode(voice, StandardCharsets.UTF_8).replace("+", "%20"));
    SafeHttpRequest.Builder http = SafeHttpRequest.builder("POST", target).maxBodyBytes(SpeechHttp.MAX_AUDIO_BYTES)
        .rejectOversizedBody(true).header("Accept", "audio/*, application/json")
        .body(SpeechHttp.JSON.writeValueAsBytes(body), "application/json");
    if (apiKey != null) {
      http.header(keyHeader, keyHeader.equalsIgnoreCase("Authorization") ? "Bearer " + apiKey : apiKey);
    }
    SafeHttpResponse response = SpeechHttp.exchange(client, http.build());
    String type = SpeechHttp.type(response).orElse("");
    if (type.startsWith("audio/")) {
      return new SpeechAudio(response.body(), type, Optional.empty());
    }
    if (type.equals("application/json")) {
      return fromJson(response.body());
    }
    throw new SpeechException(SpeechException.BAD_UPSTREAM_RESPONSE, SpeechHttp.WHO + " returned no audio", false);
  }

  private static SpeechAudio fromJson(byte[] body) throws SpeechException {
    JsonNode root;
    try {
      root = SpeechHttp.JSON.readTree(body);
    } catch (JacksonException e) {
      throw new SpeechException(SpeechException.BAD_UPSTREAM_RESPONSE, SpeechHttp.WHO + " answered with malformed JSON", false);
    }
    JsonNode audio = root == null ? null : root.get("audio_base64");
    byte[] bytes;
    try {
      bytes = audio != null && audio.isString() ? Base64.getDecoder().decode(audio.stringValue()) : new byte[0];
    } catch (IllegalArgumentException e) {
      bytes = new byte[0];
    }
    if (bytes.length == 0) {
      throw new SpeechException(SpeechException.BAD_UPSTREAM_RESPONSE, SpeechHttp.WHO + " returned no audio", false);
    }
    JsonNode type = root.get("mime_type");
    JsonNode millis = root.get("duration_ms");
    return new SpeechAudio(bytes, type != null && type.isString() && type.stringValue().startsWith("audio/") ? type.stringValue()
        : "audio/mpeg", millis != null && millis.canConvertToLong() && millis.asLong() > 0
        ? Optional.of(Duration.ofMillis(millis.asLong())) : Optional.empty());
  }

  /** Names the label and markup, never the URL (it may carry a token) or the key. */
  @Override
  public String toString() {
    return "CustomSpeechEndpoint[" + label + ", markup=" + markup.id() + ", instructions=" + instructions + ", key="
        + (apiKey == null ? "none" : "***") + "]";
  }

  /**
   * Configures a {@link CustomSpeechEndpoint}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final SafeHttpClient client;
    private final String url;
    private String label = "Custom speech endpoint";
    private ScriptMarkup markup = ScriptMarkup.PLAIN;
    private boolean instructions;
    private String model;
    private String keyHeader = "Authorization";
    private String apiKey;
    private final Map<String, String> voiceIds = new HashMap<>();
    private Set<VoiceShape> shapes;

    private Builder(SafeHttpClient client, String url) {
      this.client = client;
      this.url = url;
    }

    /** How descriptions name the endpoint; default {@code "Custom speech endpoint"}. */
    public Builder label(String label) {
      this.label = SpeechHttp.label(label);
      return this;
    }

    /** The declared script markup; default {@link ScriptMarkup#PLAIN}. */
    public Builder markup(ScriptMarkup markup) {
      if (markup == null) {
        throw new IllegalArgumentException("markup must not be null");
      }
      this.markup = markup;
      return this;
    }

    /** Whether the service takes one-off delivery instructions ({@code supports_instruct}); default false. */
    public Builder supportsInstructions(boolean supported) {
      this.instructions = supported;
      return this;
    }

    /** The model id sent as {@code model_id}, e.g. {@code eleven_multilingual_v2}; default none. */
    public Builder model(String model) {
      if (model == null || model.isBlank()) {
        throw new IllegalArgumentException("model must not be blank, but was " + model);
      }
      this.model = model.trim();
      return this;
    }

    /** A key sent as {@code Authorization: Bearer <key>}; default none. */
    public Builder apiKey(String apiKey) {
      return apiKey("Authorization", apiKey);
    }

    /**
     * A key sent in a header of its own, raw (e.g. {@code xi-api-key}); {@code Authorization} keeps the bearer form.
     *
     * @param header the header name
     * @param apiKey the key; never in messages or {@link #toString()}
     */
    public Builder apiKey(String header, String apiKey) {
      if (header == null || header.isBlank() || !header.chars().allMatch(c -> c > 0x20 && c < 0x7F && c != ':')) {
        throw new IllegalArgumentException("api key header must be an HTTP header name, but was " + header);
      }
      this.keyHeader = header;
      this.apiKey = SafeHttpRequest.checkedCredential("apiKey", apiKey);
      return this;
    }

    /**
     * Maps a persona's voice id to the service's own, e.g. {@code "narrator"} to an ElevenLabs voice id.
     *
     * @param personaVoiceId the id a {@link VoiceSource} returns
     * @param serviceVoiceId the id the service knows
     */
    public Builder voiceId(String personaVoiceId, String serviceVoiceId) {
      if (personaVoiceId == null || personaVoiceId.isBlank() || serviceVoiceId == null || serviceVoiceId.isBlank()) {
        throw new IllegalArgumentException("voice ids must not be blank, but were " + personaVoiceId + " -> " + serviceVoiceId);
      }
      voiceIds.put(personaVoiceId, serviceVoiceId.trim());
      return this;
    }

    /**
     * The voice shapes the service accepts; default voice ids, or design prompts when the markup is
     * {@link ScriptMarkup#VOICE_DESIGN}. A cloning server in "auto" mode accepts {@code CLONE, DESIGN}.
     */
    public Builder voiceShapes(VoiceShape... shapes) {
      if (shapes == null || shapes.length == 0 || Arrays.asList(shapes).contains(null)) {
        throw new IllegalArgumentException("voice shapes must name at least one shape, but were " + Arrays.toString(shapes));
      }
      this.shapes = Collections.unmodifiableSet(EnumSet.copyOf(Arrays.asList(shapes)));
      return this;
    }

    /**
     * The endpoint.
     *
     * @throws IllegalArgumentException when the URL has {@code {voice_id}} but the service takes other shapes too
     */
    public CustomSpeechEndpoint build() {
      if (url.contains(VOICE_PLACEHOLDER) && shapes != null && !shapes.equals(EnumSet.of(VoiceShape.VOICE_ID))) {
        throw new IllegalArgumentException("a url with " + VOICE_PLACEHOLDER + " takes voice ids only, but voice shapes were " + shapes);
      }
      return new CustomSpeechEndpoint(this);
    }
  }
}
