package dev.loadout.tools.web;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code fetch_url}'s arguments, checked again at run time: the schema check does not run when a host invokes
 * the tool directly, and the messages here are the exact ones a model is shown.
 *
 * @param url the URL as sent, untrimmed (the guard refuses surrounding whitespace)
 * @param maxLength the window length: {@code max_length} capped at the configured maximum
 * @param startIndex where the window starts
 * @param raw whether HTML stays HTML
 */
record FetchUrlArguments(String url, int maxLength, int startIndex, boolean raw) {

  /**
   * Reads and checks the arguments.
   *
   * @throws IllegalArgumentException with the message for the model
   */
  static FetchUrlArguments of(ObjectNode args, int ceiling) {
    JsonNode url = args.get("url");
    if (url == null || !url.isString() || url.stringValue().isBlank()) {
      throw new IllegalArgumentException("url must be a non-empty string.");
    }
    int maxLength = ceiling;
    JsonNode max = args.get("max_length");
    if (max != null && !max.isNull()) {
      long n = wholeNumber(max);
      if (n < 1) {
        throw new IllegalArgumentException("max_length must be a positive integer.");
      }
      maxLength = (int) Math.min(n, ceiling);
    }
    int start = 0;
    JsonNode startNode = args.get("start_index");
    if (startNode != null && !startNode.isNull()) {
      long n = wholeNumber(startNode);
      if (n < 0) {
        throw new IllegalArgumentException("start_index must be a non-negative integer.");
      }
      start = (int) Math.min(n, Integer.MAX_VALUE);
    }
    boolean raw = false;
    JsonNode rawNode = args.get("raw");
    if (rawNode != null && !rawNode.isNull()) {
      if (!rawNode.isBoolean()) {
        throw new IllegalArgumentException("raw must be a boolean.");
      }
      raw = rawNode.booleanValue();
    }
    return new FetchUrlArguments(url.stringValue(), maxLength, start, raw);
  }

  /** The value if it is a whole JSON number (1 and 1.0 alike, as JSON Schema's integer), else -1; huge values saturate. */
  private static long wholeNumber(JsonNode n) {
    if (!n.isNumber()) {
      return -1;
    }
    if (n.isIntegralNumber()) {
      return n.canConvertToLong() ? n.longValue() : (n.bigIntegerValue().signum() > 0 ? Long.MAX_VALUE : -1);
    }
    double d = n.doubleValue();
    if (d != Math.rint(d) || Double.isInfinite(d)) {
      return -1;
    }
    return d >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) d;
  }
}
