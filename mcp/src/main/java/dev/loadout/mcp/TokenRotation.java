package dev.loadout.mcp;

import dev.loadout.core.internal.jdbc.Jdbc;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The batches of {@link JdbcMcpRegistrationStore#reencryptTokens}: rows with a sealed token or URL under a key
 * other than the current one, by id, {@code batchSize} at a time; each batch one transaction whose every update
 * is conditional on the key id just read, so a row another rotator or writer changed meanwhile is left alone.
 * The id cursor moves past rows that cannot be decrypted, so they are counted once and never loop.
 */
final class TokenRotation {
  private static final String TABLE = JdbcMcpRegistrationStore.TABLE;

  private record Row(long id, String guildId, String keyId, String urlSealed, String tokenSealed) {}

  private TokenRotation() {}

  static JdbcMcpRegistrationStore.Reencryption run(Jdbc jdbc, RowSecrets secrets, int batchSize) {
    TokenCipher cipher = secrets.cipher();
    String current = cipher.currentKeyId();
    long after = 0;
    int rewritten = 0;
    int unreadable = 0;
    int batches = 0;
    while (true) {
      long from = after;
      List<Row> rows = jdbc.withConnection("read secrets to re-encrypt", (c, d) -> {
        try (PreparedStatement s = c.prepareStatement("SELECT id, guild_id, token_key_id, url_sealed, auth_token FROM "
            + TABLE + " WHERE (auth_token IS NOT NULL OR url_sealed IS NOT NULL)"
            + " AND (token_key_id IS NULL OR token_key_id <> ?) AND id > ? ORDER BY id LIMIT ?")) {
          s.setString(1, current);
          s.setLong(2, from);
          s.setInt(3, batchSize);
          List<Row> out = new ArrayList<>();
          try (ResultSet r = s.executeQuery()) {
            while (r.next()) {
              out.add(new Row(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5)));
            }
          }
          return out;
        }
      });
      if (rows.isEmpty()) {
        return new JdbcMcpRegistrationStore.Reencryption(rewritten, unreadable, batches);
      }
      int[] counts = jdbc.inTransaction("re-encrypt secrets", (c, d) -> {
        int done = 0;
        int failed = 0;
        try (PreparedStatement u = c.prepareStatement("UPDATE " + TABLE + " SET url_sealed = ?, auth_token = ?,"
            + " token_key_id = ? WHERE id = ? AND token_key_id = ?")) {
          for (Row row : rows) {
            String url = row.urlSealed == null ? null : cipher.decrypt(row.guildId, row.keyId, row.urlSealed).orElse(null);
            String token = row.tokenSealed == null ? null
                : cipher.decrypt(row.guildId, row.keyId, row.tokenSealed).orElse(null);
            if ((row.urlSealed != null && url == null) || (row.tokenSealed != null && token == null) || row.keyId == null) {
              failed++;
              continue;
            }
            u.setString(1, url == null ? null : cipher.encrypt(row.guildId, url));
            u.setString(2, token == null ? null : cipher.encrypt(row.guildId, token));
            u.setString(3, current);
            u.setLong(4, row.id);
            u.setString(5, row.keyId);
            done += u.executeUpdate();
          }
        }
        return new int[] {done, failed};
      });
      rewritten += counts[0];
      unreadable += counts[1];
      batches++;
      after = rows.get(rows.size() - 1).id;
    }
  }
}
