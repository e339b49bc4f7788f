package dev.loadout.testkit.process;

import java.util.ArrayList;
import java.util.List;

/**
 * The line protocol between a {@link ProcessGroup} and its workers. One message per line, fields separated
 * by tabs, with backslash escapes for tab, line feed, carriage return and backslash, so any text survives.
 * Worker lines start with {@link #MARK}: anything else on the worker's standard output is not protocol.
 *
 * <pre>
 * test → worker   STEP id name args…   |  EXIT
 * worker → test   READY  |  OBS name epochMicros values…  |  DONE id values…  |  FAIL id message
 * </pre>
 */
final class Wire {
  static final String MARK = "\u0002loadout-worker\u0003";

  private Wire() {}

  static String line(List<String> fields) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append('\t');
      }
      escape(fields.get(i), out);
    }
    return out.toString();
  }

  static List<String> fields(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (ch == '\t') {
        out.add(field.toString());
        field.setLength(0);
      } else if (ch == '\\' && i + 1 < line.length()) {
        char next = line.charAt(++i);
        field.append(next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next);
      } else {
        field.append(ch);
      }
    }
    out.add(field.toString());
    return out;
  }

  private static void escape(String s, StringBuilder out) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\\' -> out.append("\\\\");
        default -> out.append(ch);
      }
    }
  }
}
