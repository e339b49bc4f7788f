package dev.loadout.mcp;

import java.util.Optional;

/**
 * The secrets of one registration row, sealed and opened in one place: the auth token, and the URL when
 * {@link UrlSecrets} finds secrets in it (then the row's plain {@code url} column holds the redacted form and
 * {@code url_sealed} the whole URL). Both are sealed under one key, whose id the row keeps in
 * {@code token_key_id}, so a rotation rewrites them together.
 */
final class RowSecrets {
  /** What a row stores. */
  record Sealed(String urlColumn, String urlSealed, String tokenSealed, String keyId) {}

  /** What a row reads as: the URL and token to connect with, or unreadable (fail closed). */
  record Opened(String url, String token, boolean unreadable) {}

  private final TokenCipher cipher;
  private final UrlSecrets urls;

  RowSecrets(TokenCipher cipher, UrlSecrets urls) {
    this.cipher = cipher;
    this.urls = urls;
  }

  Sealed seal(String guildId, String url, String token) {
    boolean secretUrl = urls.hasSecrets(url);
    String urlSealed = secretUrl ? cipher.encrypt(guildId, url) : null;
    String tokenSealed = token == null ? null : cipher.encrypt(guildId, token);
    String keyId = urlSealed != null || tokenSealed != null ? cipher.currentKeyId() : null;
    return new Sealed(secretUrl ? urls.redact(url) : url, urlSealed, tokenSealed, keyId);
  }

  Opened open(String guildId, String keyId, String urlColumn, String urlSealed, String tokenSealed) {
    String url = urlColumn;
    if (urlSealed != null) {
      Optional<String> whole = cipher.decrypt(guildId, keyId, urlSealed);
      if (whole.isEmpty()) {
        return new Opened(shownWhenUnreadable(urlColumn), null, true);
      }
      url = whole.get();
    }
    if (tokenSealed == null) {
      return new Opened(url, null, false);
    }
    Optional<String> token = cipher.decrypt(guildId, keyId, tokenSealed);
    return token.isPresent() ? new Opened(url, token.get(), false) : new Opened(url, null, true);
  }

  /** The redacted form may be longer than a registration URL may be: then only its origin. */
  private static String shownWhenUnreadable(String redacted) {
    return redacted.length() <= RegistrationRules.MAX_URL_CHARS ? redacted : Redaction.origin(redacted);
  }

  TokenCipher cipher() {
    return cipher;
  }
}
