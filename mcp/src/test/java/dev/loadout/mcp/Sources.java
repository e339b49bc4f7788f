package dev.loadout.mcp;

import dev.loadout.core.HiddenTool;
import dev.loadout.core.ToolSource;
import java.util.List;
import java.util.Optional;

/** What a gather offered: the sources with tools, and why a server's tools are hidden. */
final class Sources {
  private Sources() {}

  /** The labels of the sources that offer at least one tool, in order. */
  static List<String> offering(List<ToolSource> sources) {
    return sources.stream().filter(s -> !s.tools().isEmpty()).map(ToolSource::label).toList();
  }

  /** The reason code the source of this label gives for its hidden tools, if it hides any. */
  static Optional<String> hiddenBecause(List<ToolSource> sources, String label) {
    return sources.stream().filter(s -> s.label().equals(label)).flatMap(s -> s.hidden().stream())
        .map(HiddenTool::reasons).flatMap(List::stream).map(HiddenTool.Reason::code).findFirst();
  }
}
