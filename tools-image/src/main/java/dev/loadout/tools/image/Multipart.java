package dev.loadout.tools.image;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** A {@code multipart/form-data} body, written once: the OpenAI edits call and ComfyUI's upload share it. */
final class Multipart {
  private final String boundary = "loadout-" + UUID.randomUUID();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  Multipart field(String name, String value) {
    write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n");
    return this;
  }

  Multipart file(String name, String filename, ReferenceImage image) {
    write("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename
        + "\"\r\nContent-Type: " + image.mimeType() + "\r\n\r\n");
    out.writeBytes(image.bytes());
    write("\r\n");
    return this;
  }

  /** The file name extension for an image's mime type, e.g. {@code png}. */
  static String extension(ReferenceImage image) {
    return image.mimeType().startsWith("image/") ? image.mimeType().substring(6).replaceAll("[^a-z0-9]", "") : "bin";
  }

  byte[] body() {
    write("--" + boundary + "--\r\n");
    return out.toByteArray();
  }

  String contentType() {
    return "multipart/form-data; boundary=" + boundary;
  }

  private void write(String s) {
    out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
  }
}
