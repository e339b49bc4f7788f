package dev.loadout.tools.web.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SearchTextTest {

  @Test
  void highlightsAndEntitiesBecomePlainText() {
    assertThat(SearchText.snippet("Use <strong>records</strong> &amp; <em>sealed</em>\n\t types"))
        .isEqualTo("Use records & sealed types");
  }

  @Test
  void escapedMarkupDoesNotComeBackAsTags() {
    assertThat(SearchText.snippet("&lt;script&gt;alert(1)&lt;/script&gt; ok")).isEqualTo("alert(1) ok");
    assertThat(SearchText.snippet("a < b and c > d")).isEqualTo("a < b and c > d");
  }

  @Test
  void longTextIsCutWithAnEllipsis() {
    String cut = SearchText.snippet("word ".repeat(200));

    assertThat(cut).hasSizeLessThanOrEqualTo(SearchText.MAX_SNIPPET_CHARS).endsWith("…");
  }

  @Test
  void nullAndEmptyAreEmpty() {
    assertThat(SearchText.title(null)).isEmpty();
    assertThat(SearchText.title("")).isEmpty();
  }
}
