package dev.loadout.tools.web.search;

import dev.loadout.core.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The schema of {@code web_search} and its per-turn variants.
 *
 * <p>A variant's enum lists exactly the active backend's categories, so its wording states what is
 * available and never hedges ("this category may be unavailable" would contradict the enum the model was
 * given). Variants are built through {@link ToolSpec#edit()}, which memoises them: the same backend on the
 * next turn costs a lookup.
 */
final class WebSearchSchema {
  static final String BASE_DESCRIPTION = "Search the web and return titles, URLs and snippets of the best results.";
  static final String CATEGORY_DESCRIPTION = "Search category. Default: text.";

  private WebSearchSchema() {}

  static ToolSpec base() {
    StringBuilder enumValues = new StringBuilder();
    for (SearchCategory c : SearchCategory.values()) {
      enumValues.append(enumValues.length() == 0 ? "" : ",").append('"').append(c.id()).append('"');
    }
    String schema = "{\"type\":\"object\",\"properties\":{"
        + "\"query\":{\"type\":\"string\",\"minLength\":1,\"description\":\"What to search for.\"},"
        + "\"category\":{\"type\":\"string\",\"enum\":[" + enumValues + "],\"description\":\"" + CATEGORY_DESCRIPTION + "\"},"
        + "\"count\":{\"type\":\"number\",\"description\":\"" + countDescription(true) + "\"}},"
        + "\"required\":[\"query\"],\"additionalProperties\":false}";
    return ToolSpec.builder(WebSearchTool.NAME, schema)
        .description(BASE_DESCRIPTION)
        .group(WebSearchTool.GROUP)
        .family(WebSearchTool.FAMILY)
        .build();
  }

  static ToolSpec variant(ToolSpec base, String backend, Set<SearchCategory> categories) {
    List<String> ids = ids(categories);
    // The narrowed enum already says which categories exist; saying it again in prose (it used to be said three
    // times) made a narrowed variant larger than the base, and every request pays for it. The backend's name stays:
    // it tells the model (and diagnostics) what answers.
    return base.edit()
        .narrowEnum("category", ids)
        .propertyDescription("category", CATEGORY_DESCRIPTION)
        .propertyDescription("count", countDescription(categories.contains(SearchCategory.IMAGE)))
        .description("Search the web (" + backend + "): titles, URLs and snippets of the best results.")
        .build();
  }

  private static String countDescription(boolean withImages) {
    return withImages
        ? "How many results to return: default " + WebSearchTool.DEFAULT_COUNT + ", at most " + WebSearchTool.MAX_IMAGE_COUNT
            + " for image and " + WebSearchTool.MAX_COUNT + " otherwise."
        : "How many results to return: default " + WebSearchTool.DEFAULT_COUNT + ", at most " + WebSearchTool.MAX_COUNT + ".";
  }

  static List<String> ids(Set<SearchCategory> categories) {
    List<String> ids = new ArrayList<>(categories.size());
    for (SearchCategory c : SearchCategory.values()) {
      if (categories.contains(c)) {
        ids.add(c.id());
      }
    }
    return ids;
  }
}
