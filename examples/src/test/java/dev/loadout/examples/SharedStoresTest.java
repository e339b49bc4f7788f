package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolRegistry;
import dev.loadout.tools.persona.BlockType;
import dev.loadout.tools.persona.PersonaBlock;
import dev.loadout.tools.persona.PersonaBlockStore;
import dev.loadout.core.store.PostgresChanges;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.core.store.TestDatabases;
import dev.loadout.mcp.TokenCipher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wiring for several processes (the one {@code docs/stores.md} shows, which {@code DocsTest} keeps identical to
 * {@link SharedStores}) works on the CI PostgreSQL (in a schema of its own; skipped without PostgreSQL, failed under
 * {@code CI=true}, as every PostgreSQL test).
 */
@Timeout(60)
class SharedStoresTest {
  private static final byte[] KEY = new byte[32];

  @Test
  void twoProcessesWiredThisWayShareABlockThroughTheChangeFeed() throws Exception {
    try (TestDatabases.PostgresSchema schema = TestDatabases.postgres();
        SharedStores a = open(schema);
        SharedStores b = open(schema)) {
      // A notification sent before B listens is lost (and a first listen announces everything, not A's block).
      assertThat(listens(a) && listens(b)).as("both feeds listen").isTrue();
      PersonaBlock.Key alice = new PersonaBlock.Key("g1", "persona", "alice");
      assertThat(b.blocks().mayTrigger("g1", "persona", "alice")).isTrue(); // now cached in B
      CountDownLatch heard = new CountDownLatch(1);
      try (StoreChanges.Subscription s = b.feed().subscribe(PersonaBlockStore.CHANGES, c -> {
        if (!c.isEverything()) {
          heard.countDown(); // after B's PersonaBlocks, subscribed first, has dropped the key
        }
      })) {
        Instant now = Instant.now();
        a.blocks().save(new PersonaBlock(alice, BlockType.BLOCK, "test", now, now.plus(Duration.ofHours(1))));
        assertThat(heard.await(20, TimeUnit.SECONDS)).as("B heard A's block").isTrue();
      }
      assertThat(b.blocks().mayTrigger("g1", "persona", "alice")).isFalse();
    }
  }

  @Test
  void theCommandMigratesWaitsForTheFeedAndPrintsTheWiring() throws Exception {
    try (TestDatabases.PostgresSchema schema = TestDatabases.postgres()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int status = SharedStores.run(new String[] {url(schema)}, Map.of(
          "BOT_DB_USER", System.getenv(TestDatabases.USER_VARIABLE),
          "BOT_DB_PASSWORD", System.getenv(TestDatabases.PASSWORD_VARIABLE),
          "BOT_TOKEN_KEY", Base64.getEncoder().encodeToString(KEY)), print(out), print(err));
      assertThat(status).as("stderr: %s", err).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8)).contains("JdbcMcpRegistrationStore{POSTGRESQL}")
          .contains("pool: HikariCP").contains("listening").doesNotContain(System.getenv(TestDatabases.PASSWORD_VARIABLE));
    }
  }

  @Test
  void aMissingUrlOrKeyIsAUsageError() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(SharedStores.run(new String[0], Map.of(), print(new ByteArrayOutputStream()), print(err))).isEqualTo(2);
    assertThat(SharedStores.run(new String[] {"jdbc:postgresql://127.0.0.1:1/bot"}, Map.of("BOT_TOKEN_KEY", "c2hvcnQ="),
        print(new ByteArrayOutputStream()), print(err))).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains(SharedStores.USAGE).contains("BOT_TOKEN_KEY must be");
  }

  private static boolean listens(SharedStores stores) {
    return ((PostgresChanges) stores.feed()).awaitListening(Duration.ofSeconds(20));
  }

  private static SharedStores open(TestDatabases.PostgresSchema schema) {
    return SharedStores.open(url(schema), System.getenv(TestDatabases.USER_VARIABLE),
        System.getenv(TestDatabases.PASSWORD_VARIABLE), TokenCipher.aesGcm("k1", KEY), ToolRegistry.builder().build(),
        List.of("help"));
  }

  /** The CI database's URL on the test's own schema, as a host would write one. */
  private static String url(TestDatabases.PostgresSchema schema) {
    String base = System.getenv(TestDatabases.URL_VARIABLE);
    return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema.schema();
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
