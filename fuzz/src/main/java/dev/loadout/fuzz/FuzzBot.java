package dev.loadout.fuzz;

import dev.loadout.core.BaseTool;
import dev.loadout.core.FixtureTools;
import dev.loadout.core.Loadout;
import dev.loadout.core.PermissionImplications;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolInterceptor;
import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.tools.persona.InMemoryPersonaBlockStore;
import dev.loadout.tools.persona.NoticePermissionProbe;
import dev.loadout.tools.persona.PersonaBlockTools;
import dev.loadout.tools.persona.PersonaBlocks;
import dev.loadout.core.capabilities.ReviewCapabilities;
import dev.loadout.core.net.HostResolver;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.UrlVerdict;
import dev.loadout.core.participants.NameAffixes;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.Participants;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.InMemoryMcpRegistrationStore;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.McpSettings;
import dev.loadout.mcp.ServerType;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.tools.image.AnalyzeImageTool;
import dev.loadout.tools.image.GenerateImageTool;
import dev.loadout.tools.image.ImageBackend;
import dev.loadout.tools.image.ImageBackendException;
import dev.loadout.tools.image.ImageCapabilities;
import dev.loadout.tools.image.ImageMessage;
import dev.loadout.tools.image.ImageMode;
import dev.loadout.tools.image.ImageRequest;
import dev.loadout.tools.image.ReferenceImage;
import dev.loadout.tools.voice.GenerateVoiceMessageTool;
import dev.loadout.tools.voice.PersonaVoice;
import dev.loadout.tools.voice.ScriptMarkup;
import dev.loadout.tools.voice.SpeechAudio;
import dev.loadout.tools.voice.SpeechDispatcher;
import dev.loadout.tools.voice.SpeechEndpoint;
import dev.loadout.tools.voice.SpeechRequest;
import dev.loadout.tools.web.FetchUrlConfig;
import dev.loadout.tools.web.FetchUrlTool;
import dev.loadout.tools.web.search.WebSearchTool;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;

/**
 * A bot with the real tools (fetch_url, web_search, generate_image, analyze_image, generate_voice_message,
 * block_user and unblock_user, review_capabilities) over loopback fakes, a guild MCP server (the test kit's in-JVM
 * server on 127.0.0.1, through {@link GuildMcpManager}), plus the 100-tool fixture and the synthetic tools as echo
 * tools, behind the standard filters.
 *
 * <p>Nothing leaves the machine: the resolver answers 127.0.0.1 for {@code fuzz.test} names and nothing else,
 * and an interceptor stops, before the tool runs, any {@code fetch_url} call whose URL the guard would let reach
 * an address other than loopback (a public IP literal). Every tool's deadline is {@link #DEADLINE}.
 */
final class FuzzBot implements AutoCloseable {
  static final Duration DEADLINE = Duration.ofSeconds(5);
  private static final ParticipantTargetIndex PEOPLE = ParticipantTargetIndex.of(List.of(
      Participants.user("100").globalName("Alice").username("alice").build(),
      Participants.user("200").globalName("Alex").build(),
      Participants.user("201").globalName("Alex").build(),
      Participants.bot("900").username("Helper").build(),
      Participants.persona("p1", "Tomori", List.of("tomo"))));

  private static final String TEXT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";
  private static final String URL_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\",\"format\":\"uri\"}},\"required\":[\"url\"]}";
  private static final String NESTED_SCHEMA = "{\"type\":\"object\",\"properties\":{\"level\":{\"type\":\"integer\","
      + "\"enum\":[1,2,3]},\"items\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"n\":"
      + "{\"type\":\"number\",\"exclusiveMinimum\":0}}}}},\"additionalProperties\":false}";

