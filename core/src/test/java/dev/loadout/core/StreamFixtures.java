package dev.loadout.core;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Stream events as the providers document them, built around argument fragments: as text (the fragment written as
 * a JSON string by Jackson) or as bytes (the fragment's UTF-8 bytes escaped by hand, so a fragment may end in the
 * middle of a character, as raw provider bytes can).
 */
final class StreamFixtures {
  private StreamFixtures() {}

  /** JSON with single quotes for readability. */
  static String q(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  /** An event around one fragment: the text before the fragment's JSON string and after it. */
  record Around(String before, String after) {
    String text(String fragment) {
      return before + Json.text(Json.NODES.stringNode(fragment)) + after;
    }

    byte[] bytes(byte[] fragment) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.writeBytes(before.getBytes(StandardCharsets.UTF_8));
      out.write('"');
      for (byte b : fragment) {
        int u = b & 0xff;
        if (u == '"' || u == '\\') {
          out.write('\\');
          out.write(u);
        } else if (u < 0x20) {
          out.writeBytes(String.format("\\u%04x", u).getBytes(StandardCharsets.US_ASCII));
        } else {
          out.write(u);
        }
      }
      out.write('"');
      out.writeBytes(after.getBytes(StandardCharsets.UTF_8));
      return out.toByteArray();
    }
  }

  /** The events of one call: its start, one event per fragment, its end (nulls where the dialect has none). */
  record CallEvents(String start, Around fragment, String end) {}

  /** The events of a call at a position (its index, output index or block index) with an id and a name. */
  static CallEvents call(Dialect dialect, int position, String id, String name, boolean responsesDoneCarriesArguments,
      String arguments) {
    String idJson = id == null ? "" : ",'id':'" + id + "'";
    switch (dialect) {
      case OPENAI_CHAT:
        return new CallEvents(
            q("{'id':'chatcmpl-1','object':'chat.completion.chunk','choices':[{'index':0,'delta':{'tool_calls':[{'index':"
                + position + idJson + ",'type':'function','function':{'name':'" + name + "','arguments':''}}]},"
                + "'finish_reason':null}]}"),
            new Around(q("{'id':'chatcmpl-1','object':'chat.completion.chunk','choices':[{'index':0,'delta':{'tool_calls':"
                + "[{'index':" + position + ",'function':{'arguments':"), q("}}]},'finish_reason':null}]}")),
            null);
      case OPENAI_RESPONSES: {
        String callId = id == null ? "" : ",'call_id':'" + id + "'";
        String done = q("{'type':'response.function_call_arguments.done','item_id':'fc_" + position + "','output_index':"
            + position) + (responsesDoneCarriesArguments ? ",\"arguments\":" + Json.text(Json.NODES.stringNode(arguments))
            : "") + "}";
        return new CallEvents(
            q("{'type':'response.output_item.added','output_index':" + position + ",'item':{'type':'function_call',"
                + "'id':'fc_" + position + "'" + callId + ",'name':'" + name + "','arguments':'','status':'in_progress'}}"),
            new Around(q("{'type':'response.function_call_arguments.delta','item_id':'fc_" + position + "','output_index':"
                + position + ",'delta':"), "}"),
            done);
      }
      case ANTHROPIC:
        return new CallEvents(
            q("{'type':'content_block_start','index':" + position + ",'content_block':{'type':'tool_use'" + idJson
                + ",'name':'" + name + "','input':{}}}"),
            new Around(q("{'type':'content_block_delta','index':" + position + ",'delta':{'type':'input_json_delta',"
                + "'partial_json':"), "}}"),
            q("{'type':'content_block_stop','index':" + position + "}"));
      default:
        throw new IllegalArgumentException("Gemini sends calls whole");
    }
  }

  /** The event that ends a response normally. */
  static String end(Dialect dialect) {
    switch (dialect) {
      case OPENAI_CHAT:
        return q("{'id':'chatcmpl-1','choices':[{'index':0,'delta':{},'finish_reason':'tool_calls'}]}");
      case OPENAI_RESPONSES:
        return q("{'type':'response.completed','response':{'id':'resp_1','status':'completed'}}");
      case ANTHROPIC:
        return q("{'type':'message_stop'}");
      default:
        return q("{'candidates':[{'content':{'role':'model','parts':[]},'finishReason':'STOP'}]}");
    }
  }

  /** The unstreamed body with these calls (id, name, arguments), as parseToolCalls reads it. */
  static String body(Dialect dialect, List<String[]> calls) {
    List<String> items = new ArrayList<>();
    for (String[] c : calls) {
      String args = Json.text(Json.NODES.stringNode(c[2]));
      switch (dialect) {
        case OPENAI_CHAT:
          items.add("{\"id\":\"" + c[0] + "\",\"type\":\"function\",\"function\":{\"name\":\"" + c[1] + "\",\"arguments\":"
              + args + "}}");
          break;
        case OPENAI_RESPONSES:
          items.add("{\"type\":\"function_call\",\"call_id\":\"" + c[0] + "\",\"name\":\"" + c[1] + "\",\"arguments\":"
              + args + "}");
          break;
        case ANTHROPIC:
          items.add("{\"type\":\"tool_use\",\"id\":\"" + c[0] + "\",\"name\":\"" + c[1] + "\",\"input\":" + c[2] + "}");
          break;
        default:
          items.add("{\"functionCall\":{\"id\":\"" + c[0] + "\",\"name\":\"" + c[1] + "\",\"args\":" + c[2] + "}}");
      }
    }
    String list = String.join(",", items);
    switch (dialect) {
      case OPENAI_CHAT:
        return "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"tool_calls\":[" + list + "]}}]}";
      case OPENAI_RESPONSES:
        return "{\"output\":[" + list + "]}";
      case ANTHROPIC:
        return "{\"content\":[" + list + "]}";
      default:
        return "{\"candidates\":[{\"content\":{\"parts\":[" + list + "]}}]}";
    }
  }

  /** A Gemini chunk carrying whole calls (id, name, arguments object text). */
  static String geminiChunk(List<String[]> calls) {
    return body(Dialect.GEMINI, calls);
  }
}
