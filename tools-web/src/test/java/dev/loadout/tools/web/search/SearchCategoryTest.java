package dev.loadout.tools.web.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SearchCategoryTest {

  @Test
  void oneVocabularyWithSearxngNamesForTheExtraCategories() {
    assertThat(Arrays.stream(SearchCategory.values()).map(SearchCategory::id))
        .containsExactly("text", "image", "video", "news", "science", "it", "files", "music");
    assertThat(Arrays.stream(SearchCategory.values()).map(SearchCategory::searxngName))
        .containsExactly("general", "images", "videos", "news", "science", "it", "files", "music");
  }

  @Test
  void fromIdTrimsAndIgnoresCaseButKnowsNoAliases() {
    assertThat(SearchCategory.fromId(" Image ")).contains(SearchCategory.IMAGE);
    assertThat(SearchCategory.fromId("papers")).isEmpty();
    assertThat(SearchCategory.fromId("code")).isEmpty();
    assertThat(SearchCategory.fromId(null)).isEmpty();
  }
}
