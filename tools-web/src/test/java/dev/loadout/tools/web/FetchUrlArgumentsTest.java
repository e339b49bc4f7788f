package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolResult;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The run-time checks a direct call meets, past the schema. */
class FetchUrlArgumentsTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static ObjectNode args(String json) {
    return (ObjectNode) JSON.readTree(json);
  }

  @ParameterizedTest(name = "{0} is refused with \"{1}\"")
  @CsvSource(delimiter = '|', textBlock = """
      {}                                         | url must be a non-empty string.
      {"url":42}                                 | url must be a non-empty string.
      {"url":"  "}                               | url must be a non-empty string.
      {"url":"http://a/","max_length":0}          | max_length must be a positive integer.
      {"url":"http://a/","max_length":2.5}        | max_length must be a positive integer.
      {"url":"http://a/","max_length":"100"}      | max_length must be a positive integer.
      {"url":"http://a/","start_index":-1}        | start_index must be a non-negative integer.
      {"url":"http://a/","start_index":"0"}       | start_index must be a non-negative integer.
      {"url":"http://a/","raw":"true"}            | raw must be a boolean.
      """)
  void wrongTypesGetExactMessages(String json, String message) {
    assertThatThrownBy(() -> FetchUrlArguments.of(args(json), 50_000)).hasMessage(message);
  }

  @Test
  void maxLengthIsCappedAtTheConfiguredMaximumAndWholeFloatsCount() {
    FetchUrlArguments a = FetchUrlArguments.of(args(
        "{\"url\":\"http://a/\",\"max_length\":99999999999999999999,\"start_index\":7.0,\"raw\":true}"), 50_000);

    assertThat(a).isEqualTo(new FetchUrlArguments("http://a/", 50_000, 7, true));
    assertThat(FetchUrlArguments.of(args("{\"url\":\"http://a/\"}"), 1234))
        .isEqualTo(new FetchUrlArguments("http://a/", 1234, 0, false));
  }

  @Test
  void aDirectCallWithBadArgumentsIsAnInvalidArgumentsResult() {
    try (SafeHttpClient client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production())).build()) {
      FetchUrlTool tool = FetchUrlTool.create(client, FetchUrlConfig.defaults());

      ToolResult.Failure result = (ToolResult.Failure) tool.fetch(args("{\"url\":\"http://a/\",\"raw\":1}"));

      assertThat(result.code()).isEqualTo("invalid_arguments");
      assertThat(result.message()).isEqualTo("raw must be a boolean.");
    }
  }
}
