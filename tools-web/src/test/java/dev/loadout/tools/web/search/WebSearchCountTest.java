package dev.loadout.tools.web.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

class WebSearchCountTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @ParameterizedTest(name = "count {0} for {1} is {2}")
  @CsvSource({
      "null, text, 5", "null, image, 5", "1, text, 1", "3.99, text, 3", "20, text, 20", "21, text, 20",
      "1e9, news, 20", "10, image, 10", "11.5, image, 10", "0, text, 5", "0.5, text, 5", "-4, video, 5"})
  void countIsFlooredAndBoundedWithADefault(String count, String category, int expected) {
    SearchCategory c = SearchCategory.fromId(category).orElseThrow();

    assertThat(WebSearchTool.count(JSON.readTree(count), c)).isEqualTo(expected);
  }
}
