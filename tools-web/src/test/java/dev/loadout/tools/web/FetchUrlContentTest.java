package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Turning a body into the text {@code fetch_url} shows, under the call's remaining time. */
final class FetchUrlContentTest {
  private static final byte[] PAGE = ("<html><head><title>T</title></head><body><article><p>A paragraph, with "
      + "commas, long enough to read as the article of this small page.</p></article></body></html>")
      .getBytes(StandardCharsets.UTF_8);

  @Test
  void htmlBecomesMarkdownWithinTheCallsTime() throws FetchUrlFailure {
    FetchUrlContent.Text text = FetchUrlContent.read(PAGE, "text/html", false, "https://example.com/",
        Duration.ofMinutes(1));
    assertThat(text.mediaType()).isEqualTo("text/html");
    assertThat(text.text()).startsWith("# T").contains("A paragraph, with commas");
  }

  @Test
  void aConversionWhoseTimeIsUpFailsWithTimeoutRatherThanWorkingOn() {
    FetchUrlFailure failure = catchThrowableOfType(FetchUrlFailure.class,
        () -> FetchUrlContent.read(PAGE, "text/html", false, "https://example.com/", Duration.ZERO));
    assertThat(failure.failure().code()).isEqualTo(FetchUrlTool.TIMEOUT);
    assertThat(failure.failure().retryable()).isTrue();
  }

  @Test
  void rawHtmlNeedsNoConversionTime() throws FetchUrlFailure {
    FetchUrlContent.Text text = FetchUrlContent.read(PAGE, "text/html", true, "https://example.com/", Duration.ZERO);
    assertThat(text.text()).isEqualTo(new String(PAGE, StandardCharsets.UTF_8));
  }
}
