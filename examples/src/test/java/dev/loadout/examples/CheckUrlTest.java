package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.net.HostResolver;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckUrlTest {
  /** Tests never use real DNS: every name is answered by --resolve or fails. */
  private static final HostResolver NO_DNS = host -> {
    throw new UnknownHostException(host);
  };

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(Map<String, String> env, String... args) {
    return CheckUrl.run(args, env, NO_DNS, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aPrivateHostInProductionIsRefusedAndTheOptInIsNamed() {
    int status = run(Map.of(), "--production", "--resolve", "intranet.test=10.0.0.5", "https://intranet.test/wiki");

    assertThat(status).isEqualTo(1);
    assertThat(out()).isEqualTo("""
        verdict: refused
        code: private_network
        reason: The URL host 'intranet.test' resolved to 10.0.0.5, a private network address (10.0.0.0/8). Loadout \
        blocks private and internal addresses unless they are allowed: set FETCH_URL_ALLOW_PRIVATE_NETWORK=true (in \
        production), or run outside production.
        policy: production (--production), private networks blocked
        """);
  }

  @Test
  void theOptInFromTheEnvironmentAllowsItAndPrintsTheCheckedAddresses() {
    int status = run(Map.of("RUN_ENV", "production", "FETCH_URL_ALLOW_PRIVATE_NETWORK", "yes"),
        "--resolve=intranet.test=10.0.0.5,10.0.0.6", "https://intranet.test/wiki");

    assertThat(status).isZero();
    assertThat(out()).isEqualTo("""
        verdict: allowed
        code: allowed
        reason: The URL host 'intranet.test' resolved to 10.0.0.5, 10.0.0.6; 10.0.0.5 is a private network address \
        (10.0.0.0/8), which this policy allows.
        addresses: 10.0.0.5, 10.0.0.6
        policy: production (RUN_ENV is 'production', and only development, dev, local or test select development), private networks allowed
        """);
  }

  @Test
  void theMetadataAddressIsRefusedEvenWithEveryRelaxation() {
    int status = run(Map.of(), "--development", "--allow-private", "--resolve", "sneaky.test=93.184.215.14,169.254.169.254",
        "http://sneaky.test/");

    assertThat(status).isEqualTo(1);
    assertThat(out()).contains("code: metadata_endpoint\n")
        .contains("no setting allows it (not even FETCH_URL_ALLOW_PRIVATE_NETWORK)")
        .endsWith("policy: development (--development) with --allow-private, private networks allowed\n");
  }

  @Test
  void badArgumentsPrintUsageAndExitWithTwo() {
    assertThat(run(Map.of(), "--production", "--development", "http://x.test/")).isEqualTo(2);
    assertThat(run(Map.of(), "--resolve", "x.test=not-an-ip", "http://x.test/")).isEqualTo(2);
    assertThat(run(Map.of())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains(CheckUrl.USAGE)
        .contains("check-url: --resolve address must be an IPv4 or IPv6 literal, but was 'not-an-ip'");
  }

  @Test
  void anAmbiguousSpellingIsExplained() {
    assertThat(run(Map.of("RUN_ENV", "staging"), "http://0x7f.1/")).isEqualTo(1);
    assertThat(out()).contains("code: ambiguous_host\n").contains("policy: production (RUN_ENV is 'staging', and only development, dev, local or test select development)");
  }
}
