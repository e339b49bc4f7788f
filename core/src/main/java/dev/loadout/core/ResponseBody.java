package dev.loadout.core;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.POJONode;

/**
 * A provider response body read far enough to find its tool calls, with the text of every value kept.
 *
 * <p>Why not an ordinary tree: a body is one JSON document holding every call, and Jackson's default limits
 * (500 levels, 1,000-digit numbers, 50,000-character names) are crossed by one call's arguments as easily as by
 * the whole body. An ordinary read then loses every call for the sake of one. Here the body is read once as a
 * token stream under limits only a broken body crosses ({@value #MAX_BODY_DEPTH} levels, no length limits);
 * objects and arrays are built as nodes down to {@value #BUILT_DEPTH} levels, which holds every path a provider
 * puts calls on, and everything deeper, and every number, is skipped and kept as its position in the text. A
 * call's arguments are then handed on as the exact text the provider sent, and whether they are usable is
 * decided when that one call is executed.
 *
 * <p>A body may also come as UTF-8 bytes (decoded strictly, then read as text) or as a tree the host already
 * parsed ({@link #tree(JsonNode)}): there nothing is re-read, and the text of an object or array value is its
 * compact JSON, written without recursion whatever the tree's depth.
 */
final class ResponseBody {
  /** Deepest nesting a body may have at all; only a broken or hostile body goes further. */
  static final int MAX_BODY_DEPTH = 100_000;
  /** Objects and arrays at this depth or less become nodes; the Gemini path to a call's args is 8 deep. */
  static final int BUILT_DEPTH = 8;

