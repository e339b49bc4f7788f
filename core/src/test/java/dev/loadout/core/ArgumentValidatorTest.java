package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ArgumentValidatorTest {
  @Test
  void aRemoteRefIsNeverFetched() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    AtomicInteger requests = new AtomicInteger();
    server.createContext("/", exchange -> {
      requests.incrementAndGet();
      byte[] body = "{\"type\":\"string\"}".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/remote.json";
      String schema = "{\"type\":\"object\",\"properties\":{\"q\":{\"$ref\":\"" + url + "\"}}}";
      try {
        ToolSpec spec = ToolSpec.builder("remote", Tools.schema(schema)).build();
        // If the schema compiled, validating must still not reach the network.
        spec.validator().violations(Json.parse("{\"q\":1}"));
      } catch (RuntimeException expected) {
        assertThat(expected).hasMessageContaining("parameters of tool 'remote'");
      }
      assertThat(requests).hasValue(0);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void theDraftDeclaredBySchemaIsUsed() {
    // Draft 4's boolean exclusiveMaximum only means something under draft 4.
    ToolSpec draft4 = ToolSpec.builder("d4", Tools.schema("""
        {"$schema":"http://json-schema.org/draft-04/schema#","type":"object",
         "properties":{"n":{"type":"number","maximum":5,"exclusiveMaximum":true}}}""")).build();
    assertThat(draft4.validator().violations(Json.parse("{\"n\":5}"))).hasSize(1);
    assertThat(draft4.validator().violations(Json.parse("{\"n\":4}"))).isEmpty();
  }

  @Test
  void violationsAreJsonPointersWithMessages() {
    ToolSpec spec = ToolSpec.builder("v", Tools.schema("""
        {"type":"object","properties":{"items":{"type":"array","items":{"type":"integer"}}}}""")).build();
    assertThat(spec.validator().violations(Json.parse("{\"items\":[1,\"two\",3]}")))
        .singleElement().asString().startsWith("/items/1: ");
  }

  @Test
  void aHugeWholeDoubleAgainstAnIntegerBoundIsAViolationNotAnException() {
    // Found by the fuzz suite: the validator's bound check read 1.0E308 with asLong(), which Jackson 3 refuses.
    ToolSpec spec = ToolSpec.builder("fetch", Tools.schema("{\"type\":\"object\",\"properties\":{\"max_length\":"
        + "{\"type\":\"integer\",\"exclusiveMinimum\":0,\"exclusiveMaximum\":1000000,\"minimum\":1}}}")).build();
    for (String v : new String[] {"1.0E308", "-1e308", "1e30"}) {
      assertThat(spec.argumentViolations(Json.parse("{\"max_length\":" + v + "}"))).as(v).isNotEmpty()
          .allSatisfy(line -> assertThat(line).startsWith("/max_length: "));
    }
    assertThat(spec.argumentViolations(Json.parse("{\"max_length\":1e3}"))).isEmpty();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(spec)).build()).build()) {
      ToolResult r = loadout.prepare(Tools.context().build()).execute(ToolCall.of("c", "fetch", "{\"max_length\":1.0E308}"))
          .toCompletableFuture().join();
      assertThat(((ToolResult.Failure) r).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    }
  }

  private static java.util.List<String> violations(String schema, String arguments) {
    return ToolSpec.builder("t", Tools.schema(schema)).build().validator().violations(Json.parse(arguments)).stream()
        .map(Object::toString).toList();
  }

  @Test
  void aWholeDoubleFromTwoToThe63OnIsComparedExactlyAgainstTheBounds() {
    String schema = "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"maximum\":10}}}";

    assertThat(violations(schema, "{\"n\":9.223372036854775808E18}")).singleElement().asString()
        .startsWith("/n: ").doesNotContain("beyond the range");
    assertThat(violations(schema, "{\"n\":-9.223372036854775808E18}")).isEmpty();
    assertThat(violations(schema, "{\"n\":-1e300}")).isEmpty();
    assertThat(violations(schema, "{\"n\":1e300}")).singleElement().asString().startsWith("/n: ");
  }

  @Test
  void hugeWholeDoublesInsideArraysAreComparedExactlyAndSmallOrFractionalNumbersAreLeftAsTheyAre() {
    String schema = "{\"type\":\"object\",\"properties\":{\"xs\":{\"type\":\"array\",\"items\":{\"type\":\"number\",\"maximum\":10}},"
        + "\"x\":{\"type\":\"number\"}}}";

    assertThat(violations(schema, "{\"xs\":[1.5,2,1e300,3e300],\"x\":2.5}"))
        .containsExactly("/xs/2: must have a maximum value of 10", "/xs/3: must have a maximum value of 10");
    assertThat(violations(schema, "{\"xs\":[1.5,2.0,10],\"x\":0.25}")).isEmpty();
    // Integer items are where a double beyond long range would be read with asLong(): each huge one made exact.
    String integers = "{\"type\":\"object\",\"properties\":{\"ids\":{\"type\":\"array\",\"items\":{\"type\":\"integer\","
        + "\"maximum\":10}}}}";
    assertThat(violations(integers, "{\"ids\":[1,1e300,2,-1e300]}")).containsExactly("/ids/1: must have a maximum value of 10");
  }
}
