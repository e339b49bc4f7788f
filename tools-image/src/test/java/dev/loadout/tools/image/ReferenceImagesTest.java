package dev.loadout.tools.image;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import static dev.loadout.tools.image.ImageMode.IMAGE_TO_IMAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.participants.ParticipantId;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.Participants;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reference images by media id, by URL through the guard, and by participant avatar, within the limits. */
class ReferenceImagesTest {
  private final ImageFixtures.RecordingBackend backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, IMAGE_TO_IMAGE));
  private final List<ParticipantId> avatarLookups = new CopyOnWriteArrayList<>();
  private final AtomicInteger mediaLookups = new AtomicInteger();
  private LoopbackHttpServer server;
  private SafeHttpClient client;

  @BeforeEach
  void start() throws Exception {
    server = LoopbackHttpServer.start().otherwise(HttpReply.of(404, "application/json", "{\"error\":\"not found\"}"));
    client = OpenAiImagesBackendTest.loopbackClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  private TurnContext context() {
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(
        Participants.user("u7").username("alice").build(),
        Participants.user("u8").username("alicia").globalName("Al").build(),
        Participants.user("u9").username("carol").globalName("Al").build(),
        Participants.user("u10").username("dave").build()));
    return ImageFixtures.context().attribute(ParticipantTargetIndex.ATTRIBUTE, index).build();
  }

  private GenerateImageTool.Builder tool(ReferenceMedia media) {
    return GenerateImageTool.builder(backend).httpClient(client)
        .referenceImages((id, ctx) -> {
          mediaLookups.incrementAndGet();
          return Optional.of(media);
        })
        .avatars((participant, ctx) -> {
          avatarLookups.add(participant);
          return participant.id().equals("u10") ? Optional.empty() : Optional.of(new ReferenceImage(new byte[10], "image/png"));
        });
  }

  private ToolResult call(GenerateImageTool tool, String arguments) throws Exception {
    return ImageFixtures.run(tool, context(), arguments);
  }

  @Test
  void aUrlReferenceIsDownloadedThroughTheClientAndReachesTheBackendAsBytes() throws Exception {
    server.on("/a.png", HttpReply.body("image/png", new byte[] {7, 7, 7}));

    ToolResult result = call(tool(ReferenceMedia.url(server.url("/a.png"))).build(), "{\"prompt\":\"x\",\"media_id\":\"media_1\"}");

    assertThat(result.isSuccess()).isTrue();
    assertThat(backend.requests).singleElement().satisfies(r -> assertThat(r.reference().orElseThrow().bytes()).containsExactly(7, 7, 7));
  }

  @Test
  void aUrlReferenceToABlockedAddressIsRefusedBeforeAnySocketOpens() throws Exception {
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        SafeHttpClient production = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production(),
            host -> List.of(InetAddress.getLoopbackAddress()))).build()) {
      // A public-looking name that the fake resolver points at loopback: the guard must refuse it.
      GenerateImageTool tool = tool(ReferenceMedia.url("http://media.example:" + listener.getLocalPort() + "/a.png"))
          .httpClient(production).build();

      ToolResult result = call(tool, "{\"prompt\":\"x\",\"media_id\":\"media_1\"}");

      assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
        assertThat(f.code()).isEqualTo(GenerateImageTool.REFERENCE_URL_REFUSED);
        assertThat(f.message()).isEqualTo("Reference image 1's address is not allowed by the network policy (private_network)")
            .doesNotContain("media.example");
      });
      listener.setSoTimeout(1);
      boolean accepted;
      try {
        listener.accept().close();
        accepted = true;
      } catch (SocketTimeoutException e) {
        accepted = false;
      }
      assertThat(accepted).as("a connection was attempted").isFalse();
    }
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void aUrlReferenceOverTheSingleLimitFailsWithoutReachingTheBackend() throws Exception {
    server.on("/big.png", HttpReply.body("image/png", new byte[5_000]));

    ToolResult result = call(tool(ReferenceMedia.url(server.url("/big.png"))).referenceLimits(1_000, 3_000).build(),
        "{\"prompt\":\"x\",\"media_id\":\"media_1\"}");

    assertThat(result).isEqualTo(ToolResult.failure(GenerateImageTool.REFERENCE_TOO_LARGE,
        "Reference images may be at most 1000 bytes each", false));
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void moreReferencesThanTheCountLimitAreRefusedBeforeAnyLookUp() throws Exception {
    ToolResult result = call(tool(new ReferenceImage(new byte[1], "image/png")).referenceLimits(new ReferenceLimits(2, 100, 200)).build(),
        "{\"prompt\":\"x\",\"media_id\":\"media_1\",\"target_identity\":[\"alice\",\"dave\"]}");

    assertThat(result).isEqualTo(ToolResult.failure(GenerateImageTool.REFERENCE_COUNT_EXCEEDED,
        "At most 2 reference images may be used in one call, but 3 were given", false));
    assertThat(mediaLookups).hasValue(0);
    assertThat(avatarLookups).isEmpty();
  }

  @Test
  void targetIdentityAvatarsBecomeReferencesAndDuplicateNamesCountOnce() throws Exception {
    ToolResult result = call(tool(new ReferenceImage(new byte[1], "image/png")).build(),
        "{\"prompt\":\"x\",\"target_identity\":[\" alice \",\"ALICE\",\"carol\"]}");

    assertThat(result.isSuccess()).isTrue();
    assertThat(avatarLookups).containsExactly(ParticipantId.user("u7"), ParticipantId.user("u9"));
    assertThat(backend.requests).singleElement().satisfies(r -> {
      assertThat(r.mode()).isEqualTo(IMAGE_TO_IMAGE);
      assertThat(r.reference()).isPresent();
      assertThat(r.additionalReferences()).hasSize(1);
    });
  }

  @Test
  void unknownAmbiguousAndAvatarlessTargetsFailWithTheirCodes() throws Exception {
    GenerateImageTool tool = tool(new ReferenceImage(new byte[1], "image/png")).build();

    assertThat(call(tool, "{\"prompt\":\"x\",\"target_identity\":[\"zed\"]}")).isEqualTo(ToolResult.failure(
        GenerateImageTool.TARGET_NOT_FOUND, "No participant matches \"zed\" in this conversation", false));
    assertThat(call(tool, "{\"prompt\":\"x\",\"target_identity\":[\"Al\"]}")).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo(GenerateImageTool.TARGET_AMBIGUOUS));
    assertThat(call(tool, "{\"prompt\":\"x\",\"target_identity\":[\"dave\"]}")).isEqualTo(ToolResult.failure(
        GenerateImageTool.AVATAR_NOT_FOUND, "dave has no avatar to use as a reference", false));
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void limitsComeFromTheEnvironmentAndBadValuesNameTheirVariable() {
    assertThat(ReferenceLimits.fromEnvironment(Map.of())).isEqualTo(ReferenceLimits.DEFAULTS);
    assertThat(ReferenceLimits.DEFAULTS).isEqualTo(new ReferenceLimits(3, 2L << 20, 6L << 20));
    assertThat(ReferenceLimits.fromEnvironment(Map.of(ReferenceLimits.MAX_COUNT_VARIABLE, " 5 ",
        ReferenceLimits.MAX_SINGLE_BYTES_VARIABLE, "1000", ReferenceLimits.MAX_TOTAL_BYTES_VARIABLE, "4000")))
        .isEqualTo(new ReferenceLimits(5, 1000, 4000));
    assertThatThrownBy(() -> ReferenceLimits.fromEnvironment(Map.of(ReferenceLimits.MAX_COUNT_VARIABLE, "many")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("IMAGE_REFERENCE_MAX_COUNT must be a whole number from 1 to 2147483647, but was 'many'");
    assertThat(ReferenceLimits.fromEnvironment(Map.of(ReferenceLimits.MAX_SINGLE_BYTES_VARIABLE, "1 MiB")).maxSingleBytes())
        .isEqualTo(1L << 20);
    assertThatThrownBy(() -> ReferenceLimits.fromEnvironment(Map.of(ReferenceLimits.MAX_TOTAL_BYTES_VARIABLE, "10")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("IMAGE_REFERENCE_MAX_TOTAL_BYTES (10) must be at least IMAGE_REFERENCE_MAX_SINGLE_BYTES (2097152)");
  }
}
