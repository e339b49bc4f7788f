package dev.loadout.benchmarks;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A fixed pool of open connections, what a host's HikariCP gives a JDBC store: {@code getConnection()} waits for
 * a free connection, and closing the borrowed one returns it. Without a pool every claim would open a new
 * connection (a new SQLite handle with its pragmas, a PostgreSQL login), which measures the login, not the claim.
 */
final class FixedPool implements DataSource, AutoCloseable {
  private final BlockingQueue<Connection> free;
  private final List<Connection> all = new ArrayList<>();

  FixedPool(DataSource source, int size) throws SQLException {
    free = new ArrayBlockingQueue<>(size);
    for (int i = 0; i < size; i++) {
      Connection c = source.getConnection();
      all.add(c);
      free.add(c);
    }
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection real;
    try {
      real = free.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted waiting for a pooled connection", e);
    }
    boolean[] returned = {false};
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
        (proxy, method, args) -> {
          if (method.getName().equals("close") && method.getParameterCount() == 0) {
            if (!returned[0]) {
              returned[0] = true;
              if (!real.getAutoCommit()) {
                real.rollback();
                real.setAutoCommit(true);
              }
              free.add(real);
            }
            return null;
          }
          if (method.getName().equals("isClosed") && method.getParameterCount() == 0) {
            return returned[0];
          }
          try {
            return method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("a pool of one user's connections");
  }

  @Override
  public void close() throws SQLException {
    for (Connection c : all) {
      c.close();
    }
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return false;
  }
}
