package dev.loadout.testkit.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.UrlVerdict;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

/** The fake resolver behind Loadout's real guard and pinned client, on loopback. */
class FakeDnsTest {
  @Test
  void aNameThatResolvesToTheMetadataAddressIsRefusedAndNothingIsAsked() throws Exception {
    FakeDns dns = new FakeDns().answer("imds.example", "169.254.169.254").answer("site.example", "127.0.0.1");
    try (LoopbackHttpServer site = LoopbackHttpServer.start();
        SafeHttpClient client = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development(), dns)).build()) {
      site.on("/", HttpReply.text("hello"));

      assertThat(new String(client.get("http://site.example:" + site.port() + "/").body())).isEqualTo("hello");
      assertThatThrownBy(() -> client.get("http://imds.example:" + site.port() + "/"))
          .isInstanceOfSatisfying(SafeHttpException.class, e -> assertThat(e.verdict().orElseThrow().code())
              .isEqualTo(UrlVerdict.METADATA_ENDPOINT));
      assertThat(site.requests()).as("only the allowed name reached the server").hasSize(1);
      assertThat(dns.calls("imds.example")).isEqualTo(1);
    }
  }

  @Test
  void successiveAnswersPlayInOrderAndTheLastRepeats() throws Exception {
    FakeDns dns = new FakeDns().answer("rebind.example", "127.0.0.1").answer("rebind.example", "10.0.0.1");
    assertThat(dns.resolve("rebind.example")).extracting(a -> a.getHostAddress()).containsExactly("127.0.0.1");
    assertThat(dns.resolve("rebind.example")).extracting(a -> a.getHostAddress()).containsExactly("10.0.0.1");
    assertThat(dns.resolve("rebind.example")).extracting(a -> a.getHostAddress()).containsExactly("10.0.0.1");
    assertThat(dns.totalCalls()).isEqualTo(3);
  }

  @Test
  void anUnknownNameFailsAndANameIsNeverAnAnswer() {
    FakeDns dns = new FakeDns();
    assertThatThrownBy(() -> dns.resolve("nowhere.example")).isInstanceOf(UnknownHostException.class);
    assertThatThrownBy(() -> dns.answer("a.example", "example.org")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not an address literal: example.org");
    assertThat(dns.calls("nowhere.example")).isEqualTo(1);
  }
}
