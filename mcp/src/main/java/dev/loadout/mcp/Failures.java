package dev.loadout.mcp;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportSessionClosedException;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * The one place where what the MCP SDK throws becomes a Loadout code. The SDK reports one outage in many
 * shapes by transport and timing: {@code RuntimeException("Client failed to initialize …")} around the real
 * cause, Reactor's {@code ReactiveException} around a {@link TimeoutException}, {@link McpError} with a
 * JSON-RPC code, the SDK's session-not-found signal, and the already classified {@link TransportFailure} of
 * Loadout's own transports. So the cause chain is walked and the most specific cause wins; the text kept is
 * the innermost message, sanitised by the caller.
 */
final class Failures {
  private Failures() {}

  /** A classified failure: a code from {@link McpFailureCodes} and a raw detail (not yet sanitised). */
  record Classified(String code, String detail) {
    boolean sessionLost() {
      return code.equals(McpFailureCodes.SESSION_LOST);
    }
  }

  static Classified classify(Throwable thrown) {
    Throwable t = unwrap(thrown);
    String innermost = t.getMessage();
    for (Throwable c = t; c != null; c = c.getCause()) {
      innermost = c.getMessage() == null ? innermost : c.getMessage();
      Classified found = direct(c);
      if (found != null) {
        return found;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    String text = String.valueOf(t.getMessage());
    if (text.contains("MCP session with server terminated")) {
      return new Classified(McpFailureCodes.SESSION_LOST, text);
    }
    Throwable bug = programmingError(t);
    if (bug != null) {
      // Nothing the server sent explains it: quarantining a healthy server for the bot's own bug would hide the bug.
      return new Classified(McpFailureCodes.INTERNAL_ERROR, bug.getClass().getSimpleName());
    }
    return new Classified(McpFailureCodes.PROTOCOL_ERROR, innermost == null ? t.getClass().getSimpleName() : innermost);
  }

  private static Classified direct(Throwable c) {
    if (c instanceof TimeoutException) {
      return new Classified(McpFailureCodes.TIMEOUT, "no answer before the deadline");
    }
    if (c instanceof McpError) {
      McpSchema.JSONRPCResponse.JSONRPCError e = ((McpError) c).getJsonRpcError();
      if (e != null && e.data() instanceof TransportFailure) {
        // The answer a Loadout transport gave a request in flight when its connection ended (StdioTransport);
        // no server's JSON deserialises to this type, so it cannot be forged.
        TransportFailure f = (TransportFailure) e.data();
        return new Classified(f.code, f.getMessage());
      }
      int code = e == null ? McpSchema.ErrorCodes.INTERNAL_ERROR : e.code();
      String message = e == null ? c.getMessage() : e.message();
      if (code == McpSchema.ErrorCodes.INVALID_PARAMS && message != null && message.startsWith("Unknown tool")) {
        return new Classified(McpFailureCodes.UNKNOWN_TOOL, message);
      }
      if (code == McpSchema.ErrorCodes.METHOD_NOT_FOUND) {
        return new Classified(McpFailureCodes.PROTOCOL_ERROR, message);
      }
      if (code == McpSchema.ErrorCodes.INVALID_PARAMS) {
        return new Classified(McpFailureCodes.INVALID_PARAMS, message);
      }
      return new Classified(McpFailureCodes.SERVER_ERROR, message);
    }
    if (c instanceof McpTransportSessionNotFoundException) {
      return new Classified(McpFailureCodes.SESSION_LOST, c.getMessage());
    }
    if (c instanceof McpTransportSessionClosedException) {
      return new Classified(McpFailureCodes.SESSION_LOST, c.getMessage());
    }
    if (c instanceof TransportFailure) {
      return new Classified(((TransportFailure) c).code, c.getMessage());
    }
    if (c instanceof ConnectException) {
      return new Classified(McpFailureCodes.UNREACHABLE, "connection refused or closed");
    }
    if (c instanceof IOException && c.getCause() == null) {
      return new Classified(McpFailureCodes.UNREACHABLE, c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage());
    }
    if (c instanceof IllegalStateException && String.valueOf(c.getMessage()).contains("capability")) {
      return new Classified(McpFailureCodes.PROTOCOL_ERROR, c.getMessage());
    }
    return null;
  }

  /**
   * The first cause that is a programming error in Loadout's own code, or null: one of the types that mean a broken
   * invariant ({@link NullPointerException}, {@link ClassCastException}, ...) thrown from a {@code dev.loadout} frame
   * (the first frame outside the JDK). The same types thrown inside the MCP SDK stay the server's: the SDK meets some
   * server misbehaviour that way (a client closed before it initialised throws an NPE), and such a server must still
   * be quarantined.
   */
  static Throwable programmingError(Throwable t) {
    int depth = 0;
    for (Throwable c = t; c != null && depth < 32; c = c.getCause(), depth++) {
      if ((c instanceof NullPointerException || c instanceof ClassCastException
          || c instanceof IndexOutOfBoundsException || c instanceof ArrayStoreException
          || c instanceof ArithmeticException || c instanceof NegativeArraySizeException
          || c instanceof IllegalMonitorStateException) && thrownByLoadout(c)) {
        return c;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return null;
  }

  /** Whether the first frame outside the JDK that threw this is Loadout's. */
  private static boolean thrownByLoadout(Throwable c) {
    for (StackTraceElement frame : c.getStackTrace()) {
      String name = frame.getClassName();
      if (name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.")) {
        continue;
      }
      return name.startsWith("dev.loadout.");
    }
    return false;
  }

  private static Throwable unwrap(Throwable t) {
    Throwable c = t;
    while ((c instanceof ExecutionException || c instanceof CompletionException) && c.getCause() != null) {
      c = c.getCause();
    }
    return c;
  }
}
