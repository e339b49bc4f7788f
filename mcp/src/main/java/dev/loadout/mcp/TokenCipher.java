package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.apiguardian.api.API;

/**
 * Encrypts MCP auth tokens at rest with AES-GCM under keys the host supplies: a fresh random 96-bit nonce per
 * write, a 128-bit tag, and the guild id as associated data (a ciphertext copied to another guild's row does
 * not decrypt). The id of the key is stored beside each ciphertext, so keys can rotate: encrypt with the
 * current key, and keep older keys for reading until every row has been rewritten.
 *
 * <p>Immutable; {@link #toString()} names the key ids only.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class TokenCipher {
  private static final Pattern KEY_ID = Pattern.compile("^[A-Za-z0-9._-]{1,64}$");
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final String currentId;
  private final Map<String, SecretKeySpec> keys;

  private TokenCipher(String currentId, Map<String, SecretKeySpec> keys) {
    this.currentId = currentId;
    this.keys = keys;
  }

  /**
   * A cipher that encrypts with this key.
   *
   * @param keyId the key's id, stored beside each ciphertext: 1 to 64 of {@code A-Z a-z 0-9 . _ -}
   * @param key 16, 24 or 32 bytes (AES-128, -192, -256); copied
   * @throws IllegalArgumentException naming the key id and the length (never the key)
   */
  public static TokenCipher aesGcm(String keyId, byte[] key) {
    Map<String, SecretKeySpec> keys = new LinkedHashMap<>();
    keys.put(checkId(keyId), spec(keyId, key));
    return new TokenCipher(keyId, Map.copyOf(keys));
  }

  /** The same cipher that can also read tokens written under an older key. */
  public TokenCipher withOldKey(String keyId, byte[] key) {
    checkId(keyId);
    if (keys.containsKey(keyId)) {
      throw new IllegalArgumentException("key id [" + keyId + "] is already known to this cipher");
    }
    Map<String, SecretKeySpec> more = new LinkedHashMap<>(keys);
    more.put(keyId, spec(keyId, key));
    return new TokenCipher(currentId, Map.copyOf(more));
  }

  /**
   * The ids of every key this cipher can read with, the current one first.
   *
   * @since 0.1
   */
  public java.util.List<String> keyIds() {
    java.util.List<String> out = new java.util.ArrayList<>();
    out.add(currentId);
    keys.keySet().stream().filter(k -> !k.equals(currentId)).sorted().forEach(out::add);
    return java.util.List.copyOf(out);
  }

  /** The id of the key new tokens are encrypted with. */
  public String currentKeyId() {
    return currentId;
  }

  /** Encrypts a token for a guild's row: base64 of nonce and ciphertext, under {@link #currentKeyId()}. */
  String encrypt(String guildId, String token) {
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.ENCRYPT_MODE, keys.get(currentId), new GCMParameterSpec(TAG_BITS, nonce));
      c.updateAAD(guildId.getBytes(StandardCharsets.UTF_8));
      byte[] sealed = c.doFinal(token.getBytes(StandardCharsets.UTF_8));
      byte[] out = new byte[nonce.length + sealed.length];
      System.arraycopy(nonce, 0, out, 0, nonce.length);
      System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
      return Base64.getEncoder().encodeToString(out);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is required by every Java platform", e);
    }
  }

  /** Decrypts; empty when the key id is unknown or the ciphertext does not authenticate. */
  Optional<String> decrypt(String guildId, String keyId, String sealed) {
    SecretKeySpec key = keys.get(keyId);
    if (key == null || sealed == null) {
      return Optional.empty();
    }
    try {
      byte[] in = Base64.getDecoder().decode(sealed);
      if (in.length <= NONCE_BYTES) {
        return Optional.empty();
      }
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
      c.updateAAD(guildId.getBytes(StandardCharsets.UTF_8));
      return Optional.of(new String(c.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static String checkId(String keyId) {
    if (keyId == null || !KEY_ID.matcher(keyId).matches()) {
      throw new IllegalArgumentException("key id must match " + KEY_ID.pattern() + ", but was [" + keyId + "]");
    }
    return keyId;
  }

  private static SecretKeySpec spec(String keyId, byte[] key) {
    if (key == null || (key.length != 16 && key.length != 24 && key.length != 32)) {
      throw new IllegalArgumentException("key [" + keyId + "] must be 16, 24 or 32 bytes, but had "
          + (key == null ? "none" : key.length));
    }
    return new SecretKeySpec(key.clone(), "AES");
  }

  @Override
  public String toString() {
    return "TokenCipher{current=" + currentId + ", keys=" + keys.keySet() + "}";
  }
}
