package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FetchUrlConfigTest {

  @Test
  void anEmptyEnvironmentGivesTheDefaults() {
    FetchUrlConfig config = FetchUrlConfig.fromEnvironment(Map.of());

    assertThat(config.engineOrder()).isEqualTo("safe_http");
    assertThat(config.maxContentLength()).isEqualTo(50_000);
    assertThat(config.crawl4aiBaseUrl()).isEmpty();
    assertThat(config.crawl4aiApiToken()).isEmpty();
    assertThat(config.cacheMaxChars()).isEqualTo(10_000_000L);
    assertThat(config.cacheTtl()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void theEnvironmentSetsEveryDocumentedVariable() {
    FetchUrlConfig config = FetchUrlConfig.fromEnvironment(Map.of(
        "FETCH_URL_ENGINE_ORDER", "crawl4ai,safe_http",
        "FETCH_URL_MAX_CONTENT_LENGTH", " 1200 ",
        "CRAWL4AI_BASE_URL", "http://crawl4ai.internal:11235/",
        "CRAWL4AI_API_TOKEN", "s3cret",
        "FETCH_URL_CACHE_MAX_CHARS", "0",
        "FETCH_URL_CACHE_TTL", "90s"));

    assertThat(config.engineOrder()).isEqualTo("crawl4ai,safe_http");
    assertThat(config.maxContentLength()).isEqualTo(1200);
    assertThat(config.crawl4aiBaseUrl()).contains("http://crawl4ai.internal:11235");
    assertThat(config.crawl4aiApiToken()).contains("s3cret");
    assertThat(config.toString()).doesNotContain("s3cret");
    assertThat(config.cacheMaxChars()).isZero();
    assertThat(config.cacheTtl()).isEqualTo(Duration.ofSeconds(90));
    assertThat(FetchUrlConfig.fromEnvironment(Map.of("FETCH_URL_CACHE_TTL", "600")).cacheTtl())
        .isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void unusableValuesAreRefusedNamingTheVariable() {
    assertThatThrownBy(() -> FetchUrlConfig.fromEnvironment(Map.of("FETCH_URL_MAX_CONTENT_LENGTH", "lots")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("FETCH_URL_MAX_CONTENT_LENGTH must be a whole number from 1 to 1000000, but was 'lots'");
    assertThatThrownBy(() -> FetchUrlConfig.fromEnvironment(Map.of("CRAWL4AI_BASE_URL", "http://user:pw@host/")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("CRAWL4AI_BASE_URL must be")
        .hasMessageNotContaining("pw");
  }

  @Test
  void settersRefuseBadValuesNamingTheSetting() {
    assertThatThrownBy(() -> FetchUrlConfig.builder().maxContentLength(0))
        .hasMessage("maxContentLength must be from 1 to 1000000, but was 0");
    assertThatThrownBy(() -> FetchUrlConfig.builder().crawl4aiBaseUrl("ftp://host"))
        .hasMessageStartingWith("crawl4aiBaseUrl must be");
    assertThatThrownBy(() -> FetchUrlConfig.builder().crawl4aiApiToken("two words"))
        .hasMessageStartingWith("crawl4aiApiToken must be");
    assertThatThrownBy(() -> FetchUrlConfig.builder().cacheMaxChars(-1))
        .hasMessage("cacheMaxChars must be from 0 to 1000000000, but was -1");
    assertThatThrownBy(() -> FetchUrlConfig.builder().cacheTtl(Duration.ofHours(2)))
        .hasMessage("cacheTtl must be from 1 second to 1 hour, but was PT2H");
    assertThatThrownBy(() -> FetchUrlConfig.fromEnvironment(Map.of("FETCH_URL_CACHE_TTL", "2h")))
        .hasMessageStartingWith("FETCH_URL_CACHE_TTL must be");
  }
}
