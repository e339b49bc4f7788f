package dev.loadout.tools.image;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** Shared test values: a turn, and a backend that records what it was asked. */
final class ImageFixtures {
  /** An OpenAI-compatible images answer with one base64 image. */
  static final String ONE_IMAGE = "{\"created\":1,\"data\":[{\"b64_json\":\"iVBORw0KGgo=\"}]}";

  private ImageFixtures() {
  }

  /** Runs one call through a real {@code Loadout}: prepare the turn, then execute on what was shown. */
  static ToolResult run(BaseTool tool, TurnContext context, String arguments) throws Exception {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build()) {
      return loadout.prepare(context).execute(ToolCall.of("call_1", tool.spec().name(), arguments))
          .toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }

  static TurnContext.Builder context() {
    return TurnContext.builder("openai", "gpt-4o").guildId("g1").channelId("c1").userId("u1");
  }

  /** A backend with fixed capabilities that answers one PNG per request and records the requests. */
  static final class RecordingBackend implements ImageBackend {
    final List<ImageRequest> requests = new CopyOnWriteArrayList<>();
    volatile ImageCapabilities capabilities;
    final String label;

    RecordingBackend(ImageCapabilities capabilities) {
      this("Test backend", capabilities);
    }

    RecordingBackend(String label, ImageCapabilities capabilities) {
      this.label = label;
      this.capabilities = capabilities;
    }

    @Override
    public String label() {
      return label;
    }

    @Override
    public ImageCapabilities capabilities() {
      return capabilities;
    }

    @Override
    public List<ToolMedia> generate(ImageRequest request) {
      requests.add(request);
      return List.of(ToolMedia.base64("image/png", "iVBORw0KGgo="));
    }
  }
}
