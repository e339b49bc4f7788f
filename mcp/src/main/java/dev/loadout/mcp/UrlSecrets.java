package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * Which parts of a registration URL are secrets: userinfo ({@code https://user:pass@host}) always, the values of
 * query parameters with these names (ignoring case), and path segments at the {@code {secret}} places of the
 * operator's path templates (such as {@code /mcp/{secret}/sse} for a server that takes its key in the path).
 * A {@link JdbcMcpRegistrationStore} stores a URL with secrets encrypted like a token, and its plain
 * {@code url} column holds the {@linkplain #redact redacted} form; show a registration's URL to anyone only as
 * {@code redact(registration.url())}.
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class UrlSecrets {
  /** What a secret becomes in a redacted URL. */
  public static final String REDACTED = "REDACTED";
  /** The query parameters taken as secrets unless set otherwise. */
  public static final Set<String> DEFAULT_QUERY_PARAMETERS = Set.of("key", "api_key", "apikey", "api-key", "token",
      "access_token", "auth", "auth_token", "secret", "password", "pass", "sig", "signature", "client_secret");

  private final Set<String> queryParameters;
  private final List<List<String>> pathTemplates;

  private UrlSecrets(Set<String> queryParameters, List<List<String>> pathTemplates) {
    this.queryParameters = queryParameters;
    this.pathTemplates = pathTemplates;
  }

  /** Userinfo and the {@link #DEFAULT_QUERY_PARAMETERS}; no path templates. */
  public static UrlSecrets defaults() {
    return new UrlSecrets(lower(DEFAULT_QUERY_PARAMETERS), List.of());
  }

  /** The same with exactly these query parameter names as secrets (userinfo stays secret). */
  public UrlSecrets withQueryParameters(Collection<String> names) {
    if (names == null || names.stream().anyMatch(n -> n == null || n.isBlank())) {
      throw new IllegalArgumentException("query parameter names must not be null or blank, but were " + names);
    }
    return new UrlSecrets(lower(names), pathTemplates);
  }

  /**
   * The same with one more path template: segments separated by {@code /}, {@code {secret}} for a secret
   * segment, {@code *} for any other segment, anything else literal. A URL's path matches when it has as many
   * segments and every literal is equal.
   *
   * @throws IllegalArgumentException if the template does not start with {@code /} or has no {@code {secret}}
   */
  public UrlSecrets withPathTemplate(String template) {
    if (template == null || !template.startsWith("/") || !template.contains("{secret}")) {
      throw new IllegalArgumentException("a path template starts with / and has a {secret} segment, such as "
          + "/mcp/{secret}/sse, but was [" + template + "]");
    }
    List<List<String>> more = new ArrayList<>(pathTemplates);
    more.add(List.of(template.substring(1).split("/", -1)));
    return new UrlSecrets(queryParameters, List.copyOf(more));
  }

  /** Whether the URL holds any secret by these rules (an unparsable URL counts as one: it is never shown). */
  public boolean hasSecrets(String url) {
    return !redact(url).equals(url);
  }

  /**
   * The URL with every secret replaced by {@link #REDACTED}; an unparsable URL becomes {@code REDACTED} whole.
   *
   * @param url a URL; never null
   */
  public String redact(String url) {
    URI u;
    try {
      u = new URI(url);
    } catch (URISyntaxException e) {
      return REDACTED;
    }
    if (u.getRawAuthority() == null) {
      return REDACTED;
    }
    StringBuilder out = new StringBuilder(u.getScheme()).append("://");
    if (u.getRawUserInfo() != null) {
      out.append(REDACTED).append('@');
    }
    out.append(u.getRawAuthority().substring(u.getRawUserInfo() == null ? 0 : u.getRawUserInfo().length() + 1));
    out.append(redactPath(u.getRawPath() == null ? "" : u.getRawPath()));
    if (u.getRawQuery() != null) {
      out.append('?').append(redactQuery(u.getRawQuery()));
    }
    if (u.getRawFragment() != null) {
      out.append('#').append(u.getRawFragment());
    }
    return out.toString();
  }

  private String redactPath(String path) {
    if (path.isEmpty() || pathTemplates.isEmpty()) {
      return path;
    }
    String[] segments = path.substring(1).split("/", -1);
    for (List<String> template : pathTemplates) {
      if (template.size() != segments.length) {
        continue;
      }
      boolean matches = true;
      for (int i = 0; i < segments.length && matches; i++) {
        String t = template.get(i);
        matches = t.equals("{secret}") || t.equals("*") || t.equals(segments[i]);
      }
      if (matches) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
          out.append('/').append(template.get(i).equals("{secret}") ? REDACTED : segments[i]);
        }
        return out.toString();
      }
    }
    return path;
  }

  private String redactQuery(String query) {
    StringBuilder out = new StringBuilder();
    String[] pairs = query.split("&", -1);
    for (int p = 0; p < pairs.length; p++) {
      // By position, not by what was written: an empty first pair ("?&a=1") keeps its separator.
      if (p > 0) {
        out.append('&');
      }
      String pair = pairs[p];
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      out.append(eq >= 0 && queryParameters.contains(name.toLowerCase(Locale.ROOT)) ? name + "=" + REDACTED : pair);
    }
    return out.toString();
  }

  private static Set<String> lower(Collection<String> names) {
    Set<String> out = new TreeSet<>();
    names.forEach(n -> out.add(n.strip().toLowerCase(Locale.ROOT)));
    return Set.copyOf(out);
  }

  @Override
  public String toString() {
    return "UrlSecrets{query=" + new TreeSet<>(queryParameters) + ", paths=" + pathTemplates.size() + "}";
  }
}
