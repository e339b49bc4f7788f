package dev.loadout.core.internal.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

class DigestsTest {
  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  @Test
  void theFingerprintIsTheFirst128BitsOfTheSha256InHex() {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223 b00361a396177a9cb410ff61f20015ad
    assertThat(Digests.fingerprint("abc".getBytes(StandardCharsets.UTF_8))).isEqualTo("ba7816bf8f01cfea414140de5dae2223");
    assertThat(Digests.sha256("abc")).hasSize(32);
  }

  @Test
  void theSchemaFingerprintIgnoresKeyOrderAtEveryDepthButNotArrayOrder() {
    JsonNode a = MAPPER.readTree("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\",\"minLength\":1}},\"required\":[\"q\",\"r\"]}");
    JsonNode b = MAPPER.readTree("{\"required\":[\"q\",\"r\"],\"properties\":{\"q\":{\"minLength\":1,\"type\":\"string\"}},\"type\":\"object\"}");
    JsonNode c = MAPPER.readTree("{\"required\":[\"r\",\"q\"],\"properties\":{\"q\":{\"minLength\":1,\"type\":\"string\"}},\"type\":\"object\"}");

    assertThat(Digests.schemaFingerprint(a)).isEqualTo(Digests.schemaFingerprint(b)).isNotEqualTo(Digests.schemaFingerprint(c));
  }

  @Test
  void aHostilelyDeepSchemaIsRefusedNotAStackOverflow() {
    JsonNode deep = JsonNodeFactory.instance.objectNode();
    for (int i = 0; i < 100_000; i++) {
      deep = JsonNodeFactory.instance.objectNode().set("a", deep);
    }
    JsonNode schema = deep;

    assertThatThrownBy(() -> Digests.schemaFingerprint(schema)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a schema to fingerprint must nest at most 1000 levels");
  }
}
