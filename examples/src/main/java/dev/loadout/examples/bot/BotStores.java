package dev.loadout.examples.bot;

import dev.loadout.tools.persona.JdbcPersonaBlockStore;
import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.core.store.SqliteDatabase;
import dev.loadout.mcp.JdbcMcpRegistrationStore;
import dev.loadout.mcp.TokenCipher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import javax.sql.DataSource;

/**
 * The bot's stores, all in one SQLite file in the working folder: guild MCP registrations (tokens encrypted),
 * persona blocks, and the direct-invocation task slots. A bot that outgrows one process points the same stores at
 * PostgreSQL instead.
 */
record BotStores(Path file, JdbcMcpRegistrationStore mcp, JdbcPersonaBlockStore blocks, JdbcToolTaskStore tasks) {
  static final String FILE_NAME = "loadout.db";
  /**
   * The scripted session's own file, emptied at each start: the session replays the same story on the same clock,
   * and a cooldown or a task slot left by the last replay would change how it plays.
   */
  static final String SCRIPTED_FILE_NAME = "scripted-session.db";
  static final String KEY_FILE = "token.key";

  static BotStores open(Path folder) {
    return open(folder, FILE_NAME);
  }

  /** The scripted session's stores, in a fresh file of their own. */
  static BotStores openFresh(Path folder) {
    try {
      for (String suffix : new String[] {"", "-wal", "-shm"}) {
        Files.deleteIfExists(folder.resolve(SCRIPTED_FILE_NAME + suffix));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not empty the scripted session's store in " + folder, e);
    }
    return open(folder, SCRIPTED_FILE_NAME);
  }

  private static BotStores open(Path folder, String fileName) {
    try {
      Files.createDirectories(folder);
      Path file = folder.resolve(fileName);
      DataSource db = SqliteDatabase.file(file).dataSource();
      return new BotStores(file, JdbcMcpRegistrationStore.create(db, cipher(folder)), JdbcPersonaBlockStore.create(db),
          JdbcToolTaskStore.create(db));
    } catch (IOException e) {
      throw new UncheckedIOException("could not open the bot's working folder " + folder, e);
    }
  }

  /**
   * The key MCP tokens are encrypted with: made on first start and kept beside the database, which is enough for a
   * console bot; a real bot keeps it in its secret store, away from the database's backups.
   */
  private static TokenCipher cipher(Path folder) throws IOException {
    Path keyFile = folder.resolve(KEY_FILE);
    if (!Files.exists(keyFile)) {
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      Files.write(keyFile, key);
    }
    return TokenCipher.aesGcm("console-bot-1", Files.readAllBytes(keyFile));
  }
}
