package dev.loadout.mcp;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How to start a stdio MCP server: a program (found on the child's {@code PATH}; no shell is involved, so no
 * quoting, globbing or {@code &&}), its arguments, the environment variables the host adds, and an optional
 * working directory ({@code null}: the bot's own). The values are host configuration, never a guild admin's.
 *
 * <p>The child's environment is {@link #environment(Map, boolean) built} from a short fixed list of inherited
 * variables plus {@link #env()}, never a copy of the bot's whole environment: a bot's environment holds its
 * database password, its bot token and its LLM API keys, and a stdio server is often an arbitrary package that
 * {@code npx} fetched. {@link #toString()} names the program, the argument count and the variable names only:
 * arguments ({@code --token=…}) and values may be secrets.
 */
record StdioCommand(String command, List<String> args, Map<String, String> env, Path directory) {
  /**
   * What a program needs to start and behave on POSIX: where programs and home are, who runs it, the locale,
   * the terminal type, the temporary folder and the time zone. No proxy variables: a proxy URL may carry
   * credentials; a host that needs one adds it to {@link #env()}.
   */
  static final List<String> INHERITED_POSIX = List.of("PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "LANG",
      "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ");
  /**
   * The same on Windows, where a process without {@code SystemRoot} cannot even load its sockets library and
   * {@code npx} needs {@code APPDATA} for its cache and {@code PATHEXT} to find {@code npx.cmd}.
   */
  static final List<String> INHERITED_WINDOWS = List.of("PATH", "PATHEXT", "SystemRoot", "SystemDrive", "windir",
      "ComSpec", "APPDATA", "LOCALAPPDATA", "USERPROFILE", "HOMEDRIVE", "HOMEPATH", "USERNAME", "TEMP", "TMP",
      "PROCESSOR_ARCHITECTURE", "NUMBER_OF_PROCESSORS", "OS");

  StdioCommand {
    if (command == null || command.isBlank()) {
      throw new IllegalArgumentException("stdio command must not be blank, got "
          + (command == null ? "null" : "'" + command + "'"));
    }
    if (!command.equals(command.strip())) {
      throw new IllegalArgumentException("stdio command must not start or end with whitespace, got '" + command + "'");
    }
    if (command.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException("stdio command must not contain control characters (NUL, newline, …)");
    }
    if (args == null) {
      throw new IllegalArgumentException("stdio args must not be null (use an empty list)");
    }
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a == null) {
        throw new IllegalArgumentException("stdio argument " + i + " is null");
      }
      if (a.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("stdio argument " + i + " contains a NUL character");
      }
    }
    if (env == null) {
      throw new IllegalArgumentException("stdio env must not be null (use an empty map)");
    }
    for (Map.Entry<String, String> e : env.entrySet()) {
      checkVariable(e.getKey(), e.getValue());
    }
    args = List.copyOf(args);
    env = Map.copyOf(env);
  }

  /** A command with no arguments, additions or working directory. */
  static StdioCommand of(String command, String... args) {
    return new StdioCommand(command, List.of(args), Map.of(), null);
  }

  /** Names the variable, never its value: the message may reach a log. */
  private static void checkVariable(String name, String value) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("stdio env variable names must not be empty");
    }
    if (name.indexOf('=') >= 0 || name.chars().anyMatch(Character::isISOControl) || !name.equals(name.strip())) {
      throw new IllegalArgumentException("stdio env variable name '" + name.replaceAll("\\p{Cntrl}", "?")
          + "' must not contain '=', whitespace at its ends or control characters");
    }
    if (value == null) {
      throw new IllegalArgumentException("stdio env variable '" + name + "' has a null value");
    }
    if (value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("stdio env variable '" + name + "' has a value with a NUL character");
    }
  }

  /**
   * The child's whole environment: the inherited names found in {@code parent}, then {@link #env()}, which
   * wins. On Windows names match without regard to case, as Windows itself does.
   */
  Map<String, String> environment(Map<String, String> parent, boolean windows) {
    List<String> inherited = windows ? INHERITED_WINDOWS : INHERITED_POSIX;
    Map<String, String> child = windows ? new TreeMap<>(String.CASE_INSENSITIVE_ORDER) : new HashMap<>();
    for (Map.Entry<String, String> e : parent.entrySet()) {
      for (String name : inherited) {
        if (windows ? name.equalsIgnoreCase(e.getKey()) : name.equals(e.getKey())) {
          child.put(e.getKey(), e.getValue());
        }
      }
    }
    child.putAll(env);
    return child;
  }

  /** Whether this JVM runs on Windows, where the inherited list and name matching differ. */
  static boolean windows() {
    return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
  }

  /** The program and its arguments, as {@link ProcessBuilder} takes them. */
  List<String> commandLine() {
    List<String> line = new java.util.ArrayList<>(args.size() + 1);
    line.add(command);
    line.addAll(args);
    return line;
  }

  @Override
  public String toString() {
    return "StdioCommand{" + command + ", " + args.size() + " args, env " + new TreeMap<>(env).keySet()
        + (directory == null ? "" : ", in " + directory) + "}";
  }
}
