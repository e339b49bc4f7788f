package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
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
  void anUnsetRunEnvIsProduction() {
    assertThat(NetworkPolicy.fromEnvironment(Map.of())).isEqualTo(NetworkPolicy.production());
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "  "))).isEqualTo(NetworkPolicy.production());
  }

  @ParameterizedTest
  @ValueSource(strings = {"development", "dev", "local", "test", " Development\n", "DEV", "Test"})
  void onlyTheDevelopmentWordsSelectDevelopment(String value) {
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", value))).isEqualTo(NetworkPolicy.development());
  }

  @ParameterizedTest
  @ValueSource(strings = {"production", "prod", "staging", "developement", "qa", "true"})
  void everyOtherRunEnvIsProduction(String value) {
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", value))).isEqualTo(NetworkPolicy.production());
  }

  @ParameterizedTest
  @ValueSource(strings = {"true", "1", "yes", "on", " TRUE ", "On", "Yes\t"})
  void theOptInAllowsPrivateNetworksInProductionButKeepsTheProductionCap(String value) {
    NetworkPolicy p = NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "production", "FETCH_URL_ALLOW_PRIVATE_NETWORK", value));

    assertThat(p.allowPrivateNetworks()).isTrue();
    assertThat(p.maxBodyBytes()).isEqualTo(NetworkPolicy.PRODUCTION_MAX_BODY_BYTES);
  }

  @ParameterizedTest
  @ValueSource(strings = {"false", "0", "no", "off", "", "  "})
  void theOffWordsAndUnsetLeavePrivateNetworksBlocked(String value) {
    assertThat(NetworkPolicy.fromEnvironment(Map.of("FETCH_URL_ALLOW_PRIVATE_NETWORK", value)).allowPrivateNetworks())
        .isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ture", "y", "enabled", "2"})
  void anUnknownOptInWordIsRefusedNamingTheVariable(String value) {
    assertThatThrownBy(() -> NetworkPolicy.fromEnvironment(Map.of("FETCH_URL_ALLOW_PRIVATE_NETWORK", value)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("FETCH_URL_ALLOW_PRIVATE_NETWORK must be one of true/false, yes/no, on/off, 1/0, but was '" + value + "'");
  }

  @Test
  void theBodyCapComesFromMaxFetchSizeMb() {
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "production", "MAX_FETCH_SIZE_MB", "12")).maxBodyBytes())
        .isEqualTo(12L << 20);
    assertThat(NetworkPolicy.fromEnvironment(Map.of("MAX_FETCH_SIZE_MB", "2048 KiB")).maxBodyBytes()).isEqualTo(2L << 20);
    assertThatThrownBy(() -> NetworkPolicy.fromEnvironment(Map.of("MAX_FETCH_SIZE_MB", "lots")))
        .hasMessage("MAX_FETCH_SIZE_MB must be a size from 1 MiB to 1 GiB (a whole number of MiB, or one with B, KiB, MiB"
            + " or GiB), but was 'lots'");
    assertThatThrownBy(() -> NetworkPolicy.fromEnvironment(Map.of("MAX_FETCH_SIZE_MB", "99999999999999999")))
        .hasMessageStartingWith("MAX_FETCH_SIZE_MB must be a size");
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

  @Test
  void eachSettingAcceptsItsBoundsAndRefusesOnePastThem() {
    assertThat(NetworkPolicy.builder().maxRedirects(0).build().maxRedirects()).isZero();
    assertThat(NetworkPolicy.builder().maxRedirects(20).build().maxRedirects()).isEqualTo(20);
    assertThatThrownBy(() -> NetworkPolicy.builder().maxRedirects(21)).hasMessage("maxRedirects must be from 0 to 20, but was 21");
    assertThat(NetworkPolicy.builder().maxBodyBytes(1).build().maxBodyBytes()).isEqualTo(1);
    assertThat(NetworkPolicy.builder().maxBodyBytes(1L << 30).build().maxBodyBytes()).isEqualTo(1L << 30);
    assertThatThrownBy(() -> NetworkPolicy.builder().maxBodyBytes((1L << 30) + 1))
        .hasMessage("maxBodyBytes must be from 1 to 1073741824, but was 1073741825");
  }

  @Test
  void aBodyCapFromTheEnvironmentAppliesInDevelopmentTooAndUnsetKeepsEachEnvironmentsDefault() {
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "development", "MAX_FETCH_SIZE_MB", "1")).maxBodyBytes())
        .isEqualTo(1L << 20);
    assertThat(NetworkPolicy.fromEnvironment(Map.of("RUN_ENV", "development")).maxBodyBytes()).isEqualTo(50L << 20);
    assertThat(NetworkPolicy.fromEnvironment(Map.of()).maxBodyBytes()).isEqualTo(5L << 20);
    assertThat(NetworkPolicy.fromEnvironment(Map.of("MAX_FETCH_SIZE_MB", "1024")).maxBodyBytes()).isEqualTo(1L << 30);
  }

  @Test
  void theProcessEnvironmentGivesAPolicyOfOneOfTheTwoEnvironments() {
    NetworkPolicy fromProcess = NetworkPolicy.fromEnvironment();

    assertThat(fromProcess).isEqualTo(NetworkPolicy.fromEnvironment(System.getenv()));
  }

  @Test
  void policiesAreEqualExactlyWhenEverySettingIsEqual() {
    NetworkPolicy base = NetworkPolicy.production();
    List<NetworkPolicy> others = List.of(base.toBuilder().allowPrivateNetworks(true).build(),
        base.toBuilder().maxRedirects(4).build(), base.toBuilder().maxBodyBytes(7).build(),
        base.toBuilder().connectTimeout(Duration.ofMillis(1)).build(), base.toBuilder().readTimeout(Duration.ofMillis(1)).build(),
        base.toBuilder().callTimeout(Duration.ofMillis(1)).build());

    assertThat(base).isEqualTo(NetworkPolicy.builder().build()).hasSameHashCodeAs(NetworkPolicy.builder().build());
    for (NetworkPolicy other : others) {
      assertThat(other).isNotEqualTo(base);
      assertThat(other.hashCode()).as("%s", other).isNotEqualTo(base.hashCode());
    }
    assertThat(base).isNotEqualTo("production");
  }
}
