package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.UrlVerdict;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

// Over 400 lines on purpose: the public write API of registrations, four operations whose ordered checks are the
// contract (a quarter of the file is their Javadoc); the rules live in RegistrationRules, storage behind the store.
/**
 * The only way guild MCP registrations are written: {@link #add}, {@link #setEnabled}, {@link #setToolSelection}
 * and {@link #remove}.
 * Each returns a {@link ConfigOutcome} and never throws for bad input or a failing database.
 * Get one from {@link GuildMcpManager#configOperations()}.
 *
 * <p><b>{@code add}</b> checks in this order, and stops at the first failure, so no connection is attempted
 * before the cheap checks pass: input rules ({@code invalid_input}, {@code invalid_type}) → a fresh read of
 * the guild ({@code unavailable}) → the per-guild limit ({@code limit_reached}) → the URL through the
 * {@link NetworkGuard} ({@code invalid_url} for a malformed URL, {@code blocked_address} for a private, internal
 * or reserved address, {@code unreachable} for a name that does not resolve), and HTTPS where required
 * ({@code https_required}) → a test connection that lists tools ({@code unreachable}, {@code unauthorized},
 * {@code not_an_mcp_server}, or {@code connection_failed}, each with a sanitised reason) → the insert, with the
 * normalised tool-name snapshot
 * ({@code duplicate_or_write_failed}, or {@code limit_reached} when other adds filled the guild meanwhile: the
 * store checks the limit again atomically with the insert, so concurrent adds from any number of processes
 * never pass it). The snapshot is what the server offers, not filtered by the registration's
 * {@link ToolSelection}, so an administrator can see what a selection hides and change it without reconnecting.
 *
 * <p>Messages are for a guild's administrator: they name no operator setting or environment variable (the
 * operator's side of a refusal goes to the log), and never a token or a full URL.
 *
 * <p><b>Input rules.</b> The name is trimmed and whitespace runs become {@code -}; it must then match
 * {@code ^[a-zA-Z0-9][a-zA-Z0-9-]{0,31}$}. URL and token are trimmed and at most 500 characters each (a
 * blank token means none). The type: empty, {@code none} and {@code general} mean general.
 *
 * <p><b>{@code retryNow}</b> is the operator's way out of a quarantine: it forgets the server's quarantine and
 * its back-off and connects at once (waiting at most the connect timeout), instead of waiting for the next
 * background retry. A server that still fails stays quarantined, starting again at the first cooldown.
 *
 * <p><b>{@code setEnabled} and {@code remove}</b> find the registration by id in a fresh read of the guild;
 * the order is database write, then cache invalidation, then disconnect of the pooled connection (which also
 * clears its quarantine). A failed write disconnects nothing. Enabling is lazy: it never connects.
 *
 * <p><b>{@code setToolSelection}</b> parses the typed lists and prefix first ({@code invalid_input} with the
 * rule broken, before any read), then finds the registration in a fresh read, writes, and invalidates the cache.
 * It keeps the pooled connection: the selection applies when the guild's tools are next built from the
 * registration, with no reconnect.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class McpConfigOperations {
  private static final Logger LOG = LoggerFactory.getLogger(McpConfigOperations.class);

  private final McpRegistrationStore store;
  private final NetworkGuard guard;
  private final McpSettings settings;
  private final ConfigHooks hooks;

  McpConfigOperations(McpRegistrationStore store, NetworkGuard guard, McpSettings settings, ConfigHooks hooks) {
    this.store = store;
    this.guard = guard;
    this.settings = settings;
    this.hooks = hooks;
  }

  /**
   * Registers a server after a test connection.
   *
   * @param guildId the guild
   * @param name the name as typed
   * @param url the endpoint as typed
   * @param token the bearer token as typed; null or blank for none
   * @param type the type as typed; null, blank, {@code none} and {@code general} mean general
   * @return the outcome; never null
   */
  public ConfigOutcome add(String guildId, String name, String url, String token, String type) {
    return add(guildId, name, url, token, type, ToolSelection.ALL);
  }

  /**
   * Registers a server with a tool selection after a test connection. The stored tool-name snapshot is what
   * the server offers, unfiltered; the message says how many of those the selection offers.
   *
   * @param guildId the guild
   * @param name the name as typed
   * @param url the endpoint as typed
   * @param token the bearer token as typed; null or blank for none
   * @param type the type as typed; null, blank, {@code none} and {@code general} mean general
   * @param selection which tools the model sees ({@link ToolSelection#parse} turns typed lists into one); null is
   *     {@code invalid_input}
   * @return the outcome; never null
   */
  public ConfigOutcome add(String guildId, String name, String url, String token, String type,
      ToolSelection selection) {
    if (selection == null) {
      return outcome(ConfigOutcome.INVALID_INPUT, "A tool selection is required (ToolSelection.ALL offers every tool).",
          null);
    }
    String normalisedName = RegistrationRules.normaliseName(name);
    String trimmedUrl = RegistrationRules.trimToNull(url);
    String trimmedToken = RegistrationRules.trimToNull(token);
    if (guildId == null || guildId.isBlank()) {
      return outcome(ConfigOutcome.INVALID_INPUT, "A guild id is required.", null);
    }
    if (!RegistrationRules.validName(normalisedName)) {
      return outcome(ConfigOutcome.INVALID_INPUT, "The name must be 1 to 32 letters, digits or '-', starting with a "
          + "letter or digit (spaces become '-').", null);
    }
    if (trimmedUrl == null || trimmedUrl.length() > RegistrationRules.MAX_URL_CHARS) {
      return outcome(ConfigOutcome.INVALID_INPUT, "The URL is required and must be at most "
          + RegistrationRules.MAX_URL_CHARS + " characters.", null);
    }
    if (trimmedToken != null && trimmedToken.length() > RegistrationRules.MAX_TOKEN_CHARS) {
      return outcome(ConfigOutcome.INVALID_INPUT, "The auth token must be at most "
          + RegistrationRules.MAX_TOKEN_CHARS + " characters.", null);
    }
    Optional<ServerType> serverType = ServerType.parse(type);
    if (serverType.isEmpty()) {
      return outcome(ConfigOutcome.INVALID_TYPE, "The type must be general, web_search or url_fetcher.", null);
    }
    Optional<List<McpRegistration>> current = freshRead(guildId);
    if (current.isEmpty()) {
      return outcome(ConfigOutcome.UNAVAILABLE, "The current MCP registrations could not be read; nothing was changed.", null);
    }
    if (current.get().size() >= settings.maxServersPerGuild()) {
      return outcome(ConfigOutcome.LIMIT_REACHED, "This server already has the maximum of "
          + settings.maxServersPerGuild() + " MCP servers.", null);
    }
    Optional<Refusal> urlProblem = checkUrl(trimmedUrl);
    if (urlProblem.isPresent()) {
      return outcome(urlProblem.get().code(), urlProblem.get().message(), null);
    }
    ConfigHooks.TestResult test = hooks.testConnection(trimmedUrl, trimmedToken);
    if (!test.success()) {
      Refusal r = failedTest(test, trimmedUrl, trimmedToken);
      return outcome(r.code(), r.message(), null);
    }
    List<String> snapshot = ToolNameSnapshot.normalise(test.toolNames(), settings.snapshotMaxNames(),
        settings.snapshotNameMaxCodePoints());
    McpRegistration draft = McpRegistration.draft(guildId, normalisedName, trimmedUrl, trimmedToken, serverType.get(),
        snapshot, selection);
    // The count above fails fast before any connection; this insert checks it again, atomically with the write,
    // because other adds (another admin, another process) may have won while the test connection ran.
    McpRegistrationStore.InsertOutcome inserted;
    try {
      inserted = store.insert(draft, settings.maxServersPerGuild());
    } catch (RuntimeException e) {
      LOG.warn("MCP registration insert failed for guild {} ({})", guildId, e.getClass().getSimpleName());
      inserted = null;
    }
    if (inserted instanceof McpRegistrationStore.InsertOutcome.LimitReached limit) {
      return outcome(ConfigOutcome.LIMIT_REACHED, "This server already has the maximum of " + limit.limit()
          + " MCP servers.", null);
    }
    if (!(inserted instanceof McpRegistrationStore.InsertOutcome.Stored stored)) {
      return outcome(ConfigOutcome.DUPLICATE_OR_WRITE_FAILED, "An MCP server named '" + normalisedName
          + "' already exists here, or it could not be saved.", null);
    }
    hooks.invalidate(guildId);
    return outcome(ConfigOutcome.ADDED, "Added '" + normalisedName + "' with " + snapshot.size() + " tool"
        + (snapshot.size() == 1 ? "" : "s") + offeredNote(selection, snapshot) + ".", stored.registration());
  }

  /**
   * Enables or disables a registration. Enabling does not connect; disabling closes its connection.
   *
   * @return {@code updated}, {@code unchanged}, {@code not_found}, {@code unavailable} or {@code write_failed}
   */
  public ConfigOutcome setEnabled(String guildId, long id, boolean enabled) {
    Found found = find(guildId, id, "changed");
    if (found.refusal() != null) {
      return found.refusal();
    }
    McpRegistration r = found.registration();
    if (r.enabled() == enabled) {
      return outcome(ConfigOutcome.UNCHANGED, "'" + r.name() + "' is already "
          + (enabled ? "enabled." : "disabled."), r);
    }
    Written w = write(() -> store.setEnabled(guildId, id, enabled));
    if (w != Written.DONE) {
      return w == Written.GONE ? removedMeanwhile(r, id)
          : outcome(ConfigOutcome.WRITE_FAILED, "'" + r.name() + "' could not be changed.", r);
    }
    hooks.invalidate(guildId);
    if (!enabled) {
      hooks.disconnect(guildId, id);
    }
    return outcome(ConfigOutcome.UPDATED, "'" + r.name() + "' is now " + (enabled ? "enabled." : "disabled."),
        r.withEnabled(enabled));
  }

  /**
   * Sets which tools of a registration the model sees, from what an administrator typed (see
   * {@link ToolSelection#parse}: patterns separated by commas or whitespace, blank for none). All three blank
   * offers every tool under its own name.
   *
   * @param guildId the guild
   * @param id the registration's id
   * @param allow the allowlist patterns as typed; null or blank for none
   * @param deny the denylist patterns as typed; null or blank for none
   * @param prefix the model-name prefix as typed; null or blank for none
   * @return {@code updated}, {@code unchanged}, {@code invalid_input} (the message names the list, the pattern and
   *     the rule), {@code not_found}, {@code unavailable} or {@code write_failed}
   */
  public ConfigOutcome setToolSelection(String guildId, long id, String allow, String deny, String prefix) {
    ToolSelection selection;
    try {
      selection = ToolSelection.parse(allow, deny, prefix);
    } catch (IllegalArgumentException e) {
      return outcome(ConfigOutcome.INVALID_INPUT, "The tool selection was not changed: " + e.getMessage() + ".", null);
    }
    return setToolSelection(guildId, id, selection);
  }

  /**
   * Sets which tools of a registration the model sees.
   *
   * @param selection the selection; null is {@code invalid_input}
   * @return as {@link #setToolSelection(String, long, String, String, String)}
   */
  public ConfigOutcome setToolSelection(String guildId, long id, ToolSelection selection) {
    if (guildId == null || guildId.isBlank()) {
      return outcome(ConfigOutcome.INVALID_INPUT, "A guild id is required.", null);
    }
    if (selection == null) {
      return outcome(ConfigOutcome.INVALID_INPUT, "A tool selection is required (ToolSelection.ALL offers every tool).",
          null);
    }
    Found found = find(guildId, id, "changed");
    if (found.refusal() != null) {
      return found.refusal();
    }
    McpRegistration r = found.registration();
    if (r.toolSelection().equals(selection)) {
      return outcome(ConfigOutcome.UNCHANGED, "'" + r.name() + "' already has that tool selection: "
          + selection.describe() + ".", r);
    }
    Written w = write(() -> store.updateToolSelection(guildId, id, selection));
    if (w != Written.DONE) {
      return w == Written.GONE ? removedMeanwhile(r, id)
          : outcome(ConfigOutcome.WRITE_FAILED, "The tool selection of '" + r.name() + "' could not be changed.", r);
    }
    hooks.invalidate(guildId);
    McpRegistration updated = r.withToolSelection(selection);
    return outcome(ConfigOutcome.UPDATED, "The tool selection of '" + r.name() + "' is now: " + selection.describe()
        + offeredNote(selection, r.toolNames().orElse(null)) + ".", updated);
  }

  /**
   * Removes a registration and closes its connection.
   *
   * @return {@code removed}, {@code not_found}, {@code unavailable} or {@code write_failed}
   */
  public ConfigOutcome remove(String guildId, long id) {
    Found found = find(guildId, id, "changed");
    if (found.refusal() != null) {
      return found.refusal();
    }
    McpRegistration r = found.registration();
    Written w = write(() -> store.remove(guildId, id));
    if (w != Written.DONE) {
      return w == Written.GONE ? removedMeanwhile(r, id)
          : outcome(ConfigOutcome.WRITE_FAILED, "'" + r.name() + "' could not be removed.", r);
    }
    hooks.invalidate(guildId);
    hooks.disconnect(guildId, id);
    return outcome(ConfigOutcome.REMOVED, "Removed '" + r.name() + "'.", r);
  }

  /**
   * Retries a quarantined (or disconnected) server now, as an operator's action: its quarantine and back-off are
   * forgotten and it connects at once. The outcome says whether it connected.
   *
   * @return {@code connected} (with the tools it offers now), {@code connection_failed} (it stays quarantined; the
   *     message says why), {@code not_found}, {@code unavailable}, or {@code invalid_input} for a disabled
   *     registration
   */
  public ConfigOutcome retryNow(String guildId, long id) {
    Found found = find(guildId, id, "retried");
    if (found.refusal() != null) {
      return found.refusal();
    }
    McpRegistration r = found.registration();
    if (!r.enabled()) {
      return outcome(ConfigOutcome.INVALID_INPUT, "'" + r.name() + "' is disabled; enable it instead.", r);
    }
    ConfigHooks.TestResult test = hooks.retryNow(r);
    if (!test.success()) {
      return outcome(ConfigOutcome.CONNECTION_FAILED, "'" + r.name() + "' still fails and stays quarantined: "
          + Redaction.sanitize(test.error(), r.url(), r.token().orElse(null)), r);
    }
    List<String> names = ToolNameSnapshot.normalise(test.toolNames(), settings.snapshotMaxNames(),
        settings.snapshotNameMaxCodePoints());
    return outcome(ConfigOutcome.CONNECTED, "'" + r.name() + "' is connected again over " + test.transport() + " with "
        + names.size() + " tool" + (names.size() == 1 ? "" : "s") + ".", r.withToolNames(names));
  }

  /**
   * The guarded test connection of {@link #add} (input limits, network guard, HTTPS rule, Streamable HTTP then
   * SSE, tool discovery) without reading or writing any registration.
   *
   * @param url the endpoint as typed
   * @param token the bearer token as typed; null or blank for none
   * @return what was found; never null
   */
  public ProbeResult probe(String url, String token) {
    String trimmedUrl = RegistrationRules.trimToNull(url);
    String trimmedToken = RegistrationRules.trimToNull(token);
    if (trimmedUrl == null || trimmedUrl.length() > RegistrationRules.MAX_URL_CHARS
        || (trimmedToken != null && trimmedToken.length() > RegistrationRules.MAX_TOKEN_CHARS)) {
      return new ProbeResult(ConfigOutcome.INVALID_INPUT, "The URL is required, and URL and token must be at most 500 "
          + "characters each.", null, List.of(), List.of());
    }
    Optional<Refusal> urlProblem = checkUrl(trimmedUrl);
    if (urlProblem.isPresent()) {
      return new ProbeResult(urlProblem.get().code(), urlProblem.get().message(), null, List.of(), List.of());
    }
    ConfigHooks.TestResult test = hooks.testConnection(trimmedUrl, trimmedToken);
    if (!test.success()) {
      Refusal r = failedTest(test, trimmedUrl, trimmedToken);
      return new ProbeResult(r.code(), r.message(), null, List.of(), List.of());
    }
    List<String> snapshot = ToolNameSnapshot.normalise(test.toolNames(), settings.snapshotMaxNames(),
        settings.snapshotNameMaxCodePoints());
    return new ProbeResult(ConfigOutcome.CONNECTED, "Connected to " + Redaction.origin(trimmedUrl) + " over " + test.transport()
        + "; " + test.toolNames().size() + " tools.", test.transport(), test.toolNames(), snapshot);
  }

  /** How many of the snapshot's tools a selection offers, when it is not {@link ToolSelection#ALL}. */
  private static String offeredNote(ToolSelection selection, List<String> snapshot) {
    if (snapshot == null || selection.equals(ToolSelection.ALL)) {
      return "";
    }
    long offered = snapshot.stream().filter(n -> selection.decide(n).offered()).count();
    return " (the selection offers " + offered + " of the " + snapshot.size() + " known tool"
        + (snapshot.size() == 1 ? "" : "s") + ")";
  }

  /** Why {@code add} or {@code probe} refuses: a code of {@link ConfigOutcome} and a sentence for the administrator. */
  record Refusal(String code, String message) {}

  /**
   * The guard's verdict and the HTTPS rule. The administrator's sentence names no operator setting (a guild
   * admin cannot change one); what the operator could change goes to the log.
   */
  Optional<Refusal> checkUrl(String url) {
    UrlVerdict verdict = guard.check(url);
    if (!verdict.allowed()) {
      switch (verdict.code()) {
        case UrlVerdict.PRIVATE_NETWORK:
        case UrlVerdict.METADATA_ENDPOINT:
        case UrlVerdict.RESERVED_ADDRESS:
          LOG.info("MCP URL refused by the network guard ({}): {}", verdict.code(),
              Redaction.sanitize(verdict.reason(), url, null));
          return Optional.of(new Refusal(ConfigOutcome.BLOCKED_ADDRESS, "The URL points at a private, internal or "
              + "reserved address, which MCP servers may not use here."));
        case UrlVerdict.UNRESOLVABLE_HOST:
          return Optional.of(new Refusal(ConfigOutcome.UNREACHABLE, "The host name of the URL could not be resolved."));
        default:
          return Optional.of(new Refusal(ConfigOutcome.INVALID_URL, Redaction.sanitize(verdict.reason(), url, null)));
      }
    }
    if (settings.requireHttps() && !url.toLowerCase(Locale.ROOT).startsWith("https://")) {
      return Optional.of(new Refusal(ConfigOutcome.HTTPS_REQUIRED, "MCP servers must be reached over https here."));
    }
    return Optional.empty();
  }

  /** What a failed test connection means for the administrator, by the failure's code. */
  static Refusal failedTest(ConfigHooks.TestResult test, String url, String token) {
    String reason = Redaction.sanitize(test.error(), url, token);
    String code = test.code() == null ? "" : test.code();
    switch (code) {
      case McpFailureCodes.BLOCKED:
        return new Refusal(ConfigOutcome.BLOCKED_ADDRESS, "The server's address is not allowed here: " + reason);
      case McpFailureCodes.UNREACHABLE:
      case McpFailureCodes.TIMEOUT:
      case McpFailureCodes.CONNECTION_LOST:
        return new Refusal(ConfigOutcome.UNREACHABLE, "The server could not be reached: " + reason);
      case McpFailureCodes.UNAUTHORIZED:
        return new Refusal(ConfigOutcome.UNAUTHORIZED, "The server refused the token: " + reason);
      case McpFailureCodes.PROTOCOL_ERROR:
      case McpFailureCodes.HTTP_ERROR:
      case McpFailureCodes.REDIRECTED:
      case McpFailureCodes.SESSION_LOST:
        return new Refusal(ConfigOutcome.NOT_AN_MCP_SERVER, "Something answered, but not as an MCP server: " + reason);
      default:
        return new Refusal(ConfigOutcome.CONNECTION_FAILED, "The test connection failed: " + reason);
    }
  }

  private Optional<List<McpRegistration>> freshRead(String guildId) {
    try {
      return Optional.of(store.list(guildId));
    } catch (RuntimeException e) {
      LOG.warn("MCP registrations of guild {} could not be read ({})", guildId, e.getClass().getSimpleName());
      return Optional.empty();
    }
  }

  /** A registration found by id in a fresh read, or the outcome that says why there is none. */
  private record Found(McpRegistration registration, ConfigOutcome refusal) {}

  private Found find(String guildId, long id, String nothingDone) {
    Optional<List<McpRegistration>> current = guildId == null ? Optional.empty() : freshRead(guildId);
    if (current.isEmpty()) {
      return new Found(null, outcome(ConfigOutcome.UNAVAILABLE, "The current MCP registrations could not be read; "
          + "nothing was " + nothingDone + ".", null));
    }
    Optional<McpRegistration> found = current.get().stream().filter(r -> r.id() == id).findFirst();
    return found.isPresent() ? new Found(found.get(), null)
        : new Found(null, outcome(ConfigOutcome.NOT_FOUND, "No MCP server with id " + id + " here.", null));
  }

  private interface Write {
    boolean run();
  }

  /** What a write by id did: it wrote, found no row (removed since the read), or failed. */
  private enum Written { DONE, GONE, FAILED }

  private static Written write(Write w) {
    try {
      return w.run() ? Written.DONE : Written.GONE;
    } catch (RuntimeException e) {
      LOG.warn("MCP registration write failed ({})", e.getClass().getSimpleName());
      return Written.FAILED;
    }
  }

  /**
   * The registration was read, then removed by someone else (another admin, another process) before this write,
   * which found no row and changed nothing: that is not a failure to retry. The remover's change announcement
   * has already dropped it from every process's cache and closed its connections.
   */
  private static ConfigOutcome removedMeanwhile(McpRegistration r, long id) {
    return outcome(ConfigOutcome.NOT_FOUND, "'" + r.name() + "' (id " + id + ") was removed meanwhile; nothing was "
        + "changed.", null);
  }

  private static ConfigOutcome outcome(String code, String message, McpRegistration registration) {
    return new ConfigOutcome(code, message, registration);
  }
}
