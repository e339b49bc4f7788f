package dev.loadout.benchmarks;

import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.InMemoryMcpRegistrationStore;
import dev.loadout.mcp.JdbcMcpRegistrationStore;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.McpRegistrationStore;
import dev.loadout.mcp.McpSettings;
import dev.loadout.mcp.ServerType;
import dev.loadout.mcp.TokenCipher;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A measured harness, not JMH: the heap that idle guild MCP registrations hold once loaded. For each
 * storage it loads {@code guilds} × 2 registrations through the store and a {@link GuildMcpManager}'s config
 * cache (one gather per guild) and reports the retained heap: used heap after full GCs, after minus before.
 *
 * <p>Each registration looks like one a bot keeps: a name, an {@code https} URL, a token on every other one
 * (encrypted at rest by the JDBC store, decrypted on read), and a tool-name snapshot of eight names. They
 * are stored disabled, so a gather fills the config cache with them and connects nothing; an enabled
 * registration that has not connected yet is the same cached object. {@code IN_MEMORY} holds the rows and
 * the cache on the heap; {@code SQLITE} holds only the cache (the rows are in a SQLite file).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.loadout.benchmarks.McpRegistrationHeap [guilds]
 * </pre>
 */
public final class McpRegistrationHeap {
  /** The size: 10,000 guilds. */
  public static final int GUILDS = 10_000;
  /** Registrations per guild. */
  public static final int PER_GUILD = 2;
  /** Names in each registration's snapshot. */
  static final int SNAPSHOT_NAMES = 8;

  private McpRegistrationHeap() {}

  /** Where the registrations live. */
  public enum Storage {
    /** {@link InMemoryMcpRegistrationStore}: rows and cache on the heap. */
    IN_MEMORY,
    /** {@link JdbcMcpRegistrationStore} on a SQLite file: only the cache on the heap. */
    SQLITE
  }

  /** One measurement. */
  record Result(Storage storage, int guilds, int registrations, int connections, long retainedBytes) {
    String line() {
      return String.format(Locale.ROOT, "McpRegistrationHeap %-9s %,d guilds x %d idle registrations: %.1f MB retained"
          + " (%,d bytes, %,d B per registration, %d connections)", storage, guilds, PER_GUILD,
          retainedBytes / (1024.0 * 1024.0), retainedBytes, retainedBytes / Math.max(1, registrations), connections);
    }
  }

  public static void main(String[] args) throws Exception {
    int guilds = args.length > 0 ? Integer.parseInt(args[0]) : GUILDS;
    for (Storage s : Storage.values()) {
      System.out.println(measure(s, guilds).line());
    }
  }

  static Result measure(Storage storage, int guilds) throws Exception {
    Path folder = Files.createTempDirectory("loadout-mcp-heap");
    try {
      long before = usedAfterGc();
      FixedPool pool = storage == Storage.SQLITE ? new FixedPool(TaskClaimBenchmark.sqlite(folder.resolve("mcp.db"), true), 1) : null;
      McpRegistrationStore store = pool == null ? new InMemoryMcpRegistrationStore()
          : JdbcMcpRegistrationStore.create(pool, TokenCipher.aesGcm("k1", key()));
      fill(store, guilds);
      McpSettings settings = McpSettings.builder().requireHttps(true).build();
      GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.production()))
          .settings(settings).build();
      int loaded = 0;
      for (int g = 0; g < guilds; g++) {
        TurnContext turn = TurnContext.builder("openai", "gpt-bench").guildId(guild(g)).build();
        if (!manager.sourcesFor(turn).isEmpty()) {
          throw new IllegalStateException("an idle registration was connected in guild " + guild(g));
        }
        loaded += PER_GUILD;
      }
      int connections = manager.connectionCount();
      long after = usedAfterGc();
      Reference.reachabilityFence(store);
      Reference.reachabilityFence(manager);
      manager.close();
      if (pool != null) {
        pool.close();
      }
      return new Result(storage, guilds, loaded, connections, after - before);
    } finally {
      try (var files = Files.list(folder)) {
        for (Path p : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(folder);
    }
  }

  static void fill(McpRegistrationStore store, int guilds) {
    for (int g = 0; g < guilds; g++) {
      for (int i = 0; i < PER_GUILD; i++) {
        List<String> snapshot = new ArrayList<>();
        for (int t = 0; t < SNAPSHOT_NAMES; t++) {
          snapshot.add("tool_" + t + "_" + i);
        }
        String token = i % 2 == 0 ? "tok-" + g + "-" + i + "-0123456789abcdefghijklmnopqrstuv" : null;
        McpRegistration r = store.insert(McpRegistration.draft(guild(g), "server-" + i,
            "https://mcp-" + i + ".guild-" + g + ".example.com/mcp", token, ServerType.GENERAL, snapshot)).orElseThrow();
        store.setEnabled(r.guildId(), r.id(), false);
      }
    }
  }

  static String guild(int g) {
    return "guild-" + (100_000_000_000_000_000L + g);
  }

  private static byte[] key() {
    byte[] k = new byte[32];
    new SecureRandom().nextBytes(k);
    return k;
  }

  private static long usedAfterGc() throws InterruptedException {
    var memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(50);
      used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
