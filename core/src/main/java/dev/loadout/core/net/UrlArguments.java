package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The guard applied to a tool call's URL-typed arguments, before a tool that fetches elsewhere (a guild's
 * URL-fetcher MCP server replacing {@code fetch_url}) is called. A string is URL-typed when its schema says
 * {@code "format": "uri"} (directly or in an {@code allOf}/{@code anyOf}/{@code oneOf} branch or a local
 * {@code $ref}), or when its property is named {@code url}, {@code uri} or {@code urls} (any case), at any
 * depth, declared in the schema or not. Arrays under such a property are checked element by element.
 *
 * <p>This checks the URLs a model asked for; it cannot pin what a remote server then connects to. It is the
 * best a caller can do for a fetcher it does not run.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class UrlArguments {
  private static final Set<String> URL_NAMES = Set.of("url", "uri", "urls");
  private static final int MAX_DEPTH = 32;

  private UrlArguments() {}

  /**
   * Checks every URL-typed argument and returns the first refusal, or an allowed result.
   *
   * @param schema the parameters schema the call was validated against (may be empty)
   * @param arguments the call's arguments
   * @param guard the guard to apply
   * @return never null
   */
  public static Result check(ObjectNode schema, JsonNode arguments, NetworkGuard guard) {
    if (guard == null) {
      throw new IllegalArgumentException("guard must not be null");
    }
    Walk walk = new Walk(schema, guard);
    walk.value(arguments, schema, false, "", 0);
    return walk.refusal != null ? walk.refusal : new Result(null, null, walk.checked);
  }

  /**
   * The outcome: allowed, or the first refused argument with its JSON Pointer and verdict.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Result {
    private final String pointer;
    private final UrlVerdict verdict;
    private final int checked;

    private Result(String pointer, UrlVerdict verdict, int checked) {
      this.pointer = pointer;
      this.verdict = verdict;
      this.checked = checked;
    }

    /** Whether every URL-typed argument may be fetched. */
    public boolean allowed() {
      return verdict == null;
    }

    /** The JSON Pointer of the refused argument, such as {@code /urls/1}; empty when allowed. */
    public Optional<String> pointer() {
      return Optional.ofNullable(pointer);
    }

    /** The refused argument's verdict; empty when allowed. */
    public Optional<UrlVerdict> verdict() {
      return Optional.ofNullable(verdict);
    }

    /** How many URLs were checked (up to the refusal). */
    public int checked() {
      return checked;
    }

    /** A sentence for the model and the user: which argument was refused and why; empty when allowed. */
    public Optional<String> message() {
      return verdict == null ? Optional.empty()
          : Optional.of("The argument " + pointer + " was refused: " + verdict.reason());
    }

    @Override
    public String toString() {
      return verdict == null ? "UrlArguments.Result{allowed, checked=" + checked + "}"
          : "UrlArguments.Result{refused " + pointer + ", " + verdict + "}";
    }
  }

  private static final class Walk {
    private final ObjectNode root;
    private final NetworkGuard guard;
    private Result refusal;
    private int checked;

    Walk(ObjectNode root, NetworkGuard guard) {
      this.root = root;
      this.guard = guard;
    }

    void value(JsonNode value, JsonNode schema, boolean urlTyped, String pointer, int depth) {
      if (refusal != null || value == null || depth > MAX_DEPTH) {
        return;
      }
      schema = deref(schema, 0);
      boolean isUrl = urlTyped || saysUri(schema, 0);
      if (value.isString()) {
        if (isUrl) {
          checked++;
          UrlVerdict verdict = guard.check(value.stringValue());
          if (!verdict.allowed()) {
            refusal = new Result(pointer.isEmpty() ? "/" : pointer, verdict, checked);
          }
        }
      } else if (value.isArray()) {
        JsonNode items = schema == null ? null : schema.get("items");
        int index = 0;
        for (JsonNode item : value) {
          value(item, items, isUrl, pointer + "/" + index++, depth + 1);
        }
      } else if (value.isObject()) {
        JsonNode properties = schema == null ? null : schema.get("properties");
        JsonNode additional = schema == null ? null : schema.get("additionalProperties");
        for (Iterator<Map.Entry<String, JsonNode>> it = value.properties().iterator(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          JsonNode sub = properties != null && properties.has(e.getKey()) ? properties.get(e.getKey())
              : additional != null && additional.isObject() ? additional : null;
          boolean named = URL_NAMES.contains(e.getKey().toLowerCase(Locale.ROOT));
          value(e.getValue(), sub, named, pointer + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), depth + 1);
        }
      }
    }

    private boolean saysUri(JsonNode schema, int depth) {
      if (schema == null || !schema.isObject() || depth > MAX_DEPTH) {
        return false;
      }
      JsonNode format = schema.get("format");
      if (format != null && format.isString() && "uri".equals(format.stringValue())) {
        return true;
      }
      for (String key : new String[] {"allOf", "anyOf", "oneOf"}) {
        JsonNode branches = schema.get(key);
        if (branches != null && branches.isArray()) {
          for (JsonNode branch : branches) {
            if (saysUri(deref(branch, 0), depth + 1)) {
              return true;
            }
          }
        }
      }
      return false;
    }

    /** Follows local {@code $ref}s ({@code #/...}) within the root schema; others are left unresolved. */
    private JsonNode deref(JsonNode schema, int depth) {
      if (schema == null || !schema.isObject() || root == null || depth > MAX_DEPTH) {
        return schema;
      }
      JsonNode ref = schema.get("$ref");
      if (ref == null || !ref.isString() || !ref.stringValue().startsWith("#")) {
        return schema;
      }
      JsonNode target = root.at(ref.stringValue().substring(1));
      return target == null || target.isMissingNode() ? schema : deref(target, depth + 1);
    }
  }
}
