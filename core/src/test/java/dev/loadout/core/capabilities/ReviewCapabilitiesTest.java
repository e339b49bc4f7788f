package dev.loadout.core.capabilities;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ReviewCapabilitiesTest {
  private static final String COMMANDS = """
      [{"name":"ping","description":"Checks the bot is alive."},
       {"name":"music","description":"Music","options":[
         {"type":2,"name":"queue","description":"Queue","options":[
           {"type":1,"name":"clear","description":"Empties the queue."},
           {"type":1,"name":"add","description":"Adds a song.","options":[{"type":3,"name":"song","description":"x"}]}]},
         {"type":1,"name":"play","description":"Plays a song."}]}]""";

  private static BaseTool tool(String name, String group) {
    ToolSpec spec = ToolSpec.builder(name, "{\"type\":\"object\",\"properties\":{}}").group(group).build();
    return BaseTool.of(spec, (c, ctx) -> ToolResult.text("ok"));
  }

  private static final ReviewCapabilities REVIEW = ReviewCapabilities.builder()
      .commands(() -> JsonMapper.builder().build().readTree(COMMANDS))
      .adminDetails(ctx -> Map.of("openai key", "set (secret-marker-1)", "guild id", "guild-secret-42", "system prompt", "1,204 characters"))
      .build();

  private static Loadout loadout() {
    ToolRegistry registry = ToolRegistry.builder().register(REVIEW, tool("roll_dice", null), tool("generate_image", "media"),
        tool("ban_member", "moderation")).build();
    ToolSpec banSpec = registry.tool("ban_member").orElseThrow().spec();
    assertThat(banSpec).isNotNull();
    Loadout.Builder b = Loadout.builder(registry)
        .externalTools(ctx -> List.of(ToolSource.of("s", "notes server", List.of(tool("add_note", null)))));
    b.addFilter((spec, ctx) -> spec.name().equals("ban_member") && !ctx.hasPermission("MODERATOR")
        ? dev.loadout.core.AvailabilityDecision.hidden("missing_permission", "the member lacks all of [MODERATOR]")
        : dev.loadout.core.AvailabilityDecision.available());
    AvailabilityFilters.standard().forEach(b::addFilter);
    return b.build();
  }

  private static ToolResult.Success run(PreparedTurn turn, String type) {
    ToolResult r = turn.execute(ToolCall.of("c", "review_capabilities", "{\"capability_type\":\"" + type + "\"}"))
        .toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join();
    assertThat(r).isInstanceOf(ToolResult.Success.class);
    return (ToolResult.Success) r;
  }

  private static TurnContext.Builder member() {
    return TurnContext.builder("openai", "gpt-5-mini").capability("vision", true).capability("function_calling", true)
        .permissions(Set.of()).flag("web_search", false).flag("memory", true);
  }

  @Test
  void chatListsExactlyTheToolsThisTurnShowsWithExternalOnesApart() {
    try (Loadout loadout = loadout()) {
      ToolResult.Success r = run(loadout.prepare(member().build()), "chat");
      assertThat(r.modelText()).contains("""
          Model: gpt-5-mini (provider: openai)
          Capabilities: function_calling=true, vision=true
          Tools available right now:
          - core: review_capabilities, roll_dice
          - media: generate_image
          External tools:
          - add_note (from notes server)
          1 tool(s) are unavailable right now; ask for the settings report to see why.""");
      assertThat(r.data().get("tools").toString()).isEqualTo("{\"core\":[\"review_capabilities\",\"roll_dice\"],\"media\":[\"generate_image\"]}");
    }
  }

  @Test
  void commandsAreExpandedSortedAndCounted() {
    try (Loadout loadout = loadout()) {
      ToolResult.Success r = run(loadout.prepare(member().build()), "commands");
      assertThat(r.modelText()).contains("""
          /music play — Plays a song.
          /music queue add — Adds a song.
          /music queue clear — Empties the queue.
          /ping — Checks the bot is alive.
          4 command(s) in 2 categories""");
      assertThat(r.data().get("totalCommands").asInt()).isEqualTo(4);
      assertThat(r.data().get("totalCategories").asInt()).isEqualTo(2);
    }
  }

  @Test
  void settingsShowReasonsToEveryoneButAdminDetailsOnlyToManagers() {
    try (Loadout loadout = loadout()) {
      ToolResult.Success redacted = run(loadout.prepare(member().build()), "settings");
      assertThat(redacted.modelText()).contains("- memory: on", "- web_search: off",
          "- ban_member: the member lacks all of [MODERATOR]",
          "Administrator details are shown only to members with the Manage Server permission.");
      String everything = redacted.modelText() + redacted.data();
      assertThat(everything).doesNotContain("secret-marker-1", "guild-secret-42", "1,204", "openai key");

      ToolResult.Success full = run(loadout.prepare(member().permissions(Set.of("MANAGE_GUILD")).build()), "settings");
      assertThat(full.modelText()).contains("Administrator details:", "- guild id: guild-secret-42", "- openai key: set (secret-marker-1)");
    }
  }

  @Test
  void aDiscordAdministratorSeesAdminDetailsWithTheSameTableThePermissionFilterUses() {
    try (Loadout loadout = loadout()) {
      TurnContext admin = member().permissions(Set.of("ADMINISTRATOR"))
          .permissionImplications(dev.loadout.core.PermissionImplications.discord()).build();
      ToolResult.Success full = run(loadout.prepare(admin), "settings");
      assertThat(full.modelText()).contains("Administrator details:", "- guild id: guild-secret-42");

      ToolResult.Success withoutTable = run(loadout.prepare(member().permissions(Set.of("ADMINISTRATOR")).build()), "settings");
      assertThat(withoutTable.modelText() + withoutTable.data()).doesNotContain("guild-secret-42");
    }
  }

  @Test
  void unknownPermissionsFailClosedToTheRedactedReport() {
    try (Loadout loadout = loadout()) {
      ToolResult.Success r = run(loadout.prepare(member().permissions(null).build()), "settings");
      assertThat(r.modelText() + r.data()).doesNotContain("secret-marker-1", "guild-secret-42");
      assertThat(r.data().get("redacted").asBoolean()).isTrue();
    }
  }

  @Test
  void anUnknownTypeIsRefusedByTheSchemaTheModelSaw() {
    try (Loadout loadout = loadout()) {
      ToolResult r = loadout.prepare(member().build()).execute(ToolCall.of("c", "review_capabilities", "{\"capability_type\":\"secrets\"}"))
          .toCompletableFuture().join();
      assertThat(r).isInstanceOfSatisfying(ToolResult.Failure.class, f -> assertThat(f.code()).isEqualTo("invalid_arguments"));
    }
  }
}
