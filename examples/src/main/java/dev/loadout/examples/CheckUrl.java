package dev.loadout.examples;

import dev.loadout.core.Environment;
import dev.loadout.core.net.HostResolver;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.UrlVerdict;
import java.io.PrintStream;
import java.net.IDN;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code loadout check-url}: answers "why won't my bot read this page?" by printing the network guard's
 * verdict, code and reason for a URL, exactly as {@code fetch_url} would decide, without fetching anything.
 *
 * <pre>
 * check-url [--production|--development] [--allow-private] [--resolve host=ip[,ip]]… URL
 * </pre>
 *
 * <p>Without {@code --production} or {@code --development} the policy comes from the environment
 * ({@code RUN_ENV}, {@code FETCH_URL_ALLOW_PRIVATE_NETWORK}), as the bot's would. {@code --resolve} answers
 * for a host instead of DNS (repeatable; addresses must be IP literals). Exit status: 0 allowed, 1 refused,
 * 2 usage error.
 */
public final class CheckUrl {
  static final String USAGE = "usage: check-url [--production|--development] [--allow-private] "
      + "[--resolve host=ip[,ip]]... URL";

  private CheckUrl() {}

  /** Runs the command with the process environment and the JVM's resolver for names not given by --resolve. */
  public static void main(String[] args) {
    int status = run(args, System.getenv(), HostResolver.system(), System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /**
   * Runs the command.
   *
   * @param env the environment the policy is read from when no mode is given
   * @param dns the resolver for names that {@code --resolve} does not answer
   * @return the exit status: 0 allowed, 1 refused, 2 usage error
   */
  static int run(String[] args, Map<String, String> env, HostResolver dns, PrintStream out, PrintStream err) {
    String mode = null;
    boolean allowPrivate = false;
    Map<String, List<InetAddress>> resolve = new HashMap<>();
    String url = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--production":
        case "--development":
          if (mode != null && !mode.equals(arg)) {
            return usage(err, "--production and --development exclude each other");
          }
          mode = arg;
          break;
        case "--allow-private":
          allowPrivate = true;
          break;
        case "--resolve":
          if (i + 1 >= args.length) {
            return usage(err, "--resolve needs host=ip[,ip]");
          }
          String problem = addResolve(args[++i], resolve);
          if (problem != null) {
            return usage(err, problem);
          }
          break;
        case "-h":
        case "--help":
          out.println(USAGE);
          return 0;
        default:
          if (arg.startsWith("--resolve=")) {
            String p = addResolve(arg.substring("--resolve=".length()), resolve);
            if (p != null) {
              return usage(err, p);
            }
          } else if (arg.startsWith("--")) {
            return usage(err, "unknown option " + arg);
          } else if (url != null) {
            return usage(err, "give exactly one URL");
          } else {
            url = arg;
          }
      }
    }
    if (url == null) {
      return usage(err, "give the URL to check");
    }
    NetworkPolicy policy;
    String source;
    if ("--production".equals(mode)) {
      policy = NetworkPolicy.production();
      source = "production (--production)";
    } else if ("--development".equals(mode)) {
      policy = NetworkPolicy.development();
      source = "development (--development)";
    } else {
      try {
        policy = NetworkPolicy.fromEnvironment(env);
      } catch (IllegalArgumentException e) {
        return usage(err, e.getMessage());
      }
      Environment chosen = Environment.fromVariables(env);
      source = chosen.name().toLowerCase(Locale.ROOT) + " (" + Environment.explain(env) + ")";
    }
    if (allowPrivate) {
      policy = policy.toBuilder().allowPrivateNetworks(true).build();
      source += " with --allow-private";
    }
    HostResolver resolver = host -> {
      List<InetAddress> given = resolve.get(host);
      return given != null ? given : dns.resolve(host);
    };
    UrlVerdict verdict = NetworkGuard.of(policy, resolver).check(url);
    out.println("verdict: " + (verdict.allowed() ? "allowed" : "refused"));
    out.println("code: " + verdict.code());
    out.println("reason: " + verdict.reason());
    if (verdict.allowed()) {
      out.println("addresses: " + verdict.addresses().stream().map(InetAddress::getHostAddress).collect(Collectors.joining(", ")));
    }
    out.println("policy: " + source + ", private networks " + (policy.allowPrivateNetworks() ? "allowed" : "blocked"));
    return verdict.allowed() ? 0 : 1;
  }

  private static String addResolve(String spec, Map<String, List<InetAddress>> resolve) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      return "--resolve needs host=ip[,ip], but was '" + spec + "'";
    }
    String host;
    try {
      host = IDN.toASCII(spec.substring(0, eq)).toLowerCase(Locale.ROOT);
    } catch (IllegalArgumentException e) {
      return "--resolve host is not a valid name: '" + spec.substring(0, eq) + "'";
    }
    if (host.endsWith(".")) {
      host = host.substring(0, host.length() - 1);
    }
    List<InetAddress> addresses = new ArrayList<>();
    for (String ip : spec.substring(eq + 1).split(",")) {
      InetAddress address = literal(ip.trim());
      if (address == null) {
        return "--resolve address must be an IPv4 or IPv6 literal, but was '" + ip + "'";
      }
      addresses.add(address);
    }
    resolve.put(host, List.copyOf(addresses));
    return null;
  }

  /** Parses an IP literal without ever consulting DNS, or returns null. */
  private static InetAddress literal(String text) {
    boolean v4 = text.matches("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    boolean v6 = text.indexOf(':') >= 0 && text.matches("[0-9A-Fa-f:.]+");
    if (!v4 && !v6) {
      return null;
    }
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      return null;
    }
  }

  private static int usage(PrintStream err, String problem) {
    err.println("check-url: " + problem);
    err.println(USAGE);
    return 2;
  }
}
