package dev.loadout.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The one boundary backend calls cross: every pinned-client failure and every status has one shared code. */
class BackendsTest {
  private static final BackendException.Factory<BackendException> PLAIN = BackendException::new;

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "url_refused, upstream_refused, false",
      "connect_timeout, timeout, true",
      "read_timeout, timeout, true",
      "deadline_exceeded, timeout, true",
      "body_too_large, bad_upstream_response, false",
      "headers_too_large, bad_upstream_response, false",
      "protocol_error, bad_upstream_response, false",
      "too_many_redirects, bad_upstream_response, false",
      "bad_redirect, bad_upstream_response, false",
      "connection_failed, upstream_unreachable, true",
      "connection_closed, upstream_unreachable, true",
      "tls_failure, upstream_unreachable, false",
      "cancelled, upstream_unreachable, false"})
  void everyPinnedClientFailureHasOneSharedCode(String clientCode, String code, boolean retryable) {
    BackendException e = Backends.classify(new SafeHttpException(clientCode, "detail with https://user:pw@x/ inside",
        null, null), "SearXNG", PLAIN);

    assertThat(e.code()).isEqualTo(code);
    assertThat(e.retryable()).isEqualTo(retryable);
    assertThat(e.getMessage()).startsWith("SearXNG").doesNotContain("pw@").doesNotContain("https://");
  }

  @Test
  void theRefusalNamesTheVerdictsCodeAndEveryCodeIsADeclaredOne() {
    SafeHttpException refused = new SafeHttpException(SafeHttpException.URL_REFUSED, "m",
        UrlVerdict.refused(UrlVerdict.CREDENTIALS_IN_URL, "credentials", null), null);

    assertThat(Backends.classify(refused, "The image backend", PLAIN).getMessage())
        .isEqualTo("The image backend's address is not allowed by the network policy (credentials_in_url).");
  }

  static SafeHttpResponse response(int status, String body, boolean truncated) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return new SafeHttpResponse(status, Map.<String, List<String>>of(), null, 0, bytes, bytes.length, truncated, null);
  }

  @ParameterizedTest(name = "HTTP {0} -> {1}")
  @CsvSource({
      "401, upstream_auth_failed, false",
      "403, upstream_auth_failed, false",
      "429, rate_limited, true",
      "404, upstream_status, false",
      "499, upstream_status, false",
      "500, upstream_status, true",
      "199, upstream_status, false",
      "503, upstream_status, true",
      "302, upstream_status, false"})
  void everyErrorStatusHasOneSharedCode(int status, String code, boolean retryable) {
    assertThatThrownBy(() -> Backends.ok(response(status, "{}", false), "Brave", PLAIN))
        .isInstanceOfSatisfying(BackendException.class, e -> {
          assertThat(e.code()).isEqualTo(code);
          assertThat(e.retryable()).isEqualTo(retryable);
          assertThat(e.getMessage()).contains("HTTP " + status);
        });
  }

  @Test
  void aWholeTwoHundredPassesAndACutOneDoesNot() throws BackendException {
    SafeHttpResponse fine = response(204, "", false);

    assertThat(Backends.ok(fine, "x", PLAIN)).isSameAs(fine);
    SafeHttpResponse lastOfTheRange = response(299, "{}", false);
    assertThat(Backends.ok(lastOfTheRange, "x", PLAIN)).as("every 2xx is an answer").isSameAs(lastOfTheRange);
    assertThatThrownBy(() -> Backends.ok(response(200, "{\"a\":", true), "x", PLAIN))
        .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code())
            .isEqualTo(BackendException.BAD_UPSTREAM_RESPONSE));
  }

  @Test
  void onlyAJsonObjectIsAnAnswer() throws BackendException {
    assertThat(Backends.jsonObject(response(200, "{\"ok\":true}", false), "x", PLAIN).get("ok").booleanValue()).isTrue();
    for (String body : List.of("[1,2]", "\"text\"", "<html>", "", "{\"a\":")) {
      assertThatThrownBy(() -> Backends.jsonObject(response(200, body, false), "x", PLAIN)).as(body)
          .isInstanceOfSatisfying(BackendException.class, e -> assertThat(e.code())
              .isEqualTo(BackendException.BAD_UPSTREAM_RESPONSE));
    }
  }

  @Test
  void aModulesOwnExceptionTypeComesOutOfTheSameClassification() {
    final class SearchFailure extends BackendException {
      SearchFailure(String code, String message, boolean retryable) {
        super(code, message, retryable);
      }
    }
    SearchFailure f = Backends.classify(new SafeHttpException(SafeHttpException.READ_TIMEOUT, "m", null, null), "Brave",
        SearchFailure::new);

    assertThat(f).isInstanceOf(SearchFailure.class);
    assertThat(f.code()).isEqualTo(BackendException.TIMEOUT);
  }

  @Test
  void baseUrlsFollowOneRuleAndNeverEchoWhatMayHoldAKey() {
    assertThat(Backends.baseUrl("SEARXNG_URL", "https://search.example/searxng/")).isEqualTo(
        "https://search.example/searxng");
    assertThat(Backends.baseUrl("SEARXNG_URL", " http://127.0.0.1:8080 ")).isEqualTo("http://127.0.0.1:8080");

    assertThatThrownBy(() -> Backends.baseUrl("SEARXNG_URL", "https://admin:hunter2@search.example"))
        .hasMessageContaining("SEARXNG_URL").hasMessageContaining("credentials").hasMessageNotContaining("hunter2");
    assertThatThrownBy(() -> Backends.baseUrl("IMAGE_URL", "https://img.example/v1?key=sk-secret"))
        .hasMessageContaining("IMAGE_URL").hasMessageNotContaining("sk-secret");
    assertThatThrownBy(() -> Backends.baseUrl("IMAGE_URL", "ftp://img.example")).hasMessageContaining("'ftp'")
        .hasMessageNotContaining("no host");
    assertThatThrownBy(() -> Backends.baseUrl("IMAGE_URL", "https:/img.example/v1")).hasMessageContaining("'https'")
        .hasMessageContaining("and it has no host");
    assertThatThrownBy(() -> Backends.baseUrl("IMAGE_URL", "img.example")).hasMessageContaining("absolute");
    assertThatThrownBy(() -> Backends.baseUrl("IMAGE_URL", null)).hasMessageContaining("null");
    assertThatThrownBy(() -> Backends.baseUrl("IMAGE_URL", "  ")).hasMessageContaining("blank");
    assertThatThrownBy(() -> Backends.baseUrl("IMAGE_URL", "http://[bad")).hasMessageContaining("could not be read");
  }

  @Test
  void credentialsAreAbsentOrOneCleanLine() {
    assertThat(Backends.credential("API_KEY", null)).isNull();
    assertThat(Backends.credential("API_KEY", " sk-abc ")).isEqualTo("sk-abc");
    // A space inside is a character of the key, not a control character (some schemes put one in: "Bearer …").
    assertThat(Backends.credential("API_KEY", "Bearer sk-abc")).isEqualTo("Bearer sk-abc");
    assertThatThrownBy(() -> Backends.credential("API_KEY", "sk\u007fabc")).hasMessageContaining("control characters");
    assertThatThrownBy(() -> Backends.credential("API_KEY", " ")).hasMessageContaining("API_KEY")
        .hasMessageContaining("blank");
    assertThatThrownBy(() -> Backends.credential("API_KEY", "sk-abc\r\nX-Evil: 1")).hasMessageContaining("line breaks")
        .hasMessageNotContaining("sk-abc");
  }

  @Test
  void aCodeMustBeLowerSnakeCaseAndAMessageSomething() {
    assertThatThrownBy(() -> new BackendException("Timeout!", "m", true)).hasMessageContaining("lower_snake_case");
    assertThatThrownBy(() -> new BackendException("timeout", " ", true)).hasMessageContaining("must not be blank");
  }
}
