package dev.loadout.core.store;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import javax.sql.DataSource;

/**
 * Puts another process's work between two statements of a store's operation, on PostgreSQL, to show a
 * check-then-write race deterministically instead of by luck.
 *
 * <p>A store built on {@link #dataSource()} runs as usual until the first statement whose SQL matches has
 * executed. Then, still inside that operation (its transaction open, its locks held), the competitor runs on
 * another thread, typically a second store on the plain data source standing for another process. The operation
 * goes on once the competitor has finished or is waiting for a lock the operation holds (PostgreSQL's
 * {@code pg_blocking_pids}): a fixed store makes its competitor wait, a racy one lets it run to the end in
 * between. Either way the test then asserts an outcome that only a serial order of the two can give.
 *
 * <p>PostgreSQL only: on SQLite every store transaction holds the database's write lock from
 * {@code BEGIN IMMEDIATE}, so nothing can run between its statements, and a waiting competitor cannot be told
 * from a slow one.
 */
public final class Interleaving {
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Set<String> EXECUTES = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate");

  /** Work of the competitor. */
  @FunctionalInterface
  public interface Work {
    void run() throws Exception;
  }

  private final DataSource real;
  private final DataSource wrapped;
  private final AtomicReference<Armed> armed = new AtomicReference<>();
  private volatile CompletableFuture<Void> competitor;

  private record Armed(Predicate<String> statement, Work work) {}

  private Interleaving(DataSource real) {
    this.real = real;
    this.wrapped = proxy(DataSource.class, real, (method, args, result) ->
        result instanceof Connection c ? connection(c) : result);
  }

  /** A wrapper of this PostgreSQL data source; nothing is armed yet. */
  public static Interleaving on(DataSource real) {
    return new Interleaving(real);
  }

  /** What the store under test is built on. */
  public DataSource dataSource() {
    return wrapped;
  }

  /** Arms once: the competitor runs after the next statement whose SQL matches. */
  public Interleaving after(Predicate<String> statement, Work work) {
    if (!armed.compareAndSet(null, new Armed(statement, work))) {
      throw new IllegalStateException("already armed");
    }
    return this;
  }

  /**
   * Waits for the competitor to end and rethrows what it threw.
   *
   * @throws AssertionError if no statement matched, so the competitor never ran
   */
  public void awaitCompetitor() throws Exception {
    CompletableFuture<Void> c = competitor;
    if (c == null) {
      throw new AssertionError("no statement matched; the competitor never ran");
    }
    try {
      c.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause());
    }
  }

  private Connection connection(Connection c) {
    return proxy(Connection.class, c, (method, args, result) -> {
      if (result instanceof PreparedStatement p && method.getName().equals("prepareStatement")) {
        return statement(PreparedStatement.class, p, (String) args[0]);
      }
      if (result instanceof Statement s && method.getName().equals("createStatement")) {
        return statement(Statement.class, s, null);
      }
      return result;
    });
  }

  /** A statement that, once executed, is matched by its SQL: given to execute, or else when it was prepared. */
  private <S extends Statement> S statement(Class<S> type, S s, String prepared) {
    return proxy(type, s, (method, args, result) -> {
      if (EXECUTES.contains(method.getName())) {
        executed(args != null && args.length > 0 && args[0] instanceof String sql ? sql : prepared, s.getConnection());
      }
      return result;
    });
  }

  /** Runs the competitor once, after a matching statement executed on {@code owner}. */
  private void executed(String sql, Connection owner) throws SQLException {
    Armed a = armed.get();
    if (a == null || sql == null || !a.statement.test(sql) || !armed.compareAndSet(a, null)) {
      return;
    }
    int pid;
    try (Statement s = owner.createStatement(); ResultSet rows = s.executeQuery("SELECT pg_backend_pid()")) {
      rows.next();
      pid = rows.getInt(1);
    }
    CompletableFuture<Void> run = new CompletableFuture<>();
    competitor = run;
    Thread t = new Thread(() -> {
      try {
        a.work.run();
        run.complete(null);
      } catch (Throwable e) {
        run.completeExceptionally(e);
      }
    }, "interleaving-competitor");
    t.setDaemon(true);
    t.start();
    long deadline = System.nanoTime() + WAIT.toNanos();
    try (Connection admin = real.getConnection(); PreparedStatement blocked = admin.prepareStatement(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE ? = ANY (pg_blocking_pids(pid))")) {
      blocked.setInt(1, pid);
      while (!run.isDone()) {
        try (ResultSet rows = blocked.executeQuery()) {
          rows.next();
          if (rows.getInt(1) > 0) {
            return; // the competitor waits for this operation: let it go on
          }
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError("the competitor neither finished nor waited for a lock within " + WAIT);
        }
        // Must poll: PostgreSQL announces no lock wait; pg_blocking_pids is the only witness, and WAIT bounds it.
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
      }
    }
  }

  // ---- proxies: every call goes to the real object, and its result is looked at on the way back

  @FunctionalInterface
  private interface After {
    Object apply(Method method, Object[] args, Object result) throws SQLException;
  }

  private static <T> T proxy(Class<T> type, T target, After after) {
    return type.cast(Proxy.newProxyInstance(Interleaving.class.getClassLoader(), new Class<?>[] {type},
        (self, method, args) -> {
          Object result;
          try {
            result = method.invoke(target, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          return after.apply(method, args, result);
        }));
  }
}
