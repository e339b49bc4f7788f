package dev.loadout.testkit.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * What a {@link LoopbackHttpServer} answers one request with: a status, headers and a body, or a behaviour a real
 * peer has (a redirect, an event stream, a server that holds its answer until released, one that drops the
 * connection). Immutable; each {@code with…} method returns a new reply.
 *
 * <pre>{@code
 * server.on("/search", HttpReply.json("{\"results\":[]}"));
 * server.on("/old", HttpReply.redirect(302, "/new"));
 * server.on("/slow", HttpReply.text("late").heldUntil(release));   // silent until the test completes release
 * server.on("/v1/chat/completions", HttpReply.from(request -> HttpReply.sse("data: {...}", "data: [DONE]")));
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HttpReply {
  private final int status;
  private final List<Map.Entry<String, String>> headers;
  private final byte[] body;
  private final List<byte[]> chunks;
  private final CompletionStage<?> hold;
  private final boolean disconnect;
  private final Function<ReceivedRequest, HttpReply> dynamic;

  private HttpReply(int status, List<Map.Entry<String, String>> headers, byte[] body, List<byte[]> chunks,
      CompletionStage<?> hold, boolean disconnect, Function<ReceivedRequest, HttpReply> dynamic) {
    this.status = status;
    this.headers = List.copyOf(headers);
    this.body = body;
    this.chunks = chunks;
    this.hold = hold;
    this.disconnect = disconnect;
    this.dynamic = dynamic;
  }

  /** A reply with this status and no body. */
  public static HttpReply status(int status) {
    if (status < 100 || status > 999) {
      throw new IllegalArgumentException("status must be 100 to 999, but was " + status);
    }
    return new HttpReply(status, List.of(), new byte[0], null, null, false, null);
  }

  /** A reply with this status, content type and UTF-8 text body, such as {@code of(429, "text/plain", "slow down")}. */
  public static HttpReply of(int status, String contentType, String body) {
    return body(contentType, utf8(body)).withStatus(status);
  }

  /** 200 with this body and content type. */
  public static HttpReply body(String contentType, byte[] body) {
    if (contentType == null || body == null) {
      throw new IllegalArgumentException("a content type and a body are required");
    }
    return status(200).withHeader("Content-Type", contentType).withBody(body);
  }

  /** 200 with a JSON body. */
  public static HttpReply json(String json) {
    return body("application/json", utf8(json));
  }

  /** 200 with a plain text body (UTF-8). */
  public static HttpReply text(String text) {
    return body("text/plain; charset=utf-8", utf8(text));
  }

  /** 200 with an HTML body (UTF-8). */
  public static HttpReply html(String html) {
    return body("text/html; charset=utf-8", utf8(html));
  }

  /** A redirect: this 3xx status and {@code Location}, no body. */
  public static HttpReply redirect(int status, String location) {
    if (status < 300 || status > 399 || location == null) {
      throw new IllegalArgumentException("a redirect needs a 3xx status and a location, but got " + status + ", "
          + location);
    }
    return status(status).withHeader("Location", location);
  }

  /**
   * 200 {@code text/event-stream}, without a {@code Content-Length}: each event is written and flushed on its own, with
   * the blank line that ends an event added after it, as a streaming provider sends them.
   *
   * @param events each event's lines, such as {@code "data: {\"x\":1}"} or {@code "event: done\ndata: {}"}
   */
  public static HttpReply sse(String... events) {
    List<byte[]> parts = new ArrayList<>();
    for (String e : events) {
      parts.add(utf8(e + "\n\n"));
    }
    return new HttpReply(200, List.of(Map.entry("Content-Type", "text/event-stream")), new byte[0], List.copyOf(parts),
        null, false, null);
  }

  /** The connection is closed without any answer: a peer that dies before it replies. */
  public static HttpReply disconnect() {
    return new HttpReply(0, List.of(), new byte[0], null, null, true, null);
  }

  /** A reply decided per request, for example from what the request's body asks. */
  public static HttpReply from(Function<ReceivedRequest, HttpReply> reply) {
    if (reply == null) {
      throw new IllegalArgumentException("reply must not be null");
    }
    return new HttpReply(0, List.of(), new byte[0], null, null, false, reply);
  }

  /** This reply with one more header. */
  public HttpReply withHeader(String name, String value) {
    if (name == null || value == null) {
      throw new IllegalArgumentException("a header needs a name and a value");
    }
    List<Map.Entry<String, String>> h = new ArrayList<>(headers);
    h.add(Map.entry(name, value));
    return new HttpReply(status, h, body, chunks, hold, disconnect, dynamic);
  }

  /** This reply with another status. */
  public HttpReply withStatus(int status) {
    HttpReply s = status(status);
    return new HttpReply(s.status, headers, body, chunks, hold, disconnect, dynamic);
  }

  /** This reply with another body (copied). */
  public HttpReply withBody(byte[] body) {
    if (body == null) {
      throw new IllegalArgumentException("body must not be null");
    }
    return new HttpReply(status, headers, body.clone(), null, hold, disconnect, dynamic);
  }

  /**
   * This reply, sent only once {@code release} completes (normally or not): until then the server holds the
   * request without a byte of answer, as a server that goes silent does. Closing the server ends every hold.
   */
  public HttpReply heldUntil(CompletionStage<?> release) {
    if (release == null) {
      throw new IllegalArgumentException("release must not be null");
    }
    return new HttpReply(status, headers, body, chunks, release, disconnect, dynamic);
  }

  int statusCode() {
    return status;
  }

  List<Map.Entry<String, String>> headerList() {
    return headers;
  }

  byte[] bodyBytes() {
    return body;
  }

  List<byte[]> chunks() {
    return chunks;
  }

  CompletionStage<?> hold() {
    return hold;
  }

  boolean disconnects() {
    return disconnect;
  }

  /** The reply to send for this request: a dynamic reply's answer, followed until a concrete one. */
  HttpReply resolve(ReceivedRequest request) {
    HttpReply r = this;
    for (int depth = 0; r.dynamic != null; depth++) {
      if (depth == 16) {
        throw new IllegalStateException("HttpReply.from nested more than 16 deep");
      }
      HttpReply next = r.dynamic.apply(request);
      if (next == null) {
        throw new IllegalStateException("an HttpReply.from function returned null");
      }
      r = r.hold == null || next.hold != null ? next : next.heldUntil(r.hold);
    }
    return r;
  }

  private static byte[] utf8(String s) {
    if (s == null) {
      throw new IllegalArgumentException("text must not be null");
    }
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    if (dynamic != null) {
      return "HttpReply{dynamic}";
    }
    return disconnect ? "HttpReply{disconnect}" : "HttpReply{" + status + ", body=" + body.length + " bytes"
        + (chunks == null ? "" : ", " + chunks.size() + " events") + (hold == null ? "" : ", held") + "}";
  }
}
