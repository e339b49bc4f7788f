package dev.loadout.examples;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.RenderedTools;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An offline demo bot: a few sample tools, two conversations, what each model would see and why, the
 * renders for OpenAI and Anthropic, and scripted tool calls (including bad ones) run end to end.
 *
 * <p>Run it with the demo command of {@code docs/examples.md}. Nothing here touches the network.
 */
public final class Demo {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC);

  private Demo() {}

  /** Prints the transcript to standard output. */
  public static void main(String[] args) {
    run(System.out);
  }

  /** Prints the transcript; the test checks what it says. */
  public static void run(PrintStream out) {
    ToolRegistry registry = ToolRegistry.builder()
        .register(new RollDice(), new GenerateImage(), webSearch(), banMember())
        .build();
    try (Loadout loadout = Loadout.builder(registry)
        .groupOrder(List.of("media", "moderation"))
        .addFilter(AvailabilityFilters.featureFlags())
        .addFilter(AvailabilityFilters.permissions())
        .build()) {

      TurnContext cafe = TurnContext.builder("openai", "gpt-5-mini")
          .guildId("cozy-cafe").channelId("general").userId("alice").permissions(Set.of())
          .clock(CLOCK).build();
      TurnContext modHq = TurnContext.builder("anthropic", "claude-sonnet-4-5")
          .guildId("mod-hq").channelId("staff").userId("bob").permissions(Set.of("MODERATOR"))
          .flag("web_search", true).flag("hd_images", true).clock(CLOCK).build();

      PreparedTurn cafeTurn = describe(out, "Alice in #general of Cozy Cafe (openai, no flags)", loadout.prepare(cafe));
      PreparedTurn modTurn = describe(out, "Bob, a moderator, in #staff of Mod HQ (anthropic, web_search + hd_images)",
          loadout.prepare(modHq));

      out.println();
      out.println("== generate_image as each model sees it");
      out.println("Cozy Cafe: " + cafeTurn.variant("generate_image").orElseThrow().parameters());
      out.println("Mod HQ:    " + modTurn.variant("generate_image").orElseThrow().parameters());

      out.println();
      out.println("== Renders");
      RenderedTools openai = cafeTurn.render(Dialect.OPENAI_CHAT);
      RenderedTools anthropic = modTurn.render(Dialect.ANTHROPIC);
      out.println("OpenAI chat for Cozy Cafe (" + openai.size() + " bytes, fingerprint " + cafeTurn.fingerprint() + "):");
      out.println(openai.json());
      out.println("Anthropic for Mod HQ (" + anthropic.size() + " bytes, fingerprint " + modTurn.fingerprint() + "):");
      out.println(anthropic.json());
      out.println("Preparing Cozy Cafe again renders the same bytes: "
          + openai.json().equals(loadout.prepare(cafe).render(Dialect.OPENAI_CHAT).json()));

      out.println();
      out.println("== Scripted calls from the OpenAI model in Cozy Cafe");
      String modelResponse = """
          {"choices":[{"message":{"role":"assistant","tool_calls":[
            {"id":"call_1","type":"function","function":{"name":"roll_dice","arguments":"{\\"sides\\":20}"}},
            {"id":"call_2","type":"function","function":{"name":"roll_dice","arguments":"{\\"sides\\":\\"twenty\\"}"}},
            {"id":"call_3","type":"function","function":{"name":"ban_member","arguments":"{\\"member\\":\\"carol\\"}"}},
            {"id":"call_4","type":"function","function":{"name":"generate_image","arguments":"{\\"prompt\\":\\"a cat\\",\\"size\\":\\"1024\\"}"}},
            {"id":"call_5","type":"function","function":{"name":"generate_image","arguments":"{\\"prompt\\": \\"a cat"}}
          ]}}]}""";
      List<ToolCall> calls = Dialect.OPENAI_CHAT.parseToolCalls(modelResponse);
      List<ToolOutcome> outcomes = cafeTurn.executeAll(calls).toCompletableFuture().join();
      for (ToolOutcome o : outcomes) {
        out.println(o.call().id() + " " + o.call().name() + " " + o.call().arguments());
        out.println("  -> " + describe(o.result()));
      }
      out.println();
      out.println("== History messages for OpenAI");
      Dialect.OPENAI_CHAT.historyMessages(outcomes).forEach(m -> out.println(m));
    }
    SearchDemo.run(out);
  }

  private static PreparedTurn describe(PrintStream out, String who, PreparedTurn turn) {
    out.println();
    out.println("== " + who);
    out.println("Model sees, in order: " + String.join(", ", turn.visibleNames()));
    for (HiddenTool hidden : turn.hidden()) {
      for (HiddenTool.Reason reason : hidden.reasons()) {
        out.println("Hidden: " + hidden.name() + " [" + reason.code() + "] " + reason.message());
      }
    }
    return turn;
  }

  private static String describe(ToolResult result) {
    if (result instanceof ToolResult.Success) {
      return "ok: " + ((ToolResult.Success) result).modelText();
    }
    ToolResult.Failure f = (ToolResult.Failure) result;
    return "failed [" + f.code() + "]: " + f.message().replace("\n", "\n     ");
  }

  // ------------------------------------------------------------------ sample tools and rules

  /** A core tool. */
  static final class RollDice implements BaseTool {
    private static final ToolSpec SPEC = ToolSpec.builder("roll_dice", """
        {"type":"object","properties":{"sides":{"type":"integer","minimum":2,"maximum":100}},"required":["sides"]}""")
        .description("Rolls one die with the given number of sides.").build();

    @Override
    public ToolSpec spec() {
      return SPEC;
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      // Deterministic for the demo: derived from the injected clock, never the system's.
      int sides = call.argumentsJson().get("sides").asInt();
      return CompletableFuture.completedFuture(ToolResult.text("Rolled a d" + sides + ": " + (1 + context.clock().millis() / 1000 % sides)));
    }
  }

  /** A grouped tool with a per-context variant: without {@code hd_images}, only small images and no seed. */
  static final class GenerateImage implements BaseTool {
    private static final ToolSpec SPEC = ToolSpec.builder("generate_image", """
        {"type":"object","properties":{
          "prompt":{"type":"string","description":"What to draw."},
          "size":{"type":"string","enum":["512","1024","2048"]},
          "seed":{"type":"integer","description":"Fixes the randomness."}},
         "required":["prompt"]}""").description("Draws an image from a prompt.").group("media").build();

    @Override
    public ToolSpec spec() {
      return SPEC;
    }

    @Override
    public Optional<ToolSpec> assembleForContext(TurnContext context) {
      return Optional.of(context.flag("hd_images") ? SPEC
          : SPEC.edit().narrowEnum("size", List.of("512")).dropProperties("seed").build());
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      return CompletableFuture.completedFuture(ToolResult.text("(an image of " + call.argumentsJson().get("prompt").asString() + ")"));
    }
  }

  private static BaseTool webSearch() {
    ToolSpec spec = ToolSpec.builder("web_search", """
        {"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}""")
        .description("Searches the web.").requiredFlag("web_search").build();
    return BaseTool.of(spec, (call, ctx) -> ToolResult.text("(search results)"));
  }

  private static BaseTool banMember() {
    ToolSpec spec = ToolSpec.builder("ban_member", """
        {"type":"object","properties":{"member":{"type":"string"}},"required":["member"]}""")
        .description("Bans a member from the server.").group("moderation").requiredPermission("MODERATOR").build();
    return BaseTool.of(spec, (call, ctx) -> ToolResult.text("(banned)"));
  }
}
