package dev.loadout.core.net;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hc.core5.http.Header;

/** Response headers as an immutable map of lower-case names to values in arrival order. */
final class Headers {
  private Headers() {}

  static Map<String, List<String>> of(Header[] headers) {
    Map<String, List<String>> map = new LinkedHashMap<>();
    for (Header h : headers) {
      map.computeIfAbsent(h.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>(1)).add(h.getValue());
    }
    map.replaceAll((k, v) -> List.copyOf(v));
    return Collections.unmodifiableMap(map);
  }
}
