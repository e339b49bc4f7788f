package dev.loadout.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP relay in front of a real server that keeps every byte the client sent: how a test sees what
 * Loadout put on the wire to a peer that logs nothing readable (server-everything). Each accepted connection
 * gets its own connection to the server; when either side closes, both do. Daemon threads, all ended by
 * {@link #close()}.
 */
final class TcpTee implements AutoCloseable {
  private final ServerSocket listener;
  private final int target;
  private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Thread> threads = new CopyOnWriteArrayList<>();

  /** Listens on 127.0.0.1 on a free port and relays to 127.0.0.1:{@code target}. */
  TcpTee(int target) throws IOException {
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.target = target;
    start("tcp-tee-accept", this::accept);
  }

  int port() {
    return listener.getLocalPort();
  }

  /** Everything the clients sent so far, as text (HTTP heads and JSON bodies are ASCII and UTF-8). */
  String sent() {
    synchronized (sent) {
      return sent.toString(StandardCharsets.UTF_8);
    }
  }

  /** Whether the clients have sent {@code text}, waiting for each write until they have or the hang guard runs out. */
  boolean awaitSent(String text, java.time.Duration guard) throws InterruptedException {
    long deadline = System.nanoTime() + guard.toNanos();
    synchronized (sent) {
      while (!sent.toString(StandardCharsets.UTF_8).contains(text)) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        sent.wait(Math.max(1, left / 1_000_000));
      }
      return true;
    }
  }

  private void start(String name, Runnable job) {
    Thread t = new Thread(job, name);
    t.setDaemon(true);
    threads.add(t);
    t.start();
  }

  private void accept() {
    try {
      while (!listener.isClosed()) {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
        sockets.add(client);
        sockets.add(server);
        start("tcp-tee-up", () -> pump(client, server, true));
        start("tcp-tee-down", () -> pump(server, client, false));
      }
    } catch (IOException e) {
      // Closed.
    }
  }

  private void pump(Socket from, Socket to, boolean record) {
    byte[] buffer = new byte[8192];
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
        if (record) {
          synchronized (sent) {
            sent.write(buffer, 0, n);
            sent.notifyAll();
          }
        }
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // One side went away.
    } finally {
      quietly(from);
      quietly(to);
    }
  }

  private static void quietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // Gone either way.
    }
  }

  @Override
  public void close() throws Exception {
    listener.close();
    sockets.forEach(TcpTee::quietly);
    for (Thread t : threads) {
      t.join(2_000);
    }
  }
}
