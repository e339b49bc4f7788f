package dev.loadout.core.net;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a request may carry: header names that are HTTP tokens, values and credentials that cannot split a header. */
class SafeHttpRequestTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"!", "~", "X-Api-Key", "a#$%&'*+-.^_`|~0", "Z9"})
  void headerNamesOfTokenCharactersAreAccepted(String name) {
    SafeHttpRequest request = SafeHttpRequest.builder("GET", "https://h/").header(name, "v").build();

    assertThat(request.headers()).extracting(e -> e.getKey()).containsExactly(name);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"", "a b", "a\u007Fb", "a\u0080b", "a\u001Fb", "a:b", "a(b", "a)b", "a<b", "a>b", "a@b", "a,b",
      "a;b", "a\\b", "a\"b", "a/b", "a[b", "a]b", "a?b", "a=b", "a{b", "a}b"})
  void headerNamesWithAnythingElseAreRefused(String name) {
    assertThatThrownBy(() -> SafeHttpRequest.builder("GET", "https://h/").header(name, "v"))
        .hasMessage("header name must be an HTTP token, but was " + name);
  }

  @Test
  void headerValuesMayHoldAnythingButLineBreaksAndNul() {
    assertThat(SafeHttpRequest.builder("GET", "https://h/").header("X", "a b\tc\u00e9").build().headers()).hasSize(1);
    for (String bad : new String[] {"a\rb", "a\nb", "a\u0000b"}) {
      assertThatThrownBy(() -> SafeHttpRequest.builder("GET", "https://h/").header("X", bad))
          .hasMessage("header X must have a value without CR, LF or NUL");
    }
  }

  @Test
  void aCredentialMustBePrintableAsciiWithoutSpacesAndIsNeverEchoed() {
    assertThat(SafeHttpRequest.checkedCredential("API_KEY", null)).isNull();
    assertThat(SafeHttpRequest.checkedCredential("API_KEY", "!abc~")).isEqualTo("!abc~");
    for (String bad : new String[] {"", "   ", "a b", "a\u007Fb", "a\u001Fb", "s\u00e9cret", "a\tb"}) {
      assertThatThrownBy(() -> SafeHttpRequest.checkedCredential("API_KEY", bad)).as("%s", bad)
          .hasMessage("API_KEY must be printable ASCII without spaces");
    }
  }

  @Test
  void theBodyCapMustBePositive() {
    assertThat(SafeHttpRequest.builder("GET", "https://h/").maxBodyBytes(1).build().maxBodyBytes()).isEqualTo(1);
    assertThatThrownBy(() -> SafeHttpRequest.builder("GET", "https://h/").maxBodyBytes(0))
        .hasMessage("maxBodyBytes must be positive, but was 0");
  }

  @Test
  void theDescriptionCountsHeadersAndBodyBytesAndNeverShowsTheUrlOrValues() {
    SafeHttpRequest get = SafeHttpRequest.builder("get", "https://h/?token=s3cret").header("Authorization", "Bearer x").build();
    SafeHttpRequest post = SafeHttpRequest.builder("POST", "https://h/").body("abc".getBytes(UTF_8), "text/plain").build();

    assertThat(get).hasToString("SafeHttpRequest{GET, headers=1}");
    assertThat(post).hasToString("SafeHttpRequest{POST, headers=0, body=3 bytes}");
  }
}
