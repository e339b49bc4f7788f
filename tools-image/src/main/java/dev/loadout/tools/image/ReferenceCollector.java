package dev.loadout.tools.image;

import static dev.loadout.tools.image.GenerateImageTool.AVATAR_NOT_FOUND;
import static dev.loadout.tools.image.GenerateImageTool.MEDIA_NOT_FOUND;
import static dev.loadout.tools.image.GenerateImageTool.REFERENCE_COUNT_EXCEEDED;
import static dev.loadout.tools.image.GenerateImageTool.REFERENCE_DOWNLOAD_FAILED;
import static dev.loadout.tools.image.GenerateImageTool.REFERENCE_TOO_LARGE;
import static dev.loadout.tools.image.GenerateImageTool.REFERENCE_TOTAL_TOO_LARGE;
import static dev.loadout.tools.image.GenerateImageTool.REFERENCE_URL_REFUSED;
import static dev.loadout.tools.image.GenerateImageTool.TARGET_AMBIGUOUS;
import static dev.loadout.tools.image.GenerateImageTool.TARGET_NOT_FOUND;

import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import dev.loadout.core.participants.AliasPurpose;
import dev.loadout.core.participants.TargetResolution;
import dev.loadout.core.participants.TargetResolver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a call's {@code media_id}, {@code target_identity} and {@code mask_media_id} into image bytes, in
 * this order of checks so nothing is fetched that a limit would refuse: the count first, then names to
 * participants, then the host's look-ups, then each image's bytes (a URL downloaded through the guard, the
 * download capped at what the limits still allow).
 */
final class ReferenceCollector {
  /** What a call references: the primary image, further ones, the mask, and who the avatars belong to. */
  record References(Optional<ReferenceImage> primary, List<ReferenceImage> additional, Optional<ReferenceImage> mask,
      int messageImages, List<String> avatarOwners) {}

  /** A call's references, or why they cannot be used. */
  record Outcome(References references, ToolResult failure) {
    static Outcome failed(String code, String message, boolean retryable) {
      return new Outcome(null, ToolResult.failure(code, message, retryable));
    }
  }

  private final ReferenceImageResolver media;
  private final AvatarResolver avatars;
  private final TargetResolver targets;
  private final SafeHttpClient client;
  private final ReferenceLimits limits;

  ReferenceCollector(ReferenceImageResolver media, AvatarResolver avatars, TargetResolver targets, SafeHttpClient client,
      ReferenceLimits limits) {
    this.media = media;
    this.avatars = avatars;
    this.targets = targets;
    this.client = client;
    this.limits = limits;
  }

  Outcome collect(Optional<String> mediaId, List<String> targetNames, Optional<String> maskId, TurnContext context) {
    int count = (mediaId.isPresent() ? 1 : 0) + targetNames.size();
    if (count > limits.maxCount()) {
      return Outcome.failed(REFERENCE_COUNT_EXCEEDED, "At most " + limits.maxCount() + " reference images may be used in one"
          + " call, but " + count + " were given", false);
    }
    Map<String, ReferenceMedia> sources = new LinkedHashMap<>();
    if (mediaId.isPresent()) {
      Optional<ReferenceMedia> m = media.resolve(mediaId.get(), context);
      if (m == null || m.isEmpty()) {
        return Outcome.failed(MEDIA_NOT_FOUND, "No image with media id " + mediaId.get() + " in this conversation", false);
      }
      sources.put("media " + mediaId.get(), m.get());
    }
    List<String> owners = new ArrayList<>();
    for (String name : targetNames) {
      TargetResolution r = targets.resolve(context, name, AliasPurpose.TOOL_TARGET);
      if (r instanceof TargetResolution.Ambiguous a) {
        List<String> labels = a.candidates().stream().map(TargetResolution.Candidate::label).toList();
        return Outcome.failed(TARGET_AMBIGUOUS, "Several participants match \"" + name + "\": " + String.join(", ", labels)
            + ". Name one of them exactly", false);
      }
      if (!(r instanceof TargetResolution.Resolved resolved)) {
        return Outcome.failed(TARGET_NOT_FOUND, "No participant matches \"" + name + "\" in this conversation", false);
      }
      Optional<ReferenceMedia> avatar = avatars.avatar(resolved.target(), context);
      if (avatar == null || avatar.isEmpty()) {
        return Outcome.failed(AVATAR_NOT_FOUND, resolved.label() + " has no avatar to use as a reference", false);
      }
      if (sources.putIfAbsent("avatar " + resolved.target().serialised(), avatar.get()) == null) {
        owners.add(resolved.label());
      }
    }
    Optional<ReferenceMedia> maskSource = Optional.empty();
    if (maskId.isPresent()) {
      maskSource = media.resolve(maskId.get(), context);
      if (maskSource == null || maskSource.isEmpty()) {
        return Outcome.failed(MEDIA_NOT_FOUND, "No image with media id " + maskId.get() + " in this conversation", false);
      }
    }
    List<ReferenceImage> images = new ArrayList<>();
    long[] used = {0};
    int n = 0;
    List<ReferenceMedia> all = new ArrayList<>(sources.values());
    maskSource.ifPresent(all::add);
    for (ReferenceMedia source : all) {
      n++;
      Outcome failure = fetch(source, n, used, images);
      if (failure != null) {
        return failure;
      }
    }
    Optional<ReferenceImage> mask = maskSource.isPresent() ? Optional.of(images.remove(images.size() - 1)) : Optional.empty();
    Optional<ReferenceImage> primary = images.isEmpty() ? Optional.empty() : Optional.of(images.get(0));
    List<ReferenceImage> additional = images.size() > 1 ? List.copyOf(images.subList(1, images.size())) : List.of();
    return new Outcome(new References(primary, additional, mask, mediaId.isPresent() ? 1 : 0, List.copyOf(owners)), null);
  }

