package dev.loadout.examples;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolRegistry;
import dev.loadout.tools.persona.JdbcPersonaBlockStore;
import dev.loadout.tools.persona.PersonaBlocks;
import dev.loadout.direct.DirectCatalogs;
import dev.loadout.direct.JdbcDirectConfigStore;
import dev.loadout.core.store.PostgresChanges;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.mcp.JdbcMcpRegistrationStore;
import dev.loadout.mcp.TokenCipher;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@code shared-stores}: the stores of one bot process among several on one PostgreSQL, wired as the section
 * "Several processes: the change feed" of {@code docs/stores.md} shows (a test keeps the two identical). The stores borrow connections
 * from a HikariCP pool; the change feed listens on one connection of a plain {@link PGSimpleDataSource}, because
 * a pool may recycle a connection under a {@code LISTEN}, and every notification sent while nobody listens is lost.
 *
 * <pre>
 * shared-stores JDBC_URL
 * </pre>
 *
 * <p>The database user and password come from the URL ({@code ?user=…&password=…}) or from {@code BOT_DB_USER} and
 * {@code BOT_DB_PASSWORD}; the key that seals MCP tokens at rest from {@code BOT_TOKEN_KEY} (16, 24 or 32 random
 * bytes, base64). It creates or migrates every store's tables, waits until the feed listens, prints what it
 * wired and closes everything. Exit status: 0 ready, 1 the database refused, 2 usage error.
 */
public final class SharedStores implements AutoCloseable {
  static final String USAGE = "usage: shared-stores JDBC_URL   (BOT_DB_USER, BOT_DB_PASSWORD, BOT_TOKEN_KEY from the"
      + " environment)";
  private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(10);

  private final HikariDataSource pool;
  private final StoreChanges feed;
  private final JdbcMcpRegistrationStore mcp;
  private final PersonaBlocks blocks;
  private final DirectCatalogs catalogs;

  private SharedStores(HikariDataSource pool, StoreChanges feed, JdbcMcpRegistrationStore mcp, PersonaBlocks blocks,
      DirectCatalogs catalogs) {
    this.pool = pool;
    this.feed = feed;
    this.mcp = mcp;
    this.blocks = blocks;
    this.catalogs = catalogs;
  }

  /**
   * Opens the pool and the feed and creates the stores, migrating their tables.
   *
   * @param jdbcUrl a PostgreSQL JDBC URL, such as {@code jdbc:postgresql://db:5432/bot}
   * @param user the database user; null when the URL names it
   * @param password the user's password; null when the URL holds it
   * @param cipher seals MCP tokens and URL secrets at rest
   * @param registry the bot's tools, which direct-invocation configs refer to by name
   * @param hostCommands the bot's own slash commands, which direct configs may not take
   * @throws RuntimeException if the database cannot be reached ({@code PoolInitializationException}) or refuses a
   *     migration ({@link dev.loadout.core.store.StoreException})
   */
  public static SharedStores open(String jdbcUrl, String user, String password, TokenCipher cipher,
      ToolRegistry registry, List<String> hostCommands) {
    // stores:start
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);                                           // jdbc:postgresql://db:5432/bot
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(16);                  // about the number of threads that touch stores at once
    PGSimpleDataSource listenerDataSource = new PGSimpleDataSource();     // not pooled: its one connection stays
    listenerDataSource.setURL(jdbcUrl);
    listenerDataSource.setUser(user);
    listenerDataSource.setPassword(password);

    HikariDataSource pool = new HikariDataSource(config);                 // the stores' database
    StoreChanges feed = PostgresChanges.builder(listenerDataSource).build(); // LISTEN/NOTIFY, one connection
    // SQLite or another database: PollingChanges.builder(db).interval(Duration.ofSeconds(1)).build()
    JdbcMcpRegistrationStore mcp = JdbcMcpRegistrationStore.create(pool, cipher, feed);
    PersonaBlocks blocks = PersonaBlocks.builder(JdbcPersonaBlockStore.create(pool, feed)).build();
    DirectCatalogs catalogs = DirectCatalogs.builder(JdbcDirectConfigStore.create(pool, Clock.systemUTC(), feed),
        hostCommands, name -> registry.tool(name).map(BaseTool::spec).orElse(null)).build();
    // route with router.withCatalog(catalogs.catalog(guildId)); close the feed at shutdown
    // stores:end
    return new SharedStores(pool, feed, mcp, blocks, catalogs);
  }

  /** The feed every store announces on and every cache listens to. */
  public StoreChanges feed() {
    return feed;
  }

  /** The guild MCP registrations, for a {@code GuildMcpManager}. */
  public JdbcMcpRegistrationStore mcp() {
    return mcp;
  }

  /** Persona blocks, cached and dropped when any process changes them. */
  public PersonaBlocks blocks() {
    return blocks;
  }

  /** Each scope's direct-invocation catalog, rebuilt when any process saves it. */
  public DirectCatalogs catalogs() {
    return catalogs;
  }

  /** Stops the caches listening, then the feed, then the pool. */
  @Override
  public void close() {
    catalogs.close();
    blocks.close();
    feed.close();
    pool.close();
  }

  /** Runs the command with the process environment. */
  public static void main(String[] args) {
    int status = run(args, System.getenv(), System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /**
   * Runs the command.
   *
   * @param env where the user, the password and the token key are read from
   * @return the exit status: 0 ready, 1 the database refused, 2 usage error
   */
  static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
    if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
      out.println(USAGE);
      return 0;
    }
    if (args.length != 1 || !args[0].startsWith("jdbc:postgresql:")) {
      err.println("shared-stores needs one PostgreSQL JDBC URL (jdbc:postgresql://host:port/database)");
      err.println(USAGE);
      return 2;
    }
    TokenCipher cipher;
    try {
      byte[] key = Base64.getDecoder().decode(env.getOrDefault("BOT_TOKEN_KEY", ""));
      cipher = TokenCipher.aesGcm("k1", key);
    } catch (IllegalArgumentException e) {
      err.println("BOT_TOKEN_KEY must be 16, 24 or 32 random bytes in base64 (openssl rand -base64 32): "
          + e.getMessage());
      return 2;
    }
    try (SharedStores stores = open(args[0], env.get("BOT_DB_USER"), env.get("BOT_DB_PASSWORD"), cipher,
        ToolRegistry.builder().build(), List.of("help"))) {
      boolean listening = stores.feed() instanceof PostgresChanges pg && pg.awaitListening(LISTEN_TIMEOUT);
      out.println("stores: " + stores.mcp() + ", " + stores.blocks() + ", " + stores.catalogs());
      out.println("pool: HikariCP " + stores.pool.getPoolName() + ", at most " + stores.pool.getMaximumPoolSize()
          + " connections");
      out.println("change feed: " + stores.feed() + (listening ? "" : " (not listening after "
          + LISTEN_TIMEOUT.toSeconds() + " s; it keeps reconnecting)"));
      return listening ? 0 : 1;
    } catch (RuntimeException e) {
      // Driver and pool messages name the host and the cause, never the password.
      err.println("the database refused: " + e.getMessage());
      return 1;
    }
  }
}
