package dev.loadout.core;

import java.util.ArrayDeque;
import java.util.Iterator;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a call's arguments text under {@link JsonLimits}, and says in a sentence for the model why text was
 * refused. One per {@link Loadout}; {@link #DEFAULT} for readers without one ({@link ToolCall#argumentsJson()}).
 */
final class ArgumentsReader {
  static final ArgumentsReader DEFAULT = new ArgumentsReader(JsonLimits.DEFAULTS);

  /** A reading: the tree, or why there is none (a clause that follows "Arguments for 'x' "). */
  record Reading(JsonNode node, String problem) {}

  private final JsonLimits limits;
  private final JsonMapper mapper;

  ArgumentsReader(JsonLimits limits) {
    this.limits = limits;
    StreamReadConstraints constraints = StreamReadConstraints.builder()
        .maxNestingDepth(limits.maxNestingDepth())
        .maxNumberLength(limits.maxNumberLength())
        .maxNameLength(limits.maxNameLength())
        .maxStringLength(limits.maxStringLength())
        .build();
    JsonFactory factory = JsonFactory.builder().streamReadConstraints(constraints)
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    this.mapper = JsonMapper.builder(factory).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
  }

  JsonLimits limits() {
    return limits;
  }

  /** Blank text is an empty object. */
  Reading read(String text) {
    if (text.isBlank()) {
      return new Reading(Json.object(), null);
    }
    try {
      return new Reading(mapper.readTree(text), null);
    } catch (StreamConstraintsException e) {
      return new Reading(null, beyondLimit(e));
    } catch (JacksonException e) {
      String message = String.valueOf(e.getOriginalMessage());
      if (message.startsWith("Duplicate Object property")) {
        return new Reading(null, "name one property twice; send each property once.");
      }
      return new Reading(null, "are not valid JSON; send a JSON object.");
    }
  }

  /** Which limit the text broke; Jackson says it only in its message, which names the constraint's getter. */
  private String beyondLimit(StreamConstraintsException e) {
    String message = String.valueOf(e.getMessage());
    if (message.contains("getMaxNestingDepth")) {
      return "nest deeper than " + limits.maxNestingDepth() + " levels, the limit; send flatter arguments.";
    }
    if (message.contains("getMaxNumberLength")) {
      return "hold a number longer than " + limits.maxNumberLength() + " characters, the limit.";
    }
    if (message.contains("getMaxNameLength")) {
      return "hold a property name longer than " + limits.maxNameLength() + " characters, the limit.";
    }
    if (message.contains("getMaxStringLength")) {
      return "hold a string longer than " + limits.maxStringLength() + " characters, the limit.";
    }
    return "are beyond a JSON size limit; send smaller arguments.";
  }

  /** How deeply a tree nests objects and arrays (a scalar is 0, {@code {}} is 1); iterative, any depth. */
  static int depth(JsonNode root) {
    int max = 0;
    ArrayDeque<Iterator<JsonNode>> open = new ArrayDeque<>();
    if (root.isContainer()) {
      open.push(root.iterator());
      max = 1;
    }
    while (!open.isEmpty()) {
      Iterator<JsonNode> it = open.peek();
      if (!it.hasNext()) {
        open.pop();
        continue;
      }
      JsonNode next = it.next();
      if (next.isContainer()) {
        open.push(next.iterator());
        max = Math.max(max, open.size());
      }
    }
    return max;
  }
}
