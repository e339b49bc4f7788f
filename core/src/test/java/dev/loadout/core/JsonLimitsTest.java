package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The JSON limits that separate "beyond a limit" from "merely wrong", and the depth bound that keeps schema
 * validation from exhausting any thread's stack.
 */
class JsonLimitsTest {
  /** A recursive schema: every level of nesting costs the validator several frames. */
  private static final ToolSpec NESTED = ToolSpec.builder("nested", Tools.schema("""
      {"type":"object","properties":{"value":{"$ref":"#/$defs/v"}},
       "$defs":{"v":{"anyOf":[{"type":"integer"},{"type":"array","items":{"$ref":"#/$defs/v"}}]}}}""")).build();
  private static final ToolSpec OPEN = ToolSpec.builder("open", Tools.schema("""
      {"type":"object","properties":{"n":{"type":"number"}},"additionalProperties":false}""")).build();

  private Loadout loadout;

  @AfterEach
  void close() {
    if (loadout != null) {
      loadout.close();
    }
  }

  private PreparedTurn turn(JsonLimits limits) {
    loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(NESTED), Tools.FnTool.echo(OPEN)).build())
        .jsonLimits(limits).build();
    return loadout.prepare(Tools.context().build());
  }

  /** {"value": [[...[1]...]]}: the whole text nests {@code levels} deep. */
  private static String nested(int levels) {
    int arrays = levels - 1;
    return "{\"value\":" + "[".repeat(arrays) + "1" + "]".repeat(arrays) + "}";
  }

  private static ToolResult run(PreparedTurn turn, String tool, String arguments) {
    return turn.execute(ToolCall.of("c1", tool, arguments)).toCompletableFuture().orTimeout(30, TimeUnit.SECONDS).join();
  }

  /** Runs on a thread with the smallest stack the JVM gives (it rounds the request up to its minimum). */
  private static ToolResult onSmallestStack(PreparedTurn turn, String tool, String arguments) throws Exception {
    AtomicReference<Object> out = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        out.set(turn.execute(ToolCall.of("c1", tool, arguments)).toCompletableFuture().join());
      } catch (Throwable e) {
        out.set(e);
      }
    }, "smallest-stack", 1);
    t.start();
    t.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(out.get()).isInstanceOf(ToolResult.class);
    return (ToolResult) out.get();
  }

  @Test
  void argumentsDeeperThanTheLimitAreInvalidArgumentsNamingIt() {
    PreparedTurn turn = turn(JsonLimits.DEFAULTS);
    // The input that used to throw StackOverflowError synchronously: 490 arrays under one object.
    ToolResult r = run(turn, "nested", "{\"value\":" + "[".repeat(490) + "1" + "]".repeat(490) + "}");
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    assertThat(((ToolResult.Failure) r).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(((ToolResult.Failure) r).message()).isEqualTo(
        "Arguments for 'nested' nest deeper than 64 levels, the limit; send flatter arguments.");
    assertThat(run(turn, "nested", nested(65))).isEqualTo(r);
  }

  @Test
  void argumentsAtTheLimitAreCheckedAgainstTheSchemaOnAnyThread() throws Exception {
    PreparedTurn turn = turn(JsonLimits.DEFAULTS);
    ToolResult here = run(turn, "nested", nested(64));
    assertThat(here.isSuccess()).isTrue();
    assertThat(onSmallestStack(turn, "nested", nested(64))).isEqualTo(here);
    // A violation deep down is found, and reported the same way, wherever execute is called.
    String wrong = nested(40).replace("1", "\"x\"");
    ToolResult refused = run(turn, "nested", wrong);
    assertThat(((ToolResult.Failure) refused).code()).isEqualTo("invalid_arguments");
    assertThat(onSmallestStack(turn, "nested", wrong)).isEqualTo(refused);
    assertThat(onSmallestStack(turn, "nested", nested(65))).isEqualTo(run(turn, "nested", nested(65)));
  }

  @Test
  void theLimitsAreSettings() {
    PreparedTurn turn = turn(JsonLimits.DEFAULTS.withMaxNestingDepth(4).withMaxNumberLength(2_000).withMaxNameLength(10));
    assertThat(run(turn, "nested", nested(4)).isSuccess()).isTrue();
    assertThat(((ToolResult.Failure) run(turn, "nested", nested(5))).message()).contains("deeper than 4 levels");
    assertThat(run(turn, "open", "{\"n\":" + "9".repeat(1_500) + "}").isSuccess()).isTrue();
    assertThat(((ToolResult.Failure) run(turn, "open", "{\"abcdefghijk\":1}")).message())
        .isEqualTo("Arguments for 'open' hold a property name longer than 10 characters, the limit.");
  }

  @Test
  void aNumberOfOneThousandAndOneDigitsIsBeyondTheDefaultLimit() {
    ToolResult.Failure f = (ToolResult.Failure) run(turn(JsonLimits.DEFAULTS), "open", "{\"n\":" + "1".repeat(1_001) + "}");
    assertThat(f.code()).isEqualTo("invalid_arguments");
    assertThat(f.message()).isEqualTo("Arguments for 'open' hold a number longer than 1000 characters, the limit.");
  }

  @Test
  void aPropertyNamedTwiceIsRefused() {
    ToolResult.Failure f = (ToolResult.Failure) run(turn(JsonLimits.DEFAULTS), "open", "{\"n\":1,\"n\":2}");
    assertThat(f.code()).isEqualTo("invalid_arguments");
    assertThat(f.message()).isEqualTo("Arguments for 'open' name one property twice; send each property once.");
  }

  @Test
  void trailingGarbageIsNotValidJson() {
    ToolResult.Failure f = (ToolResult.Failure) run(turn(JsonLimits.DEFAULTS), "open", "{\"n\":1} x");
    assertThat(f.message()).isEqualTo("Arguments for 'open' are not valid JSON; send a JSON object.");
  }

  @Test
  void theViolationMessageIsCappedHoweverLongTheNamesTheModelSent() {
    StringBuilder args = new StringBuilder("{");
    for (int i = 0; i < 25; i++) {
      args.append(i == 0 ? "" : ",").append('"').append(Character.toString('a' + i).repeat(900)).append("\":1");
    }
    ToolResult.Failure f = (ToolResult.Failure) run(turn(JsonLimits.DEFAULTS), "open", args.append('}').toString());
    assertThat(f.code()).isEqualTo("invalid_arguments");
    assertThat(f.message()).hasSizeLessThanOrEqualTo(ResultShaper.MAX_FAILURE_MESSAGE_CHARS)
        .startsWith("Arguments for 'open' do not match its schema:").endsWith("- and 5 more");
    assertThat(f.message().lines().skip(1).limit(20)).allSatisfy(line -> assertThat(line).hasSizeLessThanOrEqualTo(88));
  }

  @Test
  void anInterceptorsOwnFailureIsCappedToo() {
    loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(OPEN)).build())
        .addInterceptor(chain -> CompletableFuture.completedFuture(ToolResult.failure("cooldown", "w".repeat(50_000), true)))
        .build();
    ToolResult.Failure f = (ToolResult.Failure) run(loadout.prepare(Tools.context().build()), "open", "{}");
    assertThat(f.message()).hasSizeLessThan(2_100).contains("[truncated: showing the first 2000 of 50000 characters]");
  }

  @Test
  void argumentViolationsOfAPrebuiltTreeNeverOverflow() throws Exception {
    tools.jackson.databind.JsonNode deep = Json.parse(nested(200));
    assertThat(NESTED.argumentViolations(deep)).isEmpty();
    tools.jackson.databind.JsonNode deeper = Json.parse(nested(300));
    assertThat(NESTED.argumentViolations(deeper)).singleElement().asString().contains("deeper than 256 levels");
  }

  @Test
  void limitsOutsideTheirRangeAreRefusedNamingTheLimit() {
    assertThatThrownBy(() -> JsonLimits.DEFAULTS.withMaxNestingDepth(0))
        .hasMessage("maxNestingDepth must be from 1 to 256, but was 0");
    assertThatThrownBy(() -> JsonLimits.DEFAULTS.withMaxNestingDepth(257)).hasMessageStartingWith("maxNestingDepth");
    assertThatThrownBy(() -> JsonLimits.DEFAULTS.withMaxNumberLength(-1)).hasMessageStartingWith("maxNumberLength");
    assertThatThrownBy(() -> Loadout.builder(ToolRegistry.builder().build()).jsonLimits(null))
        .hasMessageContaining("jsonLimits");
  }

  @Test
  void aStringAtTheLimitIsReadAndOneCharacterLongerIsRefusedNamingTheLimit() {
    PreparedTurn turn = turn(JsonLimits.DEFAULTS.withMaxStringLength(5));

    assertThat(run(turn, "open", "{\"n\":1,\"s\":\"abcde\"}")).isInstanceOf(ToolResult.Failure.class)
        .satisfies(r -> assertThat(((ToolResult.Failure) r).message()).doesNotContain("longer than"));
    assertThat(((ToolResult.Failure) run(turn, "open", "{\"s\":\"abcdef\"}")).message())
        .isEqualTo("Arguments for 'open' hold a string longer than 5 characters, the limit.");
  }
}
