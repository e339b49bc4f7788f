package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NetworkPolicyTest {

  @Test
  void productionBlocksPrivateNetworksAndCapsBodiesAtFiveMebibytes() {
    NetworkPolicy p = NetworkPolicy.production();

    assertThat(p.allowPrivateNetworks()).isFalse();
    assertThat(p.maxBodyBytes()).isEqualTo(5L * 1024 * 1024);
    assertThat(p.maxRedirects()).isEqualTo(3);
    assertThat(p.callTimeout()).isEqualTo(Duration.ofSeconds(15));
  }

  @Test
  void developmentAllowsPrivateNetworksAndCapsBodiesAtFiftyMebibytes() {
    assertThat(NetworkPolicy.development().allowPrivateNetworks()).isTrue();
    assertThat(NetworkPolicy.development().maxBodyBytes()).isEqualTo(50L * 1024 * 1024);
  }

  @Test
  void anythingButProductionInRunEnvIsDevelopment() {
    assertThat(NetworkPolicy.fromEnvironment(Map.of())).isEqualTo(NetworkPolicy.development());
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "staging"))).isEqualTo(NetworkPolicy.development());
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "production"))).isEqualTo(NetworkPolicy.production());
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", " Production\n"))).isEqualTo(NetworkPolicy.production());
  }

  @ParameterizedTest
  @ValueSource(strings = {"true", "1", "yes", "on", " TRUE ", "On", "Yes\t"})
  void theOptInAllowsPrivateNetworksInProductionButKeepsTheProductionCap(String value) {
    NetworkPolicy p = NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "production", "FETCH_URL_ALLOW_PRIVATE_NETWORK", value));

    assertThat(p.allowPrivateNetworks()).isTrue();
    assertThat(p.maxBodyBytes()).isEqualTo(NetworkPolicy.PRODUCTION_MAX_BODY_BYTES);
  }

  @ParameterizedTest
  @ValueSource(strings = {"false", "0", "no", "off", "", "ture", "y", "enabled"})
  void anyOtherOptInValueLeavesPrivateNetworksBlocked(String value) {
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "production", "FETCH_URL_ALLOW_PRIVATE_NETWORK", value))
        .allowPrivateNetworks()).isFalse();
  }

  @Test
  void theBodyCapComesFromMaxFetchSizeMb() {
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "production", "MAX_FETCH_SIZE_MB", "12")).maxBodyBytes())
        .isEqualTo(12L << 20);
    assertThatThrownBy(() -> NetworkPolicy.fromEnvironment(Map.of("MAX_FETCH_SIZE_MB", "lots")))
        .hasMessage("MAX_FETCH_SIZE_MB must be a whole number of MiB from 1 to 1024, but was 'lots'");
  }

  @Test
  void settersRejectBadValuesNamingTheSetting() {
    assertThatThrownBy(() -> NetworkPolicy.builder().maxRedirects(-1)).hasMessage("maxRedirects must be from 0 to 20, but was -1");
    assertThatThrownBy(() -> NetworkPolicy.builder().maxBodyBytes(0))
        .hasMessage("maxBodyBytes must be from 1 to 1073741824, but was 0");
    assertThatThrownBy(() -> NetworkPolicy.builder().callTimeout(Duration.ZERO)).hasMessage("callTimeout must be from 1 ms to 1 day, but was 0 ms");
    assertThatThrownBy(() -> NetworkPolicy.builder().readTimeout(null)).hasMessage("readTimeout must be from 1 ms to 1 day, but was null");
  }

  @Test
  void toBuilderDerivesAnEqualPolicy() {
    NetworkPolicy p = NetworkPolicy.builder().allowPrivateNetworks(true).maxRedirects(5).connectTimeout(Duration.ofSeconds(1)).build();

    assertThat(p.toBuilder().build()).isEqualTo(p).hasSameHashCodeAs(p);
    assertThat(p.toString()).startsWith("NetworkPolicy{privateNetworks=allowed, maxRedirects=5");
  }
}