  /** Adds one image's bytes within the limits, or returns the failure. */
  private Outcome fetch(ReferenceMedia source, int n, long[] used, List<ReferenceImage> into) {
    long room = limits.maxTotalBytes() - used[0];
    long cap = Math.min(limits.maxSingleBytes(), room);
    ReferenceImage image;
    if (source instanceof ReferenceImage bytes) {
      image = bytes;
    } else {
      String url = ((ReferenceMedia.Link) source).url();
      if (client == null) {
        return Outcome.failed(REFERENCE_DOWNLOAD_FAILED, "Reference image " + n + " is a URL, and no HTTP client is configured"
            + " to download it", false);
      }
      try {
        // One byte over the cap is enough to know it is too large; rejectOversizedBody stops there.
        SafeHttpResponse response = client.send(SafeHttpRequest.builder("GET", url).maxBodyBytes(Math.max(1, cap))
            .rejectOversizedBody(true).build());
        Optional<String> type = ImageHttp.imageType(response);
        if (response.status() != 200 || type.isEmpty()) {
          return Outcome.failed(REFERENCE_DOWNLOAD_FAILED, "Could not download reference image " + n + " (HTTP "
              + response.status() + (type.isEmpty() ? ", not an image" : "") + ")", response.status() >= 500);
        }
        image = new ReferenceImage(response.body(), type.get());
      } catch (SafeHttpException e) {
        if (e.code().equals(SafeHttpException.BODY_TOO_LARGE)) {
          return tooLarge(cap == limits.maxSingleBytes());
        }
        if (e.code().equals(SafeHttpException.URL_REFUSED)) {
          return Outcome.failed(REFERENCE_URL_REFUSED, "Reference image " + n + "'s address is not allowed by the network"
              + " policy (" + e.verdict().map(v -> v.code()).orElse("refused") + ")", false);
        }
        return Outcome.failed(REFERENCE_DOWNLOAD_FAILED, "Could not download reference image " + n + " (" + e.code() + ")",
            e.retryable());
      } catch (IllegalArgumentException e) {
        return Outcome.failed(REFERENCE_DOWNLOAD_FAILED, "Reference image " + n + " has an invalid URL", false);
      }
    }
    long size = image.bytes().length;
    if (size > limits.maxSingleBytes()) {
      return tooLarge(true);
    }
    if (size > room) {
      return tooLarge(false);
    }
    used[0] += size;
    into.add(image);
    return null;
  }

  private Outcome tooLarge(boolean single) {
    return single
        ? Outcome.failed(REFERENCE_TOO_LARGE, "Reference images may be at most " + limits.maxSingleBytes() + " bytes each", false)
        : Outcome.failed(REFERENCE_TOTAL_TOO_LARGE, "Reference images may be at most " + limits.maxTotalBytes()
            + " bytes together", false);
  }

  /** {@code target_identity} as a list: an array or one string, entries trimmed, blanks dropped, duplicates (any case) once. */
  static List<String> names(tools.jackson.databind.JsonNode value) {
    List<String> out = new ArrayList<>();
    if (value == null) {
      return out;
    }
    List<tools.jackson.databind.JsonNode> items = new ArrayList<>();
    if (value.isArray()) {
      value.forEach(items::add);
    } else {
      items.add(value);
    }
    List<String> seen = new ArrayList<>();
    for (tools.jackson.databind.JsonNode item : items) {
      if (item.isString() && !item.stringValue().isBlank()) {
        String name = item.stringValue().trim();
        String key = name.toLowerCase(Locale.ROOT);
        if (!seen.contains(key)) {
          seen.add(key);
          out.add(name);
        }
      }
    }
    return out;
  }
}
