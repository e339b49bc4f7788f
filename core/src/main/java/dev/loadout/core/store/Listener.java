package dev.loadout.core.store;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The listening connection of a {@link PostgresChanges}. Receiving notifications is not part of {@code java.sql},
 * so this reaches PostgreSQL's driver ({@code org.postgresql.PGConnection#getNotifications(int)}) through
 * {@link Connection#unwrap} and reflection, and Loadout never links against a driver.
 */
final class Listener {
  private static final String PG_CONNECTION = "org.postgresql.PGConnection";
  private static final String PG_NOTIFICATION = "org.postgresql.PGNotification";

  final String schema;
  volatile boolean ended;
  private final Connection connection;
  private final Object driver;
  private final Method getNotifications;
  private final Method getParameter;

  Listener(Connection connection, String channel) throws SQLException {
    this.connection = connection;
    try {
      Object[] found = notifications(connection);
      this.driver = found[0];
      this.getNotifications = (Method) found[1];
      this.getParameter = (Method) found[2];
      connection.setAutoCommit(true);
      try (Statement s = connection.createStatement()) {
        s.execute("SET application_name = '" + PostgresChanges.APPLICATION_NAME + "'");
        s.execute("LISTEN \"" + channel + "\"");
      }
      this.schema = connection.getSchema();
    } catch (SQLException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * The driver's connection and the two methods a listener calls.
   *
   * @throws SQLException if the connection is not PostgreSQL's JDBC driver's
   */
  static Object[] notifications(Connection connection) throws SQLException {
    for (ClassLoader loader : loaders(connection)) {
      try {
        Class<?> pg = Class.forName(PG_CONNECTION, false, loader);
        if (!connection.isWrapperFor(pg)) {
          continue;
        }
        Class<?> notification = Class.forName(PG_NOTIFICATION, false, loader);
        return new Object[] {connection.unwrap(pg), pg.getMethod("getNotifications", int.class),
            notification.getMethod("getParameter")};
      } catch (ClassNotFoundException | NoSuchMethodException e) {
        // Try the next loader.
      }
    }
    throw new SQLException("the listening connection is not a connection of PostgreSQL's JDBC driver (org.postgresql), "
        + "which LISTEN/NOTIFY needs; use PollingChanges for other databases");
  }

  private static List<ClassLoader> loaders(Connection c) {
    List<ClassLoader> out = new ArrayList<>();
    out.add(c.getClass().getClassLoader());
    out.add(Thread.currentThread().getContextClassLoader());
    out.add(Listener.class.getClassLoader());
    out.removeIf(java.util.Objects::isNull);
    return out;
  }

  /** The payloads that arrive within this wait; empty when none. */
  List<String> await(int millis) throws SQLException {
    Object[] arrived;
    try {
      arrived = (Object[]) getNotifications.invoke(driver, millis);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof SQLException s ? s : new SQLException("listening failed", e.getCause());
    } catch (IllegalAccessException e) {
      throw new SQLException("the driver's getNotifications is not accessible", e);
    }
    if (arrived == null || arrived.length == 0) {
      return List.of();
    }
    List<String> out = new ArrayList<>(arrived.length);
    for (Object n : arrived) {
      try {
        out.add(String.valueOf(getParameter.invoke(n)));
      } catch (InvocationTargetException | IllegalAccessException e) {
        throw new SQLException("a notification could not be read", e);
      }
    }
    return out;
  }

  /** A round trip, so a connection that died silently is found out. */
  void check() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.setQueryTimeout(5);
      s.execute("SELECT 1");
    }
  }

  void close() {
    ended = true;
    try {
      connection.close();
    } catch (SQLException | RuntimeException e) {
      // Already broken: nothing to release.
    }
  }
}
