package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a model reads when its call is refused, at the edges: how many violations are listed, how long one line
 * may be (without splitting a character), how a model-sent name is echoed, and the bounds of every JSON limit.
 */
class ExecutionMessagesTest {
  /** Any property may be given, and each must be a number: "/NAME: string found, number expected" per bad one. */
  private static final ToolSpec NUMBERS = ToolSpec.builder("numbers", Tools.schema("""
      {"type":"object","additionalProperties":{"type":"number"}}""")).build();
  private static final String SUFFIX = ": string found, number expected";

  private Loadout loadout;

  @AfterEach
  void close() {
    if (loadout != null) {
      loadout.close();
    }
  }

  private ToolResult run(String tool, String arguments) {
    loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(NUMBERS)).build()).build();
    return loadout.prepare(Tools.context().build()).execute(ToolCall.of("c1", tool, arguments)).toCompletableFuture()
        .orTimeout(30, TimeUnit.SECONDS).join();
  }

  private List<String> violationLines(String arguments) {
    ToolResult.Failure f = (ToolResult.Failure) run("numbers", arguments);
    assertThat(f.code()).isEqualTo("invalid_arguments");
    return f.message().lines().skip(1).toList();
  }

  private static String badProperties(int count) {
    StringBuilder b = new StringBuilder("{");
    for (int i = 0; i < count; i++) {
      b.append(i == 0 ? "" : ",").append("\"p").append(100 + i).append("\":\"x\"");
    }
    return b.append('}').toString();
  }

  @Test
  void twentyViolationsAreAllListedAndTheTwentyFirstIsCounted() {
    assertThat(violationLines(badProperties(20))).hasSize(20).noneMatch(line -> line.contains("more"));
    assertThat(violationLines(badProperties(21))).hasSize(21).last().isEqualTo("- and 1 more");
  }

  @Test
  void aViolationLineOf85CharactersIsShownWholeAndALongerOneIsCut() {
    String name85 = "n".repeat(85 - 1 - SUFFIX.length());
    String name86 = name85 + "m";

    assertThat(violationLines("{\"" + name85 + "\":\"x\"}")).containsExactly("- /" + name85 + SUFFIX);
    String cut = violationLines("{\"" + name86 + "\":\"x\"}").get(0);
    assertThat(cut).isEqualTo("- " + ("/" + name86 + SUFFIX).substring(0, 84) + "…");
  }

  @Test
  void aCutNeverSplitsASurrogatePair() {
    // The pair starts at index 83 of the line, the last index a cut keeps.
    String name = "n".repeat(82) + "\uD83D\uDE00" + "n".repeat(10);

    String line = violationLines("{\"" + name + "\":\"x\"}").get(0);

    assertThat(line).isEqualTo("- /" + "n".repeat(82) + "…");
  }

  @Test
  void controlCharactersInAViolationAreShownAsQuestionMarks() {
    assertThat(violationLines("{\"a\\u0001b\":\"x\"}")).containsExactly("- /a?b" + SUFFIX);
  }

  @Test
  void anUnknownToolNameIsEchoedUpTo64CharactersAndPrintable() {
    String name64 = "t".repeat(64);

    assertThat(((ToolResult.Failure) run(name64, "{}")).message())
        .isEqualTo("Tool '" + name64 + "' is not available in this conversation right now.");
    assertThat(((ToolResult.Failure) run(name64 + "u", "{}")).message())
        .isEqualTo("Tool '" + name64 + "…' is not available in this conversation right now.");
    assertThat(((ToolResult.Failure) run("a\u0007b", "{}")).message())
        .isEqualTo("Tool 'a?b' is not available in this conversation right now.");
  }

  @Test
  void everyJsonLimitAcceptsOneAndItsMaximumAndRefusesZeroAndOnePast() {
    JsonLimits lowest = new JsonLimits(1, 1, 1, 1);
    JsonLimits highest = new JsonLimits(256, 100_000, 1_000_000, Integer.MAX_VALUE);

    assertThat(lowest.withMaxStringLength(7).maxStringLength()).isEqualTo(7);
    assertThat(highest.maxStringLength()).isEqualTo(Integer.MAX_VALUE);
    assertThatThrownBy(() -> new JsonLimits(0, 1, 1, 1)).hasMessage("maxNestingDepth must be from 1 to 256, but was 0");
    assertThatThrownBy(() -> new JsonLimits(257, 1, 1, 1)).hasMessage("maxNestingDepth must be from 1 to 256, but was 257");
    assertThatThrownBy(() -> new JsonLimits(1, 0, 1, 1)).hasMessage("maxNumberLength must be from 1 to 100000, but was 0");
    assertThatThrownBy(() -> new JsonLimits(1, 100_001, 1, 1))
        .hasMessage("maxNumberLength must be from 1 to 100000, but was 100001");
    assertThatThrownBy(() -> new JsonLimits(1, 1, 0, 1)).hasMessage("maxNameLength must be from 1 to 1000000, but was 0");
    assertThatThrownBy(() -> new JsonLimits(1, 1, 1_000_001, 1))
        .hasMessage("maxNameLength must be from 1 to 1000000, but was 1000001");
    assertThatThrownBy(() -> new JsonLimits(1, 1, 1, 0)).hasMessage("maxStringLength must be from 1 to 2147483647, but was 0");
    assertThatThrownBy(() -> JsonLimits.DEFAULTS.withMaxStringLength(-1))
        .hasMessage("maxStringLength must be from 1 to 2147483647, but was -1");
  }

  // --- result caps ---------------------------------------------------------------------------------------

  private String shaped(ToolResult result) {
    ToolSpec spec = ToolSpec.builder("big", Tools.schema("{\"type\":\"object\"}")).maxResultChars(300).build();
    loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.of(spec,
        (call, ctx) -> java.util.concurrent.CompletableFuture.completedFuture(result))).build()).build();
    ToolResult out = loadout.prepare(Tools.context().build()).execute(ToolCall.of("c1", "big", "{}")).toCompletableFuture()
        .orTimeout(30, TimeUnit.SECONDS).join();
    return out instanceof ToolResult.Failure ? ((ToolResult.Failure) out).message() : ((ToolResult.Success) out).modelText();
  }

  @Test
  void aResultOfExactlyTheCapIsKeptWholeAndOneCharacterMoreIsCut() {
    assertThat(shaped(ToolResult.text("a".repeat(300)))).isEqualTo("a".repeat(300));
    assertThat(shaped(ToolResult.text("a".repeat(301))))
        .isEqualTo("a".repeat(300) + "\n[truncated: showing the first 300 of 301 characters]");
  }

  @Test
  void aCutNeverEndsInsideASurrogatePair() {
    String text = "a".repeat(299) + "\uD83D\uDE00" + "b";

    assertThat(shaped(ToolResult.text(text)))
        .isEqualTo("a".repeat(299) + "\n[truncated: showing the first 299 of 302 characters]");
    assertThat(shaped(ToolResult.text("a".repeat(298) + "\uD83D\uDE00" + "b")))
        .startsWith("a".repeat(298) + "\uD83D\uDE00\n[truncated: showing the first 300 of 301");
  }

  @Test
  void aFailureMessageOf2000CharactersIsKeptWholeAndALongerOneIsCut() {
    assertThat(shaped(ToolResult.failure("x", "m".repeat(2_000), false))).isEqualTo("m".repeat(2_000));
    assertThat(shaped(ToolResult.failure("x", "m".repeat(2_001), false)))
        .isEqualTo("m".repeat(2_000) + "\n[truncated: showing the first 2000 of 2001 characters]");
  }

  @Test
  void aNullForARequiredPropertyIsReportedAsSentAndANullForAnOptionalOneReadsAsAbsent() {
    ToolSpec spec = ToolSpec.builder("find", Tools.schema("""
        {"type":"object","properties":{"q":{"type":"string"},"page":{"type":"integer"}},"required":["q"]}""")).build();
    loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(spec)).build()).build();
    PreparedTurn turn = loadout.prepare(Tools.context().build());

    ToolResult.Failure f = (ToolResult.Failure) turn.execute(ToolCall.of("c1", "find", "{\"q\":null}")).toCompletableFuture()
        .orTimeout(30, TimeUnit.SECONDS).join();
    ToolResult ok = turn.execute(ToolCall.of("c2", "find", "{\"q\":\"cats\",\"page\":null}")).toCompletableFuture()
        .orTimeout(30, TimeUnit.SECONDS).join();

    assertThat(f.message()).isEqualTo("Arguments for 'find' do not match its schema:\n- /q: null found, string expected");
    assertThat(ok).isInstanceOf(ToolResult.Success.class);
  }
}