  final LoopbackSite site;
  private final McpTestServer mcp;
  private final GuildMcpManager guildMcp;
  final SafeHttpClient client;
  final NetworkGuard guard;
  final Loadout loadout;
  private final ExecutorService visionThreads = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "fuzz-vision");
    t.setDaemon(true);
    return t;
  });
  private final List<AutoCloseable> closing = new ArrayList<>();

  FuzzBot() throws IOException {
    site = new LoopbackSite();
    HostResolver resolver = host -> {
      if (host.equals("fuzz.test") || host.endsWith(".fuzz.test")) {
        return List.of(InetAddress.getLoopbackAddress());
      }
      throw new UnknownHostException(host);
    };
    NetworkPolicy policy = NetworkPolicy.development().toBuilder().connectTimeout(Duration.ofSeconds(1))
        .readTimeout(Duration.ofSeconds(2)).callTimeout(Duration.ofSeconds(3)).maxBodyBytes(1 << 20).build();
    guard = NetworkGuard.of(policy, resolver);
    client = SafeHttpClient.builder(guard).build();
    WebSearchTool search = WebSearchTool.builder().httpClient(client).searxng(site.base() + "/")
        .trustSearxngOnPrivateNetwork(true).duckDuckGo(false).build();
    closing.add(search);
    List<BaseTool> tools = new ArrayList<>();
    tools.add(FetchUrlTool.create(client, FetchUrlConfig.defaults()));
    tools.add(search);
    tools.add(GenerateImageTool.builder(new FakeImages()).httpClient(client).timeout(DEADLINE)
        .referenceImages((id, ctx) -> id.equals("media_1")
            ? Optional.of(new ReferenceImage(new byte[] {1, 2, 3}, "image/png")) : Optional.empty())
        .build());
    tools.add(AnalyzeImageTool.builder(this::message, (images, question, left) ->
        CompletableFuture.completedFuture("a picture of " + images.size() + " image(s)"), client, visionThreads)
        .timeout(DEADLINE).build());
    tools.add(GenerateVoiceMessageTool.of(SpeechDispatcher.of(new FakeSpeech(),
        ctx -> Optional.of(PersonaVoice.voiceId("v1")), (audio, title, ctx) -> { })));
    tools.addAll(PersonaBlockTools.builder(PersonaBlocks.builder(new InMemoryPersonaBlockStore()).build(),
        NoticePermissionProbe.ALL_GRANTED).build().tools());
    tools.add(ReviewCapabilities.builder().build());
    Set<String> taken = new java.util.HashSet<>();
    tools.forEach(t -> taken.add(t.spec().name()));
    for (ToolSpec spec : FixtureTools.all()) {
      if (taken.add(spec.name())) {
        tools.add(BaseTool.of(spec.toBuilder().timeout(DEADLINE).build(), (call, ctx) -> ToolResult.success(call.argumentsJson())));
      }
    }
    mcp = McpTestServer.builder().name("fuzz-mcp")
        .tool("echo", "Echoes text.", TEXT_SCHEMA, args -> McpReply.text("echo: " + args.get("text")))
        .tool("fails", "Always reports an error.", TEXT_SCHEMA, args -> McpReply.error("it went wrong"))
        .tool("picture", "A 1x1 image.", args -> McpReply.image("iVBORw0KGgo=", "image/png", "a picture"))
        .tool("fetch_page", "Fetches a URL.", URL_SCHEMA, args -> McpReply.text("fetched " + args.get("url")))
        .tool("nested", "Takes nested input.", NESTED_SCHEMA, args -> McpReply.text("nested ok"))
        .build().start();
    InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
    store.insert(McpRegistration.draft("g1", "fuzz-mcp", mcp.streamableUrl(), null, ServerType.GENERAL, null));
    guildMcp = GuildMcpManager.builder(store, guard).settings(McpSettings.builder().requireHttps(false)
        .connectTimeout(Duration.ofSeconds(4)).executionTimeout(Duration.ofSeconds(3)).build()).build();
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(tools.toArray(new BaseTool[0])).build())
        .defaultTimeout(DEADLINE).addInterceptor(this::offline).externalTools(guildMcp);
    AvailabilityFilters.standard().forEach(b::addFilter);
    loadout = b.build();
  }

  /** Stops a fetch the guard would let leave loopback; everything else goes on. */
  private java.util.concurrent.CompletionStage<ToolResult> offline(ToolInterceptor.Chain chain) {
    ToolCall call = chain.call();
    if (call.name().equals(FetchUrlTool.NAME)) {
      JsonNode url;
      try {
        url = call.argumentsJson().get("url");
      } catch (IllegalStateException malformed) {
        return chain.proceed(call);
      }
      if (url != null && url.isString()) {
        UrlVerdict v = guard.check(url.stringValue());
        if (v.allowed() && !v.addresses().stream().allMatch(InetAddress::isLoopbackAddress)) {
          return CompletableFuture.completedFuture(ToolResult.failure(DocumentedCodes.OFFLINE,
              "The fuzz keeps every call on this machine.", false));
        }
      }
    }
    return chain.proceed(call);
  }

  private Optional<ImageMessage> message(String id, TurnContext context) {
    switch (id) {
      case "m1":
        return Optional.of(new ImageMessage(List.of(site.base() + "/img"), Optional.empty()));
      case "m2":
        return Optional.of(new ImageMessage(List.of("http://169.254.169.254/x", site.base() + "/page"), Optional.of("m1")));
      case "m3":
        return Optional.of(new ImageMessage(List.of(), Optional.of("m3")));
      default:
        return Optional.empty();
    }
  }

  /** A turn as a host would build it; {@code variant} picks permissions, switches and the provider. */
  static TurnContext context(int variant, String messageText) {
    String provider = List.of("openai", "anthropic", "gemini").get(Math.floorMod(variant, 3));
    TurnContext.Builder b = TurnContext.builder(provider, "fuzz-model").guildId("g1").channelId("c1").userId("100")
        .personaId("p1").capability("vision", true).capability("function_calling", true)
        .flag(PersonaBlockTools.FEATURE_FLAG, true).messageText(messageText)
        .attribute(ParticipantTargetIndex.ATTRIBUTE, PEOPLE).attribute(NameAffixes.ATTRIBUTE, NameAffixes.NONE);
    switch (Math.floorMod(variant / 3, 4)) {
      case 0:
        return b.permissions(Set.of("ADMINISTRATOR")).permissionImplications(PermissionImplications.discord()).build();
      case 1:
        return b.permissions(null).build();
      case 2:
        return b.permissions(Set.of()).flag(GenerateImageTool.ENABLED_FLAG, false)
            .flag(GenerateVoiceMessageTool.ENABLED_FLAG, false).flag(WebSearchTool.ENABLED_FLAG, false).build();
      default:
        return b.guildId(null).permissions(Set.of("MANAGE_GUILD")).build();
    }
  }

  @Override
  public void close() throws Exception {
    loadout.close();
    guildMcp.close();
    mcp.close();
    for (AutoCloseable c : closing) {
      c.close();
    }
    client.close();
    visionThreads.shutdownNow();
    site.close();
  }

  /** Answers with a tiny image, or fails the way a backend does. */
  private static final class FakeImages implements ImageBackend {
    @Override
    public String label() {
      return "fuzz images";
    }

    @Override
    public ImageCapabilities capabilities() {
      return ImageCapabilities.of(true, ImageMode.TEXT_TO_IMAGE, ImageMode.IMAGE_TO_IMAGE, ImageMode.INPAINT,
          ImageMode.OUTPAINT);
    }

    @Override
    public List<ToolMedia> generate(ImageRequest request) throws ImageBackendException {
      if (request.prompt().hashCode() % 7 == 0) {
        throw new ImageBackendException("The backend is busy.", true);
      }
      return List.of(ToolMedia.base64("image/png", "iVBORw0KGgo="));
    }
  }

  private static final class FakeSpeech implements SpeechEndpoint {
    @Override
    public String label() {
      return "fuzz speech";
    }

    @Override
    public ScriptMarkup markup() {
      return ScriptMarkup.PLAIN;
    }

    @Override
    public boolean supportsInstructions() {
      return true;
    }

    @Override
    public SpeechAudio synthesize(SpeechRequest request) {
      return new SpeechAudio(new byte[] {1, 2, 3}, "audio/ogg", Optional.empty());
    }
  }
}
