package dev.loadout.langchain4j;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One tool of Loadout's {@code OPENAI_CHAT} render (its {@code function} object) as LangChain4j's {@link ToolSpecification}, losing as little as LangChain4j's schema model allows.
 * Each property's schema goes in as a {@link JsonRawSchema}, which LangChain4j sends as written, so nested objects,
 * defaults, bounds and {@code anyOf} survive; only the root is LangChain4j's own {@link JsonObjectSchema}
 * (properties, required, additionalProperties, description), so root keywords beyond those ({@code title},
 * {@code $defs}, a root {@code anyOf}) are not in the specification. {@link LoadoutHttpClient} puts them back on the
 * wire. Never throws for a schema Loadout accepted, unlike {@code ToolSpecification.fromJson}.
 */
final class Specifications {
  private static final JsonMapper JSON = JsonMapper.shared();

  private Specifications() {}

  static ToolSpecification of(JsonNode function) {
    JsonNode schema = function.path("parameters");
    JsonObjectSchema.Builder root = JsonObjectSchema.builder();
    Map<String, JsonSchemaElement> properties = new LinkedHashMap<>();
    JsonNode props = schema.path("properties");
    for (Map.Entry<String, JsonNode> p : props.properties()) {
      properties.put(p.getKey(), JsonRawSchema.from(JSON.writeValueAsString(p.getValue())));
    }
    root.addProperties(properties);
    List<String> required = new ArrayList<>();
    for (JsonNode r : schema.path("required")) {
      if (r.isString()) {
        required.add(r.stringValue());
      }
    }
    if (!required.isEmpty()) {
      root.required(required);
    }
    JsonNode additional = schema.get("additionalProperties");
    if (additional != null && additional.isBoolean()) {
      root.additionalProperties(additional.booleanValue());
    }
    JsonNode description = schema.get("description");
    if (description != null && description.isString()) {
      root.description(description.stringValue());
    }
    JsonNode toolDescription = function.get("description");
    return ToolSpecification.builder().name(function.path("name").asString(""))
        .description(toolDescription != null && toolDescription.isString() ? toolDescription.stringValue() : null)
        .parameters(root.build()).build();
  }
}
