package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.internal.jdbc.Jdbc;
import dev.loadout.core.internal.jdbc.JdbcDialect;
import dev.loadout.core.internal.jdbc.Migration;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * A {@link ToolTaskStore} in a SQL database: SQLite for one machine, PostgreSQL for several bot processes
 * sharing sessions. The host brings the driver and the {@link DataSource}; Loadout uses only {@code java.sql}.
 *
 * <p><b>The claim is one statement.</b> {@code INSERT … ON CONFLICT (session_key) DO UPDATE … WHERE} writes the
 * task when the session has no row, and overwrites the row only when the {@code WHERE} finds the slot free
 * (the rule of {@link ToolTaskStore}: not the same message, no pending task of this generation, no fresh
 * running task, cooldown over). Both databases evaluate that under the row's lock, so two processes can never
 * both see an update count of 1. A refused claim reads the row afterwards only to say why. A cancel reads the
 * slot with its row locked ({@code FOR UPDATE} on PostgreSQL) and cancels that task, so it reports the task in the
 * state it was cancelled from. For SQLite, open the
 * file with {@link dev.loadout.core.store.SqliteDatabase} (WAL and a busy timeout), so several threads or
 * processes can write at once without {@code SQLITE_BUSY} reaching a caller.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JdbcToolTaskStore implements ToolTaskStore {
  /** The table's name. */
  public static final String TABLE = "loadout_tool_tasks";

  private static final String COLUMNS = "session_key, task_id, tool_name, arguments, source_message_id, generation, "
      + "state, started_at, created_at, booked_context";
  /** Ends a task: its arguments and booked context are cleared with it. */
  private static final String CLEARED = "arguments = NULL, booked_by = NULL, booked_context = NULL";
  private static final List<Migration> MIGRATIONS = List.of(
      new Migration(1, "create " + TABLE, d -> List.of(
          "CREATE TABLE IF NOT EXISTS " + TABLE + " ("
              + "session_key TEXT NOT NULL PRIMARY KEY, task_id TEXT NOT NULL, tool_name TEXT NOT NULL, "
              + "arguments TEXT, source_message_id TEXT NOT NULL, generation BIGINT NOT NULL, state TEXT NOT NULL, "
              + "started_at " + d.timestampType() + " NOT NULL)")),
      // Deferred bookings: when the task was first saved (its pending age) and who booked it. Nullable, so rows of
      // version 1 read as tasks created when they started, booked by nobody.
      new Migration(2, "add the booking columns to " + TABLE, d -> List.of(
          "ALTER TABLE " + TABLE + " ADD COLUMN created_at " + d.timestampType(),
          "ALTER TABLE " + TABLE + " ADD COLUMN booked_by TEXT",
          "ALTER TABLE " + TABLE + " ADD COLUMN booked_context TEXT")));
  /** Far enough back that no booking is older: the cut-off of a claim without a pending age. */
  private static final Instant NEVER = Instant.parse("1970-01-01T00:00:00Z");

  private final Jdbc jdbc;
  private final String claim;

  private JdbcToolTaskStore(Jdbc jdbc) {
    this.jdbc = jdbc;
    this.claim = jdbc.dialect().upsert(TABLE, List.of("session_key"),
            List.of("task_id", "tool_name", "arguments", "source_message_id", "generation", "state", "started_at",
                "created_at", "booked_by", "booked_context"))
        + " WHERE " + TABLE + ".source_message_id <> excluded.source_message_id"
        + " AND NOT (" + TABLE + ".state = 'pending' AND " + TABLE + ".generation = excluded.generation"
        + " AND " + TABLE + ".started_at > ?)"
        + " AND NOT (" + TABLE + ".state = 'running' AND " + TABLE + ".started_at > ?)"
        + " AND " + TABLE + ".started_at <= ?";
  }

  /**
   * A store over this data source, with its table created or migrated now.
   *
   * @throws dev.loadout.core.store.StoreException if the database cannot be reached, is neither SQLite nor
   *     PostgreSQL, or has a newer schema than this Loadout knows
   */
  public static JdbcToolTaskStore create(DataSource dataSource) {
    Jdbc jdbc = new Jdbc(dataSource, "tool_tasks");
    jdbc.migrate(MIGRATIONS);
    return new JdbcToolTaskStore(jdbc);
  }

  @Override
  public ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter) {
    return claim(task, cooldown, staleAfter, null);
  }

  @Override
  public ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter, Duration pendingMaxAge) {
    if (task == null || cooldown == null || staleAfter == null) {
      throw new IllegalArgumentException("claim needs a task, a cooldown and a stale limit, but got " + task + ", "
          + cooldown + ", " + staleAfter);
    }
    Instant now = task.startedAt();
    Instant pendingCutoff = pendingMaxAge == null ? null : now.minus(pendingMaxAge);
    int written = jdbc.withConnection("claim a task slot", (c, d) -> {
      try (PreparedStatement s = c.prepareStatement(claim)) {
        s.setString(1, task.sessionKey());
        s.setString(2, task.taskId());
        s.setString(3, task.toolName());
        s.setString(4, task.arguments());
        s.setString(5, task.sourceMessageId());
        s.setLong(6, task.generation());
        s.setString(7, task.state().wireName());
        d.setInstant(s, 8, now);
        d.setInstant(s, 9, task.createdAt());
        s.setString(10, task.bookedContext() == null ? null : task.bookedContext().userId());
        s.setString(11, task.bookedContext() == null ? null : BookedContextCodec.write(task.bookedContext()));
        d.setInstant(s, 12, pendingCutoff == null ? NEVER : pendingCutoff);
        d.setInstant(s, 13, now.minus(staleAfter));
        d.setInstant(s, 14, now.minus(cooldown));
        return s.executeUpdate();
      }
    });
    if (written == 1) {
      return new ClaimResult.Claimed(task);
    }
    ToolTask current = find(task.sessionKey()).orElse(null);
    ClaimResult refusal = ClaimResult.refusal(current, task, cooldown, staleAfter, now, pendingCutoff);
    // The row changed between the refused upsert and this read (it was completed, say): still refused.
    return refusal != null ? refusal : new ClaimResult.Busy(current);
  }

  @Override
  public Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now) {
    return claimPending(sessionKey, messageId, generation, now, null);
  }

  @Override
  public Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now,
      Duration maxAge) {
    return jdbc.inTransaction("claim a pending task", (c, d) -> {
      if (maxAge != null) {
        try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = 'expired', " + CLEARED
            + " WHERE session_key = ? AND state = 'pending' AND generation = ? AND started_at <= ?")) {
          s.setString(1, sessionKey);
          s.setLong(2, generation);
          d.setInstant(s, 3, now.minus(maxAge));
          s.executeUpdate();
        }
      }
      // Conditional on the age as well: whatever the statement above saw, an expired booking is never claimed.
      try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = 'running', started_at = ?"
          + " WHERE session_key = ? AND state = 'pending' AND generation = ? AND source_message_id <> ?"
          + " AND started_at > ?")) {
        d.setInstant(s, 1, now);
        s.setString(2, sessionKey);
        s.setLong(3, generation);
        s.setString(4, messageId);
        d.setInstant(s, 5, maxAge == null ? NEVER : now.minus(maxAge));
        if (s.executeUpdate() != 1) {
          return Optional.empty();
        }
      }
      return select(c, d, sessionKey, "");
    });
  }

  @Override
  public boolean complete(String sessionKey, String taskId) {
    return jdbc.withConnection("complete a task", (c, d) -> {
      try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = 'done', " + CLEARED
          + " WHERE session_key = ? AND task_id = ? AND state = 'running'")) {
        s.setString(1, sessionKey);
        s.setString(2, taskId);
        return s.executeUpdate() == 1;
      }
    });
  }

  @Override
  public Optional<ToolTask> cancel(String sessionKey) {
    return jdbc.inTransaction("cancel a task", (c, d) -> {
      // The row stays locked from this read to the commit: without the lock another process could claim the
      // pending task in between, and the cancel would report a pending task that is already running.
      Optional<ToolTask> before = select(c, d, sessionKey, d.lockForUpdate());
      if (before.isEmpty()) {
        return before;
      }
      try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = 'cancelled', " + CLEARED
          + " WHERE session_key = ? AND task_id = ? AND state IN ('pending', 'running')")) {
        s.setString(1, sessionKey);
        s.setString(2, before.get().taskId());
        return s.executeUpdate() == 1 ? before : Optional.<ToolTask>empty();
      }
    });
  }

  @Override
  public Optional<ToolTask> find(String sessionKey) {
    return jdbc.withConnection("read a task slot", (c, d) -> select(c, d, sessionKey, ""));
  }

  private static Optional<ToolTask> select(Connection c, JdbcDialect d, String sessionKey, String lock)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM " + TABLE + " WHERE session_key = ?"
        + lock)) {
      s.setString(1, sessionKey);
      try (ResultSet rows = s.executeQuery()) {
        if (!rows.next()) {
          return Optional.empty();
        }
        Instant started = d.getInstant(rows, "started_at");
        Instant created = rows.getObject("created_at") == null ? started : d.getInstant(rows, "created_at");
        return Optional.of(new ToolTask(rows.getString("session_key"), rows.getString("task_id"),
            rows.getString("tool_name"), rows.getString("arguments"), rows.getString("source_message_id"),
            rows.getLong("generation"), ToolTask.State.fromWireName(rows.getString("state")), started, created,
            // A damaged booking reads as none, which the router refuses to run (DirectRouter.BOOKING_MISSING).
            BookedContextCodec.read(rows.getString("booked_context"))));
      }
    }
  }

  @Override
  public String toString() {
    return "JdbcToolTaskStore{" + jdbc.dialect() + "}";
  }
}
