package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.AttributeKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The prefixes and suffixes a persona adds to the names it writes ("Sir Alice", "Alice-chan"). When a name
 * matches nobody, the {@link TargetResolver} strips one prefix and one suffix, longest first, and tries
 * again, so the model can use the name as the persona wrote it.
 *
 * @param prefixes the prefixes, as written; immutable
 * @param suffixes the suffixes, as written; immutable
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record NameAffixes(List<String> prefixes, List<String> suffixes) {
  /** Where tools find the turn's persona affixes in the {@link dev.loadout.core.TurnContext}. */
  public static final AttributeKey<NameAffixes> ATTRIBUTE = AttributeKey.of("loadout.name-affixes", NameAffixes.class);

  /** No affixes. */
  public static final NameAffixes NONE = new NameAffixes(List.of(), List.of());

  private static final Comparator<String> LONGEST_FIRST = Comparator.comparingInt(String::length).reversed();

  /**
   * Keeps the affixes that are not blank after normalisation, in normalised form, longest first.
   *
   * @throws IllegalArgumentException if a list is null
   */
  public NameAffixes {
    if (prefixes == null || suffixes == null) {
      throw new IllegalArgumentException("prefixes and suffixes must not be null, but were " + prefixes + ", " + suffixes);
    }
    prefixes = normalised(prefixes);
    suffixes = normalised(suffixes);
  }

  private static List<String> normalised(List<String> affixes) {
    List<String> out = new ArrayList<>();
    for (String a : affixes) {
      String n = ParticipantAlias.normalize(a);
      if (!n.isEmpty() && !out.contains(n)) {
        out.add(n);
      }
    }
    out.sort(LONGEST_FIRST);
    return List.copyOf(out);
  }

  /**
   * The normalised name with its longest matching prefix and longest matching suffix removed, or null when
   * neither matched or nothing would be left.
   */
  String strip(String normalized) {
    String s = normalized;
    for (String p : prefixes) {
      if (s.length() > p.length() && s.startsWith(p)) {
        s = s.substring(p.length());
        break;
      }
    }
    for (String x : suffixes) {
      if (s.length() > x.length() && s.endsWith(x)) {
        s = s.substring(0, s.length() - x.length());
        break;
      }
    }
    if (s.equals(normalized)) {
      return null;
    }
    s = ParticipantAlias.normalize(s);
    return s.isEmpty() ? null : s;
  }
}
