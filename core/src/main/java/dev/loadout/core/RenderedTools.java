package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;

/**
 * The visible tools of a turn in one provider's format: the value of the request's {@code tools} field,
 * as UTF-8 JSON bytes. The same tools and variants always give byte-identical output, which keeps the
 * provider's prompt cache warm.
 *
 * <p>Immutable and shared between turns with the same tools; every accessor copies or streams.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class RenderedTools {
  private final Dialect dialect;
  private final byte[] bytes;

  RenderedTools(Dialect dialect, byte[] bytes) {
    this.dialect = dialect;
    this.bytes = bytes;
  }

  /** The dialect these tools are rendered in. */
  public Dialect dialect() {
    return dialect;
  }

  /** The JSON as a string. */
  public String json() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** A copy of the UTF-8 bytes. */
  public byte[] bytes() {
    return bytes.clone();
  }

  /** The size in bytes. */
  public int size() {
    return bytes.length;
  }

  /** Writes the bytes without copying them. */
  public void writeTo(OutputStream out) throws IOException {
    out.write(bytes);
  }

  /** A fresh, caller-owned JSON tree, for hosts that build requests as trees. */
  public JsonNode toJsonNode() {
    return Json.MAPPER.readTree(bytes);
  }

  byte[] rawBytes() {
    return bytes;
  }

  @Override
  public String toString() {
    return "RenderedTools{" + dialect + ", " + bytes.length + " bytes}";
  }
}
