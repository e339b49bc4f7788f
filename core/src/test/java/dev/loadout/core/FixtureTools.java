package dev.loadout.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The shared 100-tool fixture ({@code openai-tools-100.json}, the same file the benchmarks use: 60 bot built-ins,
 * then 40 MCP-style tools) as specs, plus a few synthetic tools with the schema features the fixture lacks and
 * the dialects rewrite (non-string enums, {@code const}, exclusive bounds, type arrays, a root {@code oneOf}).
 */
public final class FixtureTools {
  static final String RESOURCE = "/openai-tools-100.json";
  /** Synthetic tools whose shown schema admits what the tool's own schema refuses (a flattened root oneOf). */
  static final List<String> LOSSY = List.of("fixture_root_one_of");

  private FixtureTools() {}

  /** The 100 fixture tools, in fixture order. */
  public static List<ToolSpec> fixture() {
    try (InputStream in = FixtureTools.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not on the classpath");
      }
      List<ToolSpec> out = new ArrayList<>();
      for (JsonNode tool : Json.MAPPER.readTree(in)) {
        JsonNode fn = tool.get("function");
        out.add(ToolSpec.builder(fn.get("name").stringValue(), (ObjectNode) fn.get("parameters"))
            .description(fn.path("description").asString("")).build());
      }
      return List.copyOf(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Tools with the schema features that dialect rewrites change. */
  public static List<ToolSpec> synthetic() {
    return List.of(
        spec("fixture_int_enum", "{'type':'object','properties':{'level':{'type':'integer','enum':[1,2,3]},"
            + "'ratio':{'enum':[0.5,1.5]},'flag':{'const':true},'mode':{'enum':['a',1,null]}},'required':['level']}"),
        spec("fixture_bounds", "{'type':'object','properties':{'n':{'type':'integer','exclusiveMinimum':0,"
            + "'exclusiveMaximum':10},'x':{'type':'number','exclusiveMinimum':0,'maximum':1},"
            + "'k':{'type':'integer','minimum':0,'exclusiveMinimum':0}},'required':['n','x']}"),
        spec("fixture_type_arrays", "{'type':'object','properties':{'note':{'type':['string','null']},"
            + "'id':{'type':['integer','string']},'tags':{'type':'array','items':{'type':'string','enum':['x','y']}},"
            + "'nested':{'type':'object','properties':{'depth':{'type':'integer','enum':[1,2]}},'required':['depth']}},"
            + "'additionalProperties':false}"),
        spec("fixture_root_one_of", "{'type':'object','oneOf':["
            + "{'properties':{'page_id':{'type':'string'}},'required':['page_id']},"
            + "{'properties':{'database_id':{'type':'string'}},'required':['database_id']}]}"));
  }

  /** The fixture and the synthetic tools. */
  public static List<ToolSpec> all() {
    List<ToolSpec> all = new ArrayList<>(fixture());
    all.addAll(synthetic());
    return List.copyOf(all);
  }

  private static ToolSpec spec(String name, String singleQuoted) {
    return ToolSpec.builder(name, singleQuoted.replace('\'', '"')).description("Synthetic " + name + ".").build();
  }
}
