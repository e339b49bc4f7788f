package dev.loadout.core.net;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ServerSocketFactory;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * An HTTP/1.1 server on 127.0.0.1 that writes raw bytes, so tests can send what real servers should not:
 * lying lengths, endless chunks, slow drips, giant headers. It records every request and counts accepted
 * connections, which is how tests prove that a refused URL opened none.
 */
final class LoopbackServer implements AutoCloseable {

  /** What the server received. */
  record Request(String method, String target, Map<String, String> headers, byte[] body, List<String> serverNames) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  /** Writes a response; returns whether the connection may serve another request. */
  @FunctionalInterface
  interface Responder {
    boolean respond(Request request, OutputStream out) throws IOException, InterruptedException;
  }

  private final ServerSocket server;
  private final Map<String, Responder> routes = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger accepts = new AtomicInteger();
  private final Thread acceptor;

  private LoopbackServer(ServerSocketFactory factory) throws IOException {
    server = factory.createServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
    acceptor = new Thread(this::acceptLoop, "loopback-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  static LoopbackServer http() throws IOException {
    return new LoopbackServer(ServerSocketFactory.getDefault());
  }

  static LoopbackServer https(SSLContext context) throws IOException {
    return new LoopbackServer(context.getServerSocketFactory());
  }

  LoopbackServer route(String path, Responder responder) {
    routes.put(path, responder);
    return this;
  }

  int port() {
    return server.getLocalPort();
  }

  String url(String path) {
    return "http://127.0.0.1:" + port() + path;
  }

  int accepts() {
    return accepts.get();
  }

  List<Request> requests() {
    return Collections.unmodifiableList(new ArrayList<>(requests));
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        accepts.incrementAndGet();
        sockets.add(socket);
        Thread t = new Thread(() -> serve(socket), "loopback-connection");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket socket) {
    try (socket) {
      socket.setSoTimeout(20_000);
      List<String> names = new ArrayList<>();
      if (socket instanceof SSLSocket) {
        SSLSocket ssl = (SSLSocket) socket;
        ssl.startHandshake();
        for (SNIServerName name : ((ExtendedSSLSession) ssl.getSession()).getRequestedServerNames()) {
          names.add(new String(name.getEncoded(), StandardCharsets.US_ASCII));
        }
      }
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      boolean keepAlive = true;
      while (keepAlive) {
        Request request = readRequest(in, names);
        if (request == null) {
          return;
        }
        requests.add(request);
        String path = request.target().split("\\?", 2)[0];
        Responder responder = routes.getOrDefault(path, LoopbackServer::notFound);
        keepAlive = responder.respond(request, out);
        out.flush();
      }
    } catch (IOException | InterruptedException e) {
      // The client went away: expected for cut bodies and deadlines.
    }
  }

  private static Request readRequest(InputStream in, List<String> names) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int last4 = 0;
    while (last4 != 0x0D0A0D0A) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      last4 = (last4 << 8) | b;
    }
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    String[] start = lines[0].split(" ");
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
      }
    }
    byte[] body = new byte[0];
    String length = headers.get("content-length");
    if (length != null) {
      body = in.readNBytes(Integer.parseInt(length));
    }
    return new Request(start[0], start[1], headers, body, List.copyOf(names));
  }

  // ---- responders ----

  static boolean notFound(Request request, OutputStream out) throws IOException, InterruptedException {
    return ok(404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8)).respond(request, out);
  }

  static Responder ok(int status, String contentType, byte[] body) {
    return (request, out) -> {
      out.write(("HTTP/1.1 " + status + " X\r\nContent-Type: " + contentType + "\r\nContent-Length: " + body.length
          + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      return true;
    };
  }

  static Responder text(String body) {
    return ok(200, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
  }

  static Responder redirect(int status, String location) {
    return (request, out) -> {
      out.write(("HTTP/1.1 " + status + " Moved\r\nLocation: " + location + "\r\nContent-Length: 0\r\n\r\n")
          .getBytes(StandardCharsets.ISO_8859_1));
      return true;
    };
  }

  /** Writes a head verbatim, then {@code bodyBytes} bytes of 'x', then closes. */
  static Responder raw(String head, long bodyBytes) {
    return (request, out) -> {
      out.write(head.getBytes(StandardCharsets.ISO_8859_1));
      byte[] chunk = new byte[8192];
      java.util.Arrays.fill(chunk, (byte) 'x');
      long left = bodyBytes;
      while (left > 0) {
        int n = (int) Math.min(chunk.length, left);
        out.write(chunk, 0, n);
        left -= n;
      }
      return false;
    };
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket s : sockets) {
      try {
        s.close();
      } catch (IOException e) {
        // Already closed.
      }
    }
  }
}
