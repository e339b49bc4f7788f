package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FetchUrlWindowTest {

  @Test
  void aWindowNeverSplitsASurrogatePair() {
    String content = "ab\uD83E\uDDA6cd"; // the otter emoji sits at 2..3

    FetchUrlWindow window = FetchUrlWindow.of(content, 0, 3);

    assertThat(window.text()).startsWith("ab\n\n[Content truncated. Continue reading from character offset 2 with start_index=2.]");
    assertThat(window.nextIndex()).isEqualTo(2);
    assertThat(FetchUrlWindow.of(content, 2, 3).text()).startsWith("\uD83E\uDDA6c\n\n");
  }

  @Test
  void aHugeStartPlusMaxDoesNotOverflow() {
    FetchUrlWindow window = FetchUrlWindow.of("abc", 1, Integer.MAX_VALUE);

    assertThat(window.text()).isEqualTo("bc");
    assertThat(window.nextIndex()).isEqualTo(-1);
  }

  @Test
  void anEmptyPageWinsOverAStartBeyondTheEnd() {
    assertThat(FetchUrlWindow.of("", 10, 5).text()).isEqualTo("[The page returned no readable content.]");
  }
}