  private static final JsonMapper READER = JsonMapper.builder(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_BODY_DEPTH)
          .maxNumberLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).maxStringLength(Integer.MAX_VALUE)
          .build())
      // A body may carry any number of distinct long names; a symbol table would only be a target.
      .disable(TokenStreamFactory.Feature.CANONICALIZE_PROPERTY_NAMES)
      .build()).build();

  /** A value that was skipped, not built: where its text lies in the body. */
  private record Skipped(int start, int end) {}

  /** The body as text; null for a tree the host parsed. */
  private final String text;
  private final JsonNode root;
  private byte[] digest;
  /** Where each built object or array lies in the body. */
  private final Map<JsonNode, int[]> spans;

  private ResponseBody(String text, JsonNode root, Map<JsonNode, int[]> spans) {
    this.text = text;
    this.root = root;
    this.spans = spans;
  }

  /** The root, or null for a body without any JSON value. */
  JsonNode root() {
    return root;
  }

  /**
   * Reads a body.
   *
   * @param what names the body in messages ("OPENAI_CHAT response")
   * @throws IllegalArgumentException when the text is not one JSON document, or nests deeper than
   *     {@value #MAX_BODY_DEPTH} levels; the message never quotes the body
   */
  static ResponseBody read(String what, String text) {
    Map<JsonNode, int[]> spans = new IdentityHashMap<>();
    try (JsonParser p = READER.createParser(text)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        return new ResponseBody(text, null, spans);
      }
      JsonNode root = value(p, first, 1, spans);
      if (root instanceof ObjectNode || root instanceof ArrayNode) {
        root = build(p, root, spans);
      }
      if (p.nextToken() != null) {
        throw new IllegalArgumentException(what + " is not valid JSON (" + text.length() + " chars): content follows its end");
      }
      return new ResponseBody(text, root, spans);
    } catch (StreamConstraintsException e) {
      throw new IllegalArgumentException(what + " nests deeper than " + MAX_BODY_DEPTH + " levels (" + text.length()
          + " chars)", e);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(what + " is not valid JSON (" + text.length() + " chars)", e);
    }
  }

  /**
   * Reads a body sent as UTF-8 bytes: decoded strictly (a byte order mark is skipped, as JSON allows), then read
   * as text, so bytes and the same text give the same calls.
   *
   * @throws IllegalArgumentException when the bytes are not UTF-8, or as {@link #read(String, String)}
   */
  static ResponseBody read(String what, byte[] bytes) {
    int start = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF ? 3 : 0;
    String text;
    try {
      text = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes, start, bytes.length - start)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new IllegalArgumentException(what + " is not valid UTF-8 (" + bytes.length + " bytes)", e);
    }
    return read(what, text);
  }

  /** A body the host already parsed; a missing node reads as no JSON value at all. */
  static ResponseBody tree(JsonNode root) {
    return new ResponseBody(null, root.isMissingNode() ? null : root, new IdentityHashMap<>());
  }

  /**
   * A SHA-256 digest of the body: of its UTF-8 bytes when it came as text or bytes, of its compact JSON when it
   * came as a tree. Computed at most once, and only when asked (for call ids a provider did not send).
   */
  byte[] digest() {
    if (digest == null) {
      String s = text != null ? text : root == null ? "" : Json.compact(root);
      digest = dev.loadout.core.internal.digest.Digests.sha256(s);
    }
    return digest;
  }

  /** Fills the root container and everything below it, iteratively: no recursion, whatever the depth. */
  private static JsonNode build(JsonParser p, JsonNode root, Map<JsonNode, int[]> spans) {
    ArrayDeque<JsonNode> open = new ArrayDeque<>();
    open.push(root);
    String name = null;
    while (!open.isEmpty()) {
      JsonToken t = p.nextToken();
      JsonNode parent = open.peek();
      if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
        spans.get(parent)[1] = end(p);
        open.pop();
        continue;
      }
      if (t == JsonToken.PROPERTY_NAME) {
        name = p.currentName();
        continue;
      }
      JsonNode child = value(p, t, open.size() + 1, spans);
      if (parent instanceof ObjectNode) {
        ((ObjectNode) parent).set(name, child);
      } else {
        ((ArrayNode) parent).add(child);
      }
      if (child instanceof ObjectNode || child instanceof ArrayNode) {
        open.push(child);
      }
    }
    return root;
  }

  /**
   * The node for the value starting at the current token: scalars at once, an object or array empty (to be
   * filled by the caller) while it is shallow enough, else skipped and kept as its position.
   */
  private static JsonNode value(JsonParser p, JsonToken t, int depth, Map<JsonNode, int[]> spans) {
    int start = start(p);
    switch (t) {
      case START_OBJECT:
      case START_ARRAY: {
        if (depth > BUILT_DEPTH) {
          p.skipChildren();
          return Json.NODES.pojoNode(new Skipped(start, end(p)));
        }
        JsonNode container = t == JsonToken.START_OBJECT ? Json.object() : Json.array();
        spans.put(container, new int[] {start, -1});
        return container;
      }
      case VALUE_STRING:
        return Json.NODES.stringNode(p.getString());
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        // Never converted: a 1,000,000-digit number costs its length here, nothing more.
        return Json.NODES.pojoNode(new Skipped(start, end(p)));
      case VALUE_TRUE:
        return Json.NODES.booleanNode(true);
      case VALUE_FALSE:
        return Json.NODES.booleanNode(false);
      default:
        return Json.NODES.nullNode();
    }
  }

  private static int start(JsonParser p) {
    return (int) p.currentTokenLocation().getCharOffset();
  }

  private static int end(JsonParser p) {
    return (int) p.currentLocation().getCharOffset();
  }

  /**
   * The text of a value as it stands in the body: a string's content, an object's or array's JSON text with
   * its original spacing, a number's digits; empty for an absent value or {@code null}.
   */
  String textOf(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return "";
    }
    if (node.isString()) {
      return node.stringValue();
    }
    if (text == null) {
      return Json.compact(node); // a host's tree: no text to cut from, and no lookup that hashes a deep node
    }
    int[] span = spans.get(node);
    if (span != null) {
      return text.substring(span[0], span[1]);
    }
    if (node instanceof POJONode && ((POJONode) node).getPojo() instanceof Skipped) {
      Skipped s = (Skipped) ((POJONode) node).getPojo();
      return text.substring(s.start(), s.end());
    }
    return Json.compact(node);
  }
}
